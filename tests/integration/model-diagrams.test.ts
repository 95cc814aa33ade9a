/**
 * The model diagrams on every shared database: each type's neighbourhood SVG holds, as edges, every relation the
 * type definitions declare and every block element and reference its items show (found in the raw JSON by the test
 * itself); each node links to its type; model.dot parses with Debian's Graphviz.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { crawl } from '../support/site-e2e.ts';
import { listSharedDatabases } from '../support/shared-databases.ts';
import { declaredEdges, listSvgEdges, listSvgLinks, observedEdges, type OracleType } from '../support/model-oracle.ts';

interface Site {
  name: string;
  snapshot: string;
  data: string;
  types: OracleType[];
}

describe('model diagrams on the shared databases', () => {
  let work: string;
  const sites: Site[] = [];

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'model-diagrams-'));
    for (const db of listSharedDatabases()) {
      const name = path.basename(db, '.db');
      const snapshot = path.join(work, name, 'snapshot');
      const data = path.join(work, name, 'data');
      await crawl(['--db', db, '--out', snapshot], { SNAPSHOT_CACHE_DIR: path.join(work, name, 'cache') });
      await prepareSiteData(snapshot, data);
      const file = JSON.parse(await readFile(path.join(snapshot, 'content-types.json'), 'utf8')) as {
        contentTypes: OracleType[];
      };
      sites.push({ name, snapshot, data, types: file.contentTypes });
    }
  });
  after(() => rm(work, { recursive: true, force: true }));

  const svgOf = (site: Site, key: string) => readFile(path.join(site.data, 'diagrams', 'types', `${key}.svg`), 'utf8');
  const has = (edges: ReturnType<typeof listSvgEdges>, [from, to, label]: [string, string, string]) =>
    edges.some((e) => e.from === from && e.to === to && e.label.startsWith(label));

  it('draws every declared relation on the diagrams of both types it joins', async () => {
    let checked = 0;
    for (const site of sites) {
      for (const edge of declaredEdges(site.types)) {
        for (const end of [edge[0], edge[1]]) {
          const edges = listSvgEdges(await svgOf(site, end));
          assert.ok(has(edges, edge), `${site.name}: ${edge.join(' ')} on the diagram of ${end}`);
          checked += 1;
        }
      }
    }
    assert.ok(checked > 100, `${checked} relations checked`);
  });

  it('draws every block element and reference the items show, with a count', async () => {
    let checked = 0;
    for (const site of sites) {
      for (const edge of observedEdges(site.snapshot, site.types)) {
        const edges = listSvgEdges(await svgOf(site, edge[0]));
        assert.ok(has(edges, edge), `${site.name}: ${edge.join(' ')}`);
        const drawn = edges.find((e) => e.from === edge[0] && e.to === edge[1] && e.label.startsWith(edge[2]));
        assert.match(drawn?.label ?? '', /×\d+$/);
        checked += 1;
      }
    }
    assert.ok(checked > 20, `${checked} observed edges checked`);
  });

  it('links every type node to its type page, and draws each type highlighted among its neighbours', async () => {
    for (const site of sites) {
      const keys = new Set(site.types.map((t) => t.key));
      for (const type of site.types) {
        const svg = await svgOf(site, type.key);
        const links = listSvgLinks(svg).filter((l) => l.startsWith('../../types/'));
        assert.ok(links.includes(`../../types/${type.key}/`), `${site.name}: ${type.alias} links to itself`);
        for (const link of links) assert.ok(keys.has(link.slice('../../types/'.length, -1)), link);
        const nodes = [...svg.matchAll(/<g class="node">/g)].length;
        assert.equal(nodes, new Set([type.key, ...listSvgEdges(svg).flatMap((e) => [e.from, e.to])]).size);
      }
    }
  });

  it('writes model.dot that Graphviz parses, with every type, and a Mermaid flowchart', async () => {
    for (const site of sites) {
      const dot = path.join(site.data, 'downloads', 'model.dot');
      const svg = execFileSync('dot', ['-Tsvg', dot], { encoding: 'utf8' });
      const nodes = [...svg.matchAll(/<g id="node\d+" class="node">/g)].length;
      assert.ok(nodes >= site.types.length, `${site.name}: ${nodes} nodes for ${site.types.length} types`);
      const mmd = await readFile(path.join(site.data, 'downloads', 'model.mmd'), 'utf8');
      assert.match(mmd, /^flowchart LR\n/);
      assert.equal([...mmd.matchAll(/^ {2}t\d+\["/gm)].length, nodes);
    }
  });
});
