/**
 * The change list in words, the same in the CLI's text and markdown and in the site: values as a short one-line
 * rendering (old → new), and a content type's drift as one line per change.
 */
import type { ChangedType, ITEM_CHANGE_KINDS, PropertyChange, TextPart } from './diff-format.ts';

/** Short names of the kinds of item change, for per-type summaries. */
export const CHANGE_LABELS: Record<(typeof ITEM_CHANGE_KINDS)[number], string> = {
  added: 'Added',
  removed: 'Removed',
  moved: 'Moved',
  renamed: 'Renamed',
  urlChanged: 'URLs changed',
  retyped: 'Re-typed',
  sortOrderChanged: 'Re-sorted',
  templateChanged: 'Templates changed',
  changed: 'Values changed',
};

/** Line breaks, other control characters, bidi controls and line separators become one space: one line, read as is. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]+/g;

/**
 * A value on one line of at most `max` characters: text quoted, numbers and booleans as they are, JSON compact,
 * `(empty)` for nothing. Cut text ends in `…`; a lone surrogate left by the cut is dropped.
 */
export function renderValue(value: unknown, max = 80): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  const text =
    typeof value === 'string'
      ? JSON.stringify(value.replace(UNSAFE, ' '))
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return cut(text.replace(UNSAFE, ' '), max);
}

const inCulture = (culture: string | null): string => (culture === null ? '' : ` [${culture}]`);

const CONTEXT_CHARS = 20;
const PATHS_SHOWN = 3;

/** Old and new text from the word diff, starting a little before the first change: where two long texts differ. */
function aroundFirstChange(parts: readonly TextPart[]): [string, string] {
  const first = Math.max(
    0,
    parts.findIndex((part) => part.op !== 'same'),
  );
  const before = parts[first - 1]?.text ?? '';
  const context = before.length > CONTEXT_CHARS ? `…${before.slice(-CONTEXT_CHARS)}` : before;
  const rest = parts.slice(first);
  const side = (skip: TextPart['op']) =>
    context +
    rest
      .filter((part) => part.op !== skip)
      .map((part) => part.text)
      .join('');
  return [side('added'), side('removed')];
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/[\ud800-\udbff]$/, '')}…`;
}

/**
 * A value change as two short renderings, old and new: a block or other JSON as its changed paths, a long text from
 * just before its first change, anything else as the value itself.
 */
export function renderBeforeAfter(property: PropertyChange, max = 60): [string, string] {
  const paths = property.paths ?? [];
  if (paths.length > 0) {
    const more = paths.length > PATHS_SHOWN ? `; +${paths.length - PATHS_SHOWN} more` : '';
    const side = (pick: 'from' | 'to') =>
      cut(
        paths
          .slice(0, PATHS_SHOWN)
          .map((change) => `${change.path}: ${renderValue(change[pick], max)}`)
          .join('; ') + more,
        max * 2,
      );
    return [side('from'), side('to')];
  }
  const long = [property.from, property.to].some((value) => typeof value === 'string' && value.length > max);
  if (property.text !== undefined && long) {
    const [from, to] = aroundFirstChange(property.text);
    return [renderValue(from, max), renderValue(to, max)];
  }
  return [renderValue(property.from, max), renderValue(property.to, max)];
}

/** `sku: "GP001" → "GP001-NEW"`, with the old alias when the property was renamed. */
export function describeValueChange(property: PropertyChange, max = 60): string {
  const alias = property.fromAlias === undefined ? property.alias : `${property.alias} (was ${property.fromAlias})`;
  const paths = property.paths ?? [];
  if (paths.length > 0) {
    const more = paths.length > PATHS_SHOWN ? `; +${paths.length - PATHS_SHOWN} more` : '';
    const shown = paths
      .slice(0, PATHS_SHOWN)
      .map((change) => `${change.path}: ${renderValue(change.from, max)} → ${renderValue(change.to, max)}`);
    return `${alias}${inCulture(property.culture)} ${shown.join('; ')}${more}`;
  }
  const [from, to] = renderBeforeAfter(property, max);
  return `${alias}${inCulture(property.culture)}: ${from} → ${to}`;
}

const variance = (value: boolean | null): string => (value === null ? 'unknown' : value ? 'per language' : 'invariant');

/** One line per change of a content type: its fields, properties, compositions, allowed children. */
export function describeTypeDrift(type: ChangedType): string[] {
  const p = type.properties;
  return [
    ...type.fields.map((f) => `${f.field}: ${renderValue(f.from)} → ${renderValue(f.to)}`),
    ...p.added.map((x) => `Property added: ${x.alias}`),
    ...p.removed.map((x) => `Property removed: ${x.alias}`),
    ...p.renamed.map((x) =>
      x.fromAlias === x.toAlias
        ? `Property label changed: ${x.toAlias} (${renderValue(x.fromName)} → ${renderValue(x.toName)})`
        : `Property renamed: ${x.fromAlias} → ${x.toAlias}`,
    ),
    ...p.editorChanged.map((x) => `Property editor changed: ${x.alias} (${x.from ?? '–'} → ${x.to ?? '–'})`),
    ...p.dataTypeChanged.map((x) => `Property data type changed: ${x.alias} (${x.from ?? '–'} → ${x.to ?? '–'})`),
    ...p.groupChanged.map((x) => `Property moved to another group: ${x.alias} (${x.from ?? '–'} → ${x.to ?? '–'})`),
    ...(p.varianceChanged ?? []).map(
      (x) => `Property variance changed: ${x.alias} (${variance(x.from)} → ${variance(x.to)})`,
    ),
    ...type.compositions.added.map((alias) => `Composition added: ${alias}`),
    ...type.compositions.removed.map((alias) => `Composition removed: ${alias}`),
    ...type.allowedChildren.added.map((alias) => `Allowed child added: ${alias}`),
    ...type.allowedChildren.removed.map((alias) => `Allowed child removed: ${alias}`),
  ];
}
