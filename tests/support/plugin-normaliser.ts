/**
 * Folds the differences read-api.md documents between interface generations, so a snapshot crawled through a plugin
 * flavor can be compared with the `rich` one: additive fields (urlSegment, template, cultures), sortOrder (absent
 * before the Umbraco 8/10 plugins), date precision and offset (milliseconds and `Z` vs seconds and `+00:00`),
 * decimals as strings, umbracoBytes as a string, the Umbraco 7 plugin's values as text (`""` for nothing, dates
 * without an offset), children of media ancestors in `path`. Property values are compared as text.
 * Written for the tests alone: it shares no code with the service's flavors it checks.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const ADDITIVE = new Set(['urlSegment', 'template', 'cultures', 'sortOrder']);

/** The same instant at second precision, in UTC. */
function normaliseDate(text: string): string {
  return new Date(Math.floor(Date.parse(text) / 1000) * 1000).toISOString();
}

function normaliseDeep(value: unknown): unknown {
  if (typeof value === 'string') return ISO_DATE.test(value) ? normaliseDate(value) : value;
  if (Array.isArray(value)) return value.map(normaliseDeep);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normaliseDeep(v)]));
}

interface Property {
  alias: string;
  editorAlias: string;
  value: unknown;
}

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

/** A value as text: nothing as `""`, a number as its shortest text, a date as its wall-clock time to the second. */
function normaliseProperty(p: Property): Property {
  const { value } = p;
  if (value === null || value === undefined) return { ...p, value: '' };
  if (typeof value === 'number') return { ...p, value: String(value) };
  if (typeof value === 'string' && p.editorAlias === 'Umbraco.Decimal' && value.trim() !== '')
    return { ...p, value: String(Number(value)) };
  if (typeof value === 'string' && DATE_TEXT.test(value)) return { ...p, value: value.slice(0, 19) };
  return { ...p, value: normaliseDeep(value) };
}

function normaliseSummary(node: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (!ADDITIVE.has(k) && k !== 'children') out[k] = normaliseDeep(v);
  return out;
}

/** A snapshot item record as the comparison sees it. */
export function normaliseItem(item: Record<string, unknown>): Record<string, unknown> {
  const { path, properties, ...rest } = item;
  return {
    ...normaliseSummary(rest),
    path: ((path ?? []) as Array<Record<string, unknown>>).map(normaliseSummary),
    properties: Object.fromEntries(
      Object.entries((properties ?? {}) as Record<string, Property>).map(([a, p]) => [a, normaliseProperty(p)]),
    ),
  };
}
