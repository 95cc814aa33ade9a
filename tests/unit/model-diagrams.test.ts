/**
 * The model diagrams past the size guard (split into clusters), and hostile type names in DOT, Mermaid and SVG.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ContentTypeRecord } from '../../scripts/core/snapshot-format.ts';
import { createTypeIndex } from '../../src/lib/content-types/type-index.ts';
import { MODEL_GUARD } from '../../src/lib/model/model-split.ts';
import { toDot, toMermaid } from '../../src/lib/model/model-text.ts';
import { createSvgRenderer } from '../../src/lib/model/svg-render.ts';
import { writeModelDiagrams } from '../../src/lib/site-data/derive/model-diagrams.ts';
import type { ModelDiagrams } from '../../src/lib/site-data/site-data-format.ts';
import { listSvgEdges } from '../support/model-oracle.ts';

const key = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const type = (n: number, name: string, compositions: number[] = []): ContentTypeRecord =>
  ({
    id: 1000 + n,
    key: key(n),
    alias: `type${n}`,
    name,
    path: `-1,${1000 + n}`,
    propertyGroups: [],
    compositions: compositions.map((c) => ({ key: key(c) })),
    allowedContentTypes: [],
    allowedTemplates: [],
  }) as unknown as ContentTypeRecord;

describe('the whole-model diagram past the size guard', () => {
  let dir: string;
  let diagrams: ModelDiagrams;
  // 150 clusters of three (two types composed of a third) and 60 lone types: 510 types, past the guard.
  const types: ContentTypeRecord[] = [];
  for (let c = 0; c < 150; c++)
    types.push(type(c * 3, `Base ${c}`), ...[1, 2].map((i) => type(c * 3 + i, `Page ${c}.${i}`, [c * 3])));
  for (let n = 450; n < 510; n++) types.push(type(n, `Lone ${n}`));

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'model-split-'));
    await mkdir(path.join(dir, 'downloads'));
    diagrams = await writeModelDiagrams(dir, {
      types: createTypeIndex(types),
      usage: [],
      observed: { counts: new Map(), mediaTypes: new Map() },
    });
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('draws one diagram per cluster of connected types and one for the lone types', async () => {
    assert.ok(types.length > MODEL_GUARD.nodes);
    assert.equal(diagrams.whole, false);
    assert.equal(diagrams.clusters.length, 151);
    assert.deepEqual(
      diagrams.clusters.slice(0, 150).map((c) => [c.types, c.edges, c.drawn]),
      Array.from({ length: 150 }, () => [3, 2, true]),
    );
    assert.deepEqual(diagrams.clusters[150], {
      title: 'Types with no relation (60)',
      types: 60,
      edges: 0,
      drawn: true,
    });
    const files = (await readdir(path.join(dir, 'diagrams'))).filter((f) => /^model-\d+\.svg$/.test(f));
    assert.equal(files.length, 151);
    const first = await readFile(path.join(dir, 'diagrams', 'model-0.svg'), 'utf8');
    assert.equal(listSvgEdges(first).length, 2);
    assert.match(first, /xlink:href="\.\.\/\.\.\/types\//, 'a cluster page sits one level below model/');
  });

  it('still draws a neighbourhood per type', async () => {
    assert.equal((await readdir(path.join(dir, 'diagrams', 'types'))).length, types.length);
  });
});

describe('hostile type names', () => {
  const names = [
    'Quote " and \\ backslash \\n',
    'Line\nbreak\u2028sep\u202Ebidi\u0000nul',
    'Lone \uD800 surrogate',
    '<script>alert(1)</script> & &lt;b&gt;',
    '__proto__',
  ];
  const hostile = names.map((name, i) => type(i, name, i > 0 ? [0] : []));
  const graph = {
    nodes: hostile.map((t) => ({ id: t.key, name: t.name, alias: t.alias, kind: 'document' as const })),
    edges: hostile.slice(1).map((t) => ({ from: t.key, to: key(0), kind: 'composition' as const })),
  };

  it('writes DOT that Graphviz parses with every node and edge', () => {
    const svg = execFileSync('dot', ['-Tsvg'], { input: toDot(graph), encoding: 'utf8' });
    assert.equal([...svg.matchAll(/class="node"/g)].length, names.length);
    assert.equal([...svg.matchAll(/class="edge"/g)].length, names.length - 1);
  });

  it('renders SVG with the names as text only', async () => {
    const render = await createSvgRenderer();
    const svg = render(toDot(graph, { forSvg: true, hrefOf: (n) => `../../types/${n.id}/` }));
    assert.doesNotMatch(svg, /<script|<!--|<\?xml| id=/);
    assert.match(svg, /&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; &amp;lt;b&amp;gt;/);
    assert.match(svg, />Quote &quot; and \\ backslash \\n</);
    assert.doesNotMatch(svg, /[\u0000\u2028\u202E]/);
    assert.equal(listSvgEdges(svg).length, names.length - 1);
  });

  it('writes Mermaid with quotes and markup escaped', () => {
    const mmd = toMermaid(graph);
    assert.equal(mmd.split('\n').filter(Boolean).length, 1 + names.length + names.length - 1);
    assert.doesNotMatch(mmd, /<script|[\u0000\u2028\u202E\uD800]/);
    assert.match(mmd, /Quote #34; and/);
  });
});
