/**
 * Test-side reading of the model diagrams and of what they must show, independent of the code that draws them: the
 * relations from content-types.json by the documented rules, and the observed edges from the items' raw JSON (UDIs of
 * documents and media, and the `contentTypeKey` of block elements).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SvgEdge {
  from: string;
  to: string;
  label: string;
}

const decode = (text: string): string =>
  text
    .replace(/&#45;/g, '-')
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');

/** The edges of a Graphviz SVG: `<g class="edge"><title>tail->head</title> … <text>label</text>`. */
export function listSvgEdges(svg: string): SvgEdge[] {
  const edges: SvgEdge[] = [];
  for (const m of svg.matchAll(/<g class="edge">\s*<title>([^<]*)<\/title>([\s\S]*?)<\/g>/g)) {
    const [from = '', to = ''] = decode(m[1] as string).split('->');
    const label = [...(m[2] as string).matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((t) => decode(t[1] as string));
    edges.push({ from, to, label: label.join(' ') });
  }
  return edges;
}

/** The links of the SVG's nodes (`<a xlink:href>`). */
export const listSvgLinks = (svg: string): string[] =>
  [...svg.matchAll(/<a xlink:href="([^"]*)"/g)].map((m) => decode(m[1] as string));

interface TypeRef {
  key: string;
}
export interface OracleType {
  id: number;
  key: string;
  alias: string;
  path?: string;
  compositions: TypeRef[];
  allowedContentTypes: TypeRef[];
}

/** Declared relations [from, to, label]: compositions, ancestors in `path` that are types, allowed children. */
export function declaredEdges(types: OracleType[]): Array<[string, string, string]> {
  const byKey = new Map(types.map((t) => [t.key.toLowerCase(), t]));
  const byId = new Map(types.map((t) => [t.id, t]));
  const out: Array<[string, string, string]> = [];
  for (const t of types) {
    for (const c of t.compositions)
      if (byKey.has(c.key.toLowerCase())) out.push([t.key, c.key.toLowerCase(), 'composes']);
    for (const c of t.allowedContentTypes)
      if (byKey.has(c.key.toLowerCase())) out.push([t.key, c.key.toLowerCase(), 'allows child']);
    for (const id of (t.path ?? '').split(',').slice(0, -1).map(Number)) {
      const parent = byId.get(id);
      if (parent && parent.key !== t.key) out.push([t.key, parent.key, 'inherits from']);
    }
  }
  return out;
}

interface RawItem {
  key: string;
  kind: 'content' | 'media';
  type: string;
  line: string;
}

function readItems(snapshot: string): RawItem[] {
  const items: RawItem[] = [];
  for (const kind of ['content', 'media'] as const) {
    const dir = path.join(snapshot, kind);
    for (const file of readdirSync(dir).filter((f) => f.startsWith('items-'))) {
      for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean)) {
        const item = JSON.parse(line) as RawItem;
        items.push({ key: item.key, kind, type: item.type, line });
      }
    }
  }
  return items;
}

const guidOf = (hex: string): string =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`.toLowerCase();

/**
 * Observed edges found in the items' raw JSON: [from node, to node, label prefix]. A content type node is its key,
 * a media type `media:<alias in lower case>`.
 */
export function observedEdges(snapshot: string, types: OracleType[]): Array<[string, string, string]> {
  const items = readItems(snapshot);
  const byKey = new Map(items.map((i) => [i.key, i]));
  const typeKey = new Map(types.map((t) => [t.alias.toLowerCase(), t.key]));
  const nodeOf = (item: RawItem) =>
    item.kind === 'media' ? `media:${item.type.toLowerCase()}` : typeKey.get(item.type.toLowerCase());
  const out = new Map<string, [string, string, string]>();
  for (const item of items) {
    const from = nodeOf(item);
    if (from === undefined) continue;
    const properties =
      JSON.stringify(JSON.parse(item.line).properties ?? {}) + JSON.stringify(JSON.parse(item.line).cultures ?? {});
    for (const m of properties.matchAll(/umb:\/\/(?:document|media)\/([0-9a-f]{32})/gi)) {
      const target = byKey.get(guidOf(m[1] as string));
      const to = target && target.key !== item.key ? nodeOf(target) : undefined;
      if (to !== undefined) out.set(`${from} ${to} r`, [from, to, 'refers to']);
    }
    for (const m of properties.matchAll(/contentTypeKey\\*"\s*:\s*\\*"([0-9a-f-]{36})/gi)) {
      const to = (m[1] as string).toLowerCase();
      if (types.some((t) => t.key === to)) out.set(`${from} ${to} b`, [from, to, 'holds blocks']);
    }
  }
  return [...out.values()];
}
