/**
 * Folds the differences read-api.md documents between interface generations, so a snapshot crawled through a plugin
 * flavor can be compared with the `rich` one: additive fields (urlSegment, template, cultures), sortOrder (absent
 * before the Umbraco 8/10 plugins), date precision and offset (milliseconds and `Z` vs seconds and `+00:00`),
 * decimals as strings, umbracoBytes as a string, children of media ancestors in `path`.
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

function normaliseProperty(p: Property): Property {
  let value = p.value;
  if (p.editorAlias === 'Umbraco.Decimal' && typeof value === 'string' && value.trim() !== '') value = Number(value);
  if (p.alias === 'umbracoBytes' && typeof value === 'number') value = String(value);
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
