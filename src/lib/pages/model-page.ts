/**
 * The model diagrams drawn by the site-data step (site-data/derive/model-diagrams.ts), read for the type pages and the
 * model pages: each page reads only its own SVG; the graph and the index are read once per build.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ModelEdge, ModelGraph } from '../model/model-graph.ts';
import { edgeLabel } from '../model/model-text.ts';
import { getSiteEnv } from '../site-env.ts';
import { modelDiagramsSchema, SITE_DATA_FILES, type ModelDiagrams } from '../site-data/site-data-format.ts';
import { readSiteJson } from '../site-data/site-data-read.ts';
import { href, typeHref } from '../site-paths.ts';
import type { LinkItem } from './page-context.ts';

interface Model {
  diagrams: ModelDiagrams;
  graph: ModelGraph;
  names: Map<string, ModelGraph['nodes'][number]>;
}

let cached: Promise<Model> | undefined;
const diagramsDir = () => path.join(getSiteEnv().siteDataDir, SITE_DATA_FILES.diagrams);
const readJson = async <T>(name: string): Promise<T> =>
  JSON.parse(await readFile(path.join(getSiteEnv().siteDataDir, name), 'utf8')) as T;

export function loadModel(): Promise<Model> {
  cached ??= (async () => {
    const graph = await readJson<ModelGraph>(SITE_DATA_FILES.modelGraph);
    return {
      diagrams: await readSiteJson(
        path.join(getSiteEnv().siteDataDir, SITE_DATA_FILES.modelDiagrams),
        modelDiagramsSchema,
      ),
      graph,
      names: new Map(graph.nodes.map((n) => [n.id, n])),
    };
  })();
  return cached;
}

export const readTypeDiagram = (key: string): Promise<string> =>
  readFile(path.join(diagramsDir(), 'types', `${key}.svg`), 'utf8');

export const readClusterDiagram = (index: number): Promise<string> =>
  readFile(path.join(diagramsDir(), `model-${index}.svg`), 'utf8');

/** The edges the items show from and to a type, as links to the type at the other end. */
export async function listObservedEdges(key: string): Promise<LinkItem[]> {
  const model = await loadModel();
  const linkOf = (e: ModelEdge, other: string, outgoing: boolean): LinkItem => {
    const node = model.names.get(other);
    const name = node?.name ?? other;
    const target =
      node?.kind === 'media'
        ? href(`inventories/items/?${new URLSearchParams({ type: node.alias })}`)
        : typeHref(other);
    return { name, href: target, note: outgoing ? edgeLabel(e) : `${edgeLabel(e)} this type` };
  };
  // What this type's items hold and point at first, then what points at it; the larger counts first in each.
  const rank = (e: ModelEdge): number => (e.from === key ? 0 : 1);
  return model.graph.edges
    .filter((e) => (e.kind === 'block' || e.kind === 'reference') && (e.from === key || e.to === key))
    .sort((a, b) => rank(a) - rank(b) || (b.count ?? 0) - (a.count ?? 0))
    .map((e) => (e.from === key ? linkOf(e, e.to, true) : linkOf(e, e.from, false)));
}
