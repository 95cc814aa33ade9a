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

/**
 * Values compared by meaning: objects whatever their key order, and strings holding JSON (a block's picker value,
 * stored as text) by the JSON they hold.
 */
export const isSameValue = (a: unknown, b: unknown): boolean =>
  sameJson(a, b) || sameJson(withJsonTextParsed(a), withJsonTextParsed(b));

/** The changed leaves of two JSON values, at most MAX_PATHS of them. */
export function diffJsonPaths(from: unknown, to: unknown): JsonPathChange[] {
  const out: JsonPathChange[] = [];
  walk(from, to, '', out);
  return out.slice(0, MAX_PATHS);
}

export function describeValueChange(from: unknown, to: unknown): { text?: TextPart[]; paths?: JsonPathChange[] } {
  if (typeof from === 'string' && typeof to === 'string') {
    const text = diffText(from, to);
    return text === undefined ? {} : { text };
  }
  if (isContainer(from) && isContainer(to)) return { paths: diffJsonPaths(from, to) };
  return {};
}
