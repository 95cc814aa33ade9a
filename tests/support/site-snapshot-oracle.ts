/**
 * Counts computed straight from a snapshot's files, without the site's code, to check the inventory pages and
 * downloads against: items per kind and type, languages per content item, orphan media.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

type Json = Record<string, unknown>;
const readLines = async (file: string): Promise<Json[]> =>
  (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Json);

export interface SnapshotOracle {
  index: Record<'content' | 'media', Json[]>;
  records: Record<'content' | 'media', Json[]>;
  contentTypes: Json[];
  cultureCounts: Record<string, number>;
  variantItems: number;
  orphanMediaKeys: string[];
  typeNameOf(alias: string): string;
  /** The search facet's label of a type: "Name (alias)", or the alias alone when the snapshot has no name for it. */
  typeLabelOf(alias: string): string;
}

async function readRecords(dir: string, kind: string): Promise<Json[]> {
  const files = (await readdir(path.join(dir, kind))).filter((f) => f.startsWith('items-')).sort();
  return (await Promise.all(files.map((f) => readLines(path.join(dir, kind, f))))).flat();
}

const hasFile = (record: Json): boolean => {
  const file = ((record.properties as Json | undefined)?.umbracoFile as Json | undefined)?.value;
  return (
    (typeof file === 'string' && file.trim() !== '') ||
    (typeof file === 'object' && file !== null && typeof (file as Json).src === 'string')
  );
};

export async function readSnapshotOracle(dir: string): Promise<SnapshotOracle> {
  const index = {
    content: await readLines(path.join(dir, 'content/index.ndjson')),
    media: await readLines(path.join(dir, 'media/index.ndjson')),
  };
  const records = { content: await readRecords(dir, 'content'), media: await readRecords(dir, 'media') };
  const contentTypes = (
    JSON.parse(await readFile(path.join(dir, 'content-types.json'), 'utf8')) as { contentTypes: Json[] }
  ).contentTypes;
  const cultureCounts: Record<string, number> = {};
  let variantItems = 0;
  for (const record of records.content) {
    const cultures = Object.keys((record.cultures as Json | undefined) ?? {});
    if (cultures.length > 0) variantItems += 1;
    for (const iso of cultures) cultureCounts[iso] = (cultureCounts[iso] ?? 0) + 1;
  }
  // A media item is referenced when its key (dashed, or 32 hex as in UDIs) appears in any other record.
  const texts = [...records.content, ...records.media].map((r) => ({
    key: r.key as string,
    text: JSON.stringify(r).toLowerCase(),
  }));
  const orphanMediaKeys = records.media
    .filter(hasFile)
    .map((r) => r.key as string)
    .filter((key) => {
      const plain = key.replace(/-/g, '');
      return !texts.some((t) => t.key !== key && (t.text.includes(key) || t.text.includes(plain)));
    });
  const names = new Map(contentTypes.map((t) => [String(t.alias).toLowerCase(), String(t.name)]));
  return {
    index,
    records,
    contentTypes,
    cultureCounts,
    variantItems,
    orphanMediaKeys,
    typeNameOf: (alias) => names.get(alias.toLowerCase()) ?? alias,
    typeLabelOf: (alias) => {
      const name = names.get(alias.toLowerCase());
      return name === undefined || name === alias ? alias : `${name} (${alias})`;
    },
  };
}

/** A word of at least `minLength` letters that occurs in the property values of exactly one item and in no name. */
export function findValueOnlyWord(oracle: SnapshotOracle, minLength = 9): { word: string; key: string } | undefined {
  const owners = new Map<string, Set<string>>();
  const names = [...oracle.index.content, ...oracle.index.media].map((e) => String(e.name).toLowerCase()).join(' ');
  for (const record of [...oracle.records.content, ...oracle.records.media]) {
    const words: string[] = [];
    collectWords(record.properties, words);
    collectWords(record.cultures, words);
    for (const word of words) {
      if (word.length < minLength) continue;
      const set = owners.get(word) ?? new Set<string>();
      set.add(record.key as string);
      owners.set(word, set);
    }
  }
  for (const [word, keys] of [...owners].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (keys.size === 1 && !names.includes(word) && /^[a-z]+$/.test(word)) return { word, key: [...keys][0] as string };
  }
  return undefined;
}

/** Words of the text leaves of a value: JSON held in strings is opened, markup dropped, object keys never count. */
function collectWords(value: unknown, out: string[]): void {
  if (typeof value === 'string') {
    const t = value.trim();
    if (/^[[{]/.test(t)) {
      try {
        return collectWords(JSON.parse(t), out);
      } catch {
        /* plain text that starts with a bracket */
      }
    }
    out.push(
      ...(value
        .replace(/<[^>]*>/g, ' ')
        .toLowerCase()
        .match(/\p{L}+/gu) ?? []),
    );
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value))
      if (
        !['alias', 'editorAlias', 'key', 'udi', 'contentTypeKey', 'mediaKey', 'url', 'urlSegment', 'name'].includes(key)
      )
        collectWords(child, out);
  }
}

/** Rows of the items download: one per item, one per language for an item with cultures. */
export function itemRowCount(oracle: SnapshotOracle): number {
  const languages = new Map(
    oracle.records.content.map((r) => [r.key as string, Object.keys((r.cultures as Json | undefined) ?? {}).length]),
  );
  return (
    oracle.index.media.length +
    oracle.index.content.reduce((sum, e) => sum + Math.max(1, languages.get(e.key as string) ?? 0), 0)
  );
}

const keyOf = (ref: unknown): string => String((ref as Json).key).toLowerCase();

/**
 * Aliases of the types nothing uses: no item of the type (index), no block element naming its key (any record's text),
 * no type composing it, listing it as an allowed child (itself aside) or sitting below it in the type tree (`path`).
 */
export function listUnusedTypes(oracle: SnapshotOracle): string[] {
  const withItems = new Set([...oracle.index.content, ...oracle.index.media].map((e) => String(e.type).toLowerCase()));
  const text = [...oracle.records.content, ...oracle.records.media]
    .map((r) => JSON.stringify(r).toLowerCase())
    .join('\n');
  const referenced = new Set<string>();
  for (const t of oracle.contentTypes) {
    for (const ref of t.compositions as unknown[]) referenced.add(keyOf(ref));
    for (const ref of t.allowedContentTypes as unknown[]) if (keyOf(ref) !== String(t.key)) referenced.add(keyOf(ref));
    const ancestors = String(t.path ?? '')
      .split(',')
      .slice(0, -1);
    for (const other of oracle.contentTypes)
      if (other !== t && ancestors.includes(String(other.id))) referenced.add(String(other.key));
  }
  return oracle.contentTypes
    .filter((t) => {
      const key = String(t.key);
      return (
        !withItems.has(String(t.alias).toLowerCase()) &&
        !referenced.has(key) &&
        !text.includes(`"contenttypekey":"${key}"`)
      );
    })
    .map((t) => String(t.alias));
}

/** Keys of the items whose values hold a block element of the type with this key. */
export function listBlockHolders(oracle: SnapshotOracle, typeKey: string): string[] {
  const needle = `"contentTypeKey":"${typeKey}"`.toLowerCase();
  return [...oracle.records.content, ...oracle.records.media]
    .filter((r) => JSON.stringify(r).toLowerCase().includes(needle))
    .map((r) => r.key as string);
}

/** Every block layout item's `config` object in an item's values, wherever it sits (found by walking the JSON). */
export function listLayoutConfigs(record: Json): Json[] {
  const out: Json[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (typeof v !== 'object' || v === null) return;
    const o = v as Json;
    if (typeof o.config === 'object' && o.config !== null && ('contentKey' in o || 'contentUdi' in o))
      out.push(o.config as Json);
    Object.values(o).forEach(visit);
  };
  visit(record.properties);
  return out;
}
