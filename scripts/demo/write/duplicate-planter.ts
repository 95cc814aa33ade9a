/**
 * Plants duplicates for the content audit to find: some published articles become exact copies of an earlier article
 * (the same words in every language: headline, introduction, meta data and body text), others near copies (the same,
 * with about 2 % of each language's body-text words replaced). Each original is copied once. The planter draws from a
 * random stream of its own, so for a seed every other document is written exactly as without it.
 */
import type { CultureState } from '../plan/document-cultures.ts';
import { toDotnetJson } from '../values/dotnet-json.ts';
import type { PropertyRow } from '../values/document-values.ts';
import { createRandom, type Random } from '../values/random.ts';
import type { GeneratedDocument } from './document-generator.ts';

/** Shares of eligible articles made exact and near copies. */
export const EXACT_SHARE = 0.05;
export const NEAR_SHARE = 0.05;
/** Words an original needs (all its text values, every language), and the share of them a near copy replaces. */
const MIN_WORDS = 50;
const NEAR_EDIT_SHARE = 0.02;
const POOL_LIMIT = 256;
const WORD_EDITORS = new Set(['Umbraco.TextBox', 'Umbraco.TextArea', 'Umbraco.RichText', 'Umbraco.TinyMCE']);
const REPLACEMENTS = ['quasar', 'bramble', 'tundra', 'saffron', 'lantern', 'cobalt', 'meadow', 'orchid', 'glacier'];
const WORD = /\p{L}{3,}/gu;

export interface PlantedDuplicate {
  /** Key of the article copied (lower-case dashed). */
  of: string;
  exact: boolean;
}

const isWordRow = (row: PropertyRow): boolean =>
  row.property.kind !== 'urlName' && WORD_EDITORS.has(row.property.dataType.editorAlias);
const rowsOf = (doc: GeneratedDocument): PropertyRow[] => doc.versions.find((v) => v.published)?.rows ?? [];
const published = (cultures: CultureState[]): string =>
  cultures
    .filter((c) => c.published)
    .map((c) => c.language.iso)
    .join(',');

function eligible(doc: GeneratedDocument): boolean {
  return (
    doc.type.alias === 'article' &&
    doc.plan.state === 'published' &&
    !doc.plan.trashed &&
    doc.cultures.every((c) => c.published) &&
    rowsOf(doc).every((r) => !(typeof r.raw === 'string' && r.raw.includes('contentData')))
  );
}

function markupOf(row: PropertyRow): string | undefined {
  if (row.property.dataType.editorAlias !== 'Umbraco.RichText' || typeof row.raw !== 'string') return undefined;
  const markup = (JSON.parse(row.raw) as { markup?: unknown }).markup;
  return typeof markup === 'string' ? markup : undefined;
}

/** Which properties and languages hold words: a copy takes an original with the same, value for value. */
const slotOf = (row: PropertyRow): string => `${row.property.id}:${row.languageId ?? ''}`;
const wordSlots = (doc: GeneratedDocument): string => rowsOf(doc).filter(isWordRow).map(slotOf).join(' ');

const textOf = (row: PropertyRow): string => markupOf(row) ?? (typeof row.raw === 'string' ? row.raw : '');
const countWords = (text: string): number =>
  text
    .split(/(<[^>]*>)/)
    .reduce((n, part) => (part.startsWith('<') ? n : n + (part.match(/\p{L}+/gu) ?? []).length), 0);

/** Originals worth copying: some length in all, and a body text to edit. */
const longEnough = (doc: GeneratedDocument): boolean => {
  const rows = rowsOf(doc).filter(isWordRow);
  return (
    rows.some((r) => markupOf(r) !== undefined) && rows.reduce((n, r) => n + countWords(textOf(r)), 0) >= MIN_WORDS
  );
};

/**
 * The original's word values, for a near copy with NEAR_EDIT_SHARE of all its words (at least one) replaced, each by
 * a word it is not, picked among the body texts' words outside tags.
 */
function copiedValues(original: GeneratedDocument, near: Random | undefined): Map<string, PropertyRow['raw']> {
  const rows = rowsOf(original).filter(isWordRow);
  const values = new Map<string, PropertyRow['raw']>(rows.map((r) => [slotOf(r), r.raw]));
  if (near === undefined) return values;
  const total = rows.reduce((n, r) => n + countWords(textOf(r)), 0);
  const bodies = rows.flatMap((r) => {
    const markup = markupOf(r);
    return markup === undefined ? [] : [{ slot: slotOf(r), parts: markup.split(/(<[^>]*>)/) }];
  });
  const words = bodies.flatMap((b, i) =>
    b.parts.flatMap((part, p) =>
      part.startsWith('<') ? [] : [...part.matchAll(WORD)].map((m) => [i, p, m.index, m[0]] as const),
    ),
  );
  const chosen = new Set<number>();
  const edits = Math.min(words.length, Math.max(1, Math.floor(total * NEAR_EDIT_SHARE)));
  while (chosen.size < edits) chosen.add(near.int(0, words.length - 1));
  for (const w of [...chosen].sort((a, b) => b - a)) {
    const [i, p, index, word] = words[w] as (typeof words)[number];
    const parts = (bodies[i] as (typeof bodies)[number]).parts;
    const text = parts[p] as string;
    const next = REPLACEMENTS.filter((r) => r !== word.toLowerCase())[near.int(0, REPLACEMENTS.length - 2)];
    parts[p] = `${text.slice(0, index)}${next}${text.slice(index + word.length)}`;
  }
  for (const b of bodies) values.set(b.slot, toDotnetJson({ markup: b.parts.join(''), blocks: null }));
  return values;
}

export function createDuplicatePlanter(seed: number) {
  const random = createRandom((seed ^ 0x5eedd0b1) >>> 0);
  const pools = new Map<string, GeneratedDocument[]>();
  /** Whether each pooled document is long enough, found once: a pool is scanned for every eligible article. */
  const lengthOf = new WeakMap<GeneratedDocument, boolean>();
  const isLongEnough = (doc: GeneratedDocument): boolean => {
    let known = lengthOf.get(doc);
    if (known === undefined) lengthOf.set(doc, (known = longEnough(doc)));
    return known;
  };
  return {
    /** Turns `doc` into a copy of an earlier article, or keeps it as a possible original. */
    plant(doc: GeneratedDocument): PlantedDuplicate | undefined {
      if (!eligible(doc)) return undefined;
      // Same languages and the same properties holding words: the copy's rows keep their number and order, so the
      // rows of every later item keep their ids.
      const poolKey = `${published(doc.cultures)} ${wordSlots(doc)}`;
      const pool = pools.get(poolKey) ?? [];
      pools.set(poolKey, pool);
      const roll = random.next();
      const exact = roll < EXACT_SHARE;
      const candidates = pool.filter(isLongEnough);
      if (roll >= EXACT_SHARE + NEAR_SHARE || candidates.length === 0) {
        pool.push(doc);
        if (pool.length > POOL_LIMIT) pool.shift();
        return undefined;
      }
      const original = candidates[random.int(0, candidates.length - 1)] as GeneratedDocument;
      pool.splice(pool.indexOf(original), 1);
      const values = copiedValues(original, exact ? undefined : random);
      for (const version of doc.versions)
        version.rows = version.rows.map((r) => (isWordRow(r) ? { ...r, raw: values.get(slotOf(r)) ?? r.raw } : r));
      return { of: original.plan.key.toLowerCase(), exact };
    },
  };
}
