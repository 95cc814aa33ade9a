/**
 * How one property value changed, in a form a person can read: strings as a word diff (a line diff when the text
 * is long), objects and arrays (blocks, pickers, other JSON) as the list of changed paths.
 */
import { diffLines, diffWords, type ChangeObject } from 'diff';
import type { JsonPathChange, TextPart } from '../core/diff-format.ts';
import { sameJson } from '../core/canonical-json.ts';

/** Unchanged runs longer than this are shortened to their ends: the diff shows what changed, not the whole text. */
const SAME_RUN_LIMIT = 160;
const SAME_RUN_END = 60;
const MAX_PATHS = 200;
/** The diff library's own budget in ms; past it no text diff is given (old and new values still are). */
const TEXT_DIFF_TIMEOUT_MS = 500;
/**
 * Past this many characters (both sides), a line diff: a word diff of a long text costs more than it shows. Below it,
 * words even across lines, because rich text keeps a paragraph per line and a word added to one would otherwise show
 * as the whole paragraph removed and added.
 */
const WORD_DIFF_MAX_CHARS = 40_000;

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  typeof value === 'object' && value !== null;

function shortenSame(text: string): string {
  if (text.length <= SAME_RUN_LIMIT) return text;
  return `${text.slice(0, SAME_RUN_END)} … ${text.slice(-SAME_RUN_END)}`;
}

export function diffText(from: string, to: string): TextPart[] | undefined {
  const long = from.length + to.length > WORD_DIFF_MAX_CHARS;
  const options = { timeout: TEXT_DIFF_TIMEOUT_MS };
  const changes: ChangeObject<string>[] | undefined = long
    ? diffLines(from, to, options)
    : diffWords(from, to, options);
  if (changes === undefined) return undefined;
  return changes.map((change) => {
    if (change.added) return { op: 'added', text: change.value };
    if (change.removed) return { op: 'removed', text: change.value };
    return { op: 'same', text: shortenSame(change.value) };
  });
}

const childPath = (parent: string, key: string | number): string =>
  typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`;

function entriesOf(value: Record<string, unknown> | unknown[]): [string | number, unknown][] {
  return Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
}

function walk(from: unknown, to: unknown, at: string, out: JsonPathChange[]): void {
  if (out.length >= MAX_PATHS) return;
  if (isContainer(from) && isContainer(to) && Array.isArray(from) === Array.isArray(to)) {
    const toEntries = new Map(entriesOf(to));
    for (const [key, value] of entriesOf(from)) {
      if (toEntries.has(key)) walk(value, toEntries.get(key), childPath(at, key), out);
      else out.push({ path: childPath(at, key), change: 'removed', from: value });
      toEntries.delete(key);
    }
    for (const [key, value] of toEntries) out.push({ path: childPath(at, key), change: 'added', to: value });
    return;
  }
  if (isSameValue(from, to)) return;
  const text = typeof from === 'string' && typeof to === 'string' ? diffText(from, to) : undefined;
  out.push({ path: at === '' ? '$' : at, change: 'changed', from, to, ...(text === undefined ? {} : { text }) });
}

function parseJsonText(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/** The value with every string that holds a JSON object or array replaced by that JSON, at any depth. */
function withJsonTextParsed(value: unknown): unknown {
  if (typeof value === 'string') {
    const parsed = parseJsonText(value);
    return parsed === undefined ? value : withJsonTextParsed(parsed);
  }
  if (Array.isArray(value)) return value.map(withJsonTextParsed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withJsonTextParsed(item)]));
}

/** A rich text value in either of its stored forms: plain HTML (Umbraco 8–14), `{markup, blocks}` (15 and later). */
interface StoredRichText {
  form: 'html' | 'json';
  markup: string;
  blocks: unknown;
}

const RICH_TEXT_KEYS = new Set(['markup', 'blocks']);

/** `{markup, blocks}` with a string markup and no other key, or that as JSON text; otherwise undefined. */
function richTextObject(value: unknown): StoredRichText | undefined {
  if (typeof value === 'string') {
    const parsed = parseJsonText(value);
    return parsed === undefined ? undefined : richTextObject(parsed);
  }
  if (!isContainer(value) || Array.isArray(value)) return undefined;
  const { markup, blocks } = value as { markup?: unknown; blocks?: unknown };
  if (typeof markup !== 'string' || !Object.keys(value).every((key) => RICH_TEXT_KEYS.has(key))) return undefined;
  return { form: 'json', markup, blocks: blocks ?? null };
}

/** Blocks that hold nothing: absent, null, or only empty lists and objects (`{"contentData":[],"settingsData":[]}`). */
const isEmptyBlocks = (blocks: unknown): boolean =>
  blocks === null ||
  blocks === undefined ||
  (Array.isArray(blocks)
    ? blocks.length === 0
    : isContainer(blocks) && Object.values(blocks).every((value) => isEmptyBlocks(value)));

/**
 * The two sides of a rich text value saved in different forms: one plain HTML (as Umbraco 8–14 store it), the other
 * `{markup, blocks}` (15 and later, where an item saved since an upgrade keeps the old form in its older versions).
 * Undefined when the forms are the same, or either side is not rich text.
 */
function richTextAcrossForms(a: unknown, b: unknown): [StoredRichText, StoredRichText] | undefined {
  const [objectA, objectB] = [richTextObject(a), richTextObject(b)];
  if (objectA !== undefined && typeof b === 'string' && objectB === undefined)
    return [objectA, { form: 'html', markup: b, blocks: null }];
  if (objectB !== undefined && typeof a === 'string' && objectA === undefined)
    return [{ form: 'html', markup: a, blocks: null }, objectB];
  return undefined;
}

const sameBlocks = (a: unknown, b: unknown): boolean => (isEmptyBlocks(a) && isEmptyBlocks(b)) || sameJson(a, b);

/**
 * Values compared by meaning: objects whatever their key order, strings holding JSON (a block's picker value, stored
 * as text) by the JSON they hold, and a rich text value stored as HTML by its markup against one stored as
 * `{markup, blocks}` with no blocks.
 */
export const isSameValue = (a: unknown, b: unknown): boolean => {
  if (sameJson(a, b) || sameJson(withJsonTextParsed(a), withJsonTextParsed(b))) return true;
  const across = richTextAcrossForms(a, b);
  return (
    across !== undefined && across[0].markup === across[1].markup && sameBlocks(across[0].blocks, across[1].blocks)
  );
};

/** The changed leaves of two JSON values, at most MAX_PATHS of them. */
export function diffJsonPaths(from: unknown, to: unknown): JsonPathChange[] {
  const out: JsonPathChange[] = [];
  walk(from, to, '', out);
  return out.slice(0, MAX_PATHS);
}

/**
 * A rich text value saved in the other form: its markup against the other side's HTML as the path `markup`, its blocks
 * as paths under `blocks` (when either side has any), and the two forms.
 */
function describeRichTextChange(
  from: StoredRichText,
  to: StoredRichText,
): { paths: JsonPathChange[]; form: { from: 'html' | 'json'; to: 'html' | 'json' } } {
  const paths: JsonPathChange[] = [];
  walk(from.markup, to.markup, 'markup', paths);
  if (!sameBlocks(from.blocks, to.blocks)) walk(from.blocks, to.blocks, 'blocks', paths);
  return { paths: paths.slice(0, MAX_PATHS), form: { from: from.form, to: to.form } };
}

export function describeValueChange(
  from: unknown,
  to: unknown,
): { text?: TextPart[]; paths?: JsonPathChange[]; form?: { from: 'html' | 'json'; to: 'html' | 'json' } } {
  const across = richTextAcrossForms(from, to);
  if (across !== undefined) return describeRichTextChange(...across);
  if (typeof from === 'string' && typeof to === 'string') {
    const text = diffText(from, to);
    return text === undefined ? {} : { text };
  }
  if (isContainer(from) && isContainer(to)) return { paths: diffJsonPaths(from, to) };
  return {};
}
