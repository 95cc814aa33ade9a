/**
 * Draws the content model once per build, in the site-data step: a neighbourhood SVG per type, the whole-model SVG
 * (or one per cluster past the guard), and the DOT and Mermaid downloads. Links in the SVGs are relative to the page
 * that holds them (a type page is `types/<key>/`, a model page `model/` or `model/<n>/`), so no base is needed here.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TypeIndex } from '../../content-types/type-index.ts';
import { listModelGraph, neighbourhoodOf, type ModelNode, type ObservedCounts } from '../../model/model-graph.ts';
import { splitModel } from '../../model/model-split.ts';
import { toDot, toMermaid } from '../../model/model-text.ts';
import { createSvgRenderer, type SvgRenderer } from '../../model/svg-render.ts';
import { SITE_DATA_FILES, type ModelDiagrams, type TypeUsage } from '../site-data-format.ts';

const hrefFrom =
  (up: string) =>
  (node: ModelNode): string =>
    node.kind === 'media'
      ? `${up}inventories/items/?${new URLSearchParams({ type: node.alias })}`
      : `${up}types/${encodeURIComponent(node.id)}/`;

export interface ModelInput {
  types: TypeIndex;
  usage: readonly TypeUsage[];
  observed: ObservedCounts;
  /** Started before the item pass: the WebAssembly compiles on V8's background threads meanwhile. */
  renderer?: Promise<SvgRenderer>;
}

export async function writeModelDiagrams(siteDataDir: string, input: ModelInput): Promise<ModelDiagrams> {
  const started = Date.now();
  const dir = path.join(siteDataDir, SITE_DATA_FILES.diagrams);
  await mkdir(path.join(dir, 'types'), { recursive: true });
  const graph = listModelGraph(input.types, input.usage, input.observed);
  const downloads = path.join(siteDataDir, SITE_DATA_FILES.downloads);
  await writeFile(path.join(downloads, 'model.dot'), toDot(graph, { hrefOf: hrefFrom('../') }));
  await writeFile(path.join(downloads, 'model.mmd'), toMermaid(graph));
  await writeFile(path.join(siteDataDir, SITE_DATA_FILES.modelGraph), JSON.stringify(graph));
  const render = await (input.renderer ?? createSvgRenderer());
  for (const type of input.types.list) {
    const near = neighbourhoodOf(graph, type.key);
    const dot = toDot(near, { hrefOf: hrefFrom('../../'), forSvg: true, highlight: type.key });
    await writeFile(path.join(dir, 'types', `${type.key}.svg`), render(dot));
  }
  const split = splitModel(graph);
  const clusters: ModelDiagrams['clusters'] = [];
  for (const [i, c] of split.clusters.entries()) {
    const up = split.whole ? '../' : '../../';
    if (c.drawn)
      await writeFile(path.join(dir, `model-${i}.svg`), render(toDot(c.graph, { hrefOf: hrefFrom(up), forSvg: true })));
    clusters.push({
      title: c.title,
      types: c.graph.nodes.length,
      edges: c.graph.edges.length,
      drawn: c.drawn,
      ...(c.note ? { note: c.note } : {}),
    });
  }
  return {
    whole: split.whole,
    types: graph.nodes.length,
    edges: graph.edges.length,
    clusters,
    millis: Date.now() - started,
  };
}
