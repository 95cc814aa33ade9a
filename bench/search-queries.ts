/** The bench's search queries, picked from the site data so they mean the same at every size. */
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';

export interface QuerySpec {
  label: string;
  text: string;
  /** A filter value checked before the query is typed. */
  filter?: { key: 'type' | 'language'; value: string };
}

interface Sampled {
  content?: string;
  title?: string;
  type?: string;
  languages?: string[];
}

const SAMPLE = 2000;

/** The first `limit` non-empty lines, read a megabyte at a time: at 1M items the files pass V8's string limit. */
function readLines(file: string, limit = Infinity): string[] {
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(1 << 20);
  const decoder = new StringDecoder('utf8');
  const lines: string[] = [];
  let rest = '';
  try {
    for (let n = readSync(fd, buffer); n > 0 && lines.length < limit; n = readSync(fd, buffer)) {
      const parts = (rest + decoder.write(buffer.subarray(0, n))).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) if (line !== '' && lines.length < limit) lines.push(line);
    }
    if (rest !== '' && lines.length < limit) lines.push(rest);
    return lines;
  } finally {
    closeSync(fd);
  }
}

interface NodeLine {
  key: string;
  id: number;
  name: string;
  kind: string;
  url?: string | null;
}

/** The first node from `from` on that `test` accepts, parsing only the lines it looks at. */
function findNode(lines: readonly string[], from: number, test: (node: NodeLine) => boolean): NodeLine | undefined {
  for (let i = from; i < lines.length; i++) {
    const node = JSON.parse(lines[i] as string) as NodeLine;
    if (test(node)) return node;
  }
  return undefined;
}

function mostCommon(values: Iterable<string>): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * The cold-page query (the second most common word), another name to type key by key, and ten kinds: a rare word, a
 * very common word, a two-word phrase, a name, a GUID, an int id, a URL path, a word with a type filter, a word with a
 * language filter, and a word that matches nothing.
 */
export function pickQueries(siteDataDir: string): { cold: QuerySpec; queries: QuerySpec[]; typed?: QuerySpec } {
  const records = readLines(join(siteDataDir, 'search-records.ndjson'), SAMPLE).map((l) => JSON.parse(l) as Sampled);
  const words = new Map<string, number>();
  const phrases = new Map<string, number>();
  for (const r of records) {
    const text = (r.content ?? '').toLowerCase();
    for (const w of new Set(text.match(/[a-z]{5,}/g) ?? [])) words.set(w, (words.get(w) ?? 0) + 1);
    for (const m of text.matchAll(/\b([a-z]{4,}) ([a-z]{4,})\b/g)) phrases.set(m[0], (phrases.get(m[0]) ?? 0) + 1);
  }
  const byCount = [...words].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([w]) => w);
  const common = byCount[0] ?? 'content';
  const rare = byCount.at(-1) ?? 'media';
  const phrase = [...phrases].sort((a, b) => b[1] - a[1])[Math.floor(phrases.size / 2)]?.[0] ?? `${common} ${rare}`;
  const nodes = readLines(join(siteDataDir, 'nodes.ndjson'));
  const middle = findNode(nodes, Math.floor(nodes.length / 2), () => true) ?? findNode(nodes, 0, () => true);
  const isNamed = (n: NodeLine) => n.kind === 'content' && /\s/.test(n.name);
  const named = findNode(nodes, Math.floor(nodes.length / 3), isNamed);
  // Another name, typed key by key: one the ten queries do not search, so no hits are in hand for it.
  const typed = findNode(nodes, Math.floor((nodes.length * 2) / 3), (n) => isNamed(n) && n.name !== named?.name);
  const withUrl = findNode(nodes, Math.floor(nodes.length / 4), (n) => !!n.url && n.url.length > 1);
  const type = mostCommon(records.flatMap((r) => (r.type ? [r.type] : [])));
  const language = mostCommon(records.flatMap((r) => (r.languages ?? []).filter((l) => l !== 'invariant')));
  return {
    cold: { label: 'cold page, common word', text: byCount[1] ?? common },
    ...(typed ? { typed: { label: 'name typed key by key', text: typed.name } } : {}),
    queries: [
      { label: 'rare word', text: rare },
      { label: 'very common word', text: common },
      { label: 'two-word phrase', text: phrase },
      ...(named ? [{ label: 'name', text: named.name }] : []),
      ...(middle ? [{ label: 'GUID', text: middle.key.toUpperCase() }] : []),
      ...(middle ? [{ label: 'int id', text: String(middle.id) }] : []),
      ...(withUrl?.url ? [{ label: 'URL path', text: withUrl.url }] : []),
      ...(type ? [{ label: 'word + type filter', text: common, filter: { key: 'type' as const, value: type } }] : []),
      ...(language
        ? [{ label: 'word + language filter', text: common, filter: { key: 'language' as const, value: language } }]
        : []),
      // Pagefind falls back to loose prefix matches; no demo word starts with these letters.
      { label: 'no match', text: 'ъжъжъж' },
    ],
  };
}
