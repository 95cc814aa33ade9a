/** Property entries of a snapshot item (`properties[alias] = {alias, editorAlias, value}`), tolerant of odd shapes. */
export interface PropertyEntry {
  alias: string;
  editorAlias: string;
  value: unknown;
}

export function listPropertyEntries(properties: unknown): PropertyEntry[] {
  if (typeof properties !== 'object' || properties === null) return [];
  return Object.entries(properties as Record<string, unknown>).map(([alias, raw]) => {
    const p = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    return {
      alias,
      editorAlias: typeof p.editorAlias === 'string' ? p.editorAlias : '',
      value: 'value' in p ? p.value : raw,
    };
  });
}

export interface CultureEntry {
  iso: string;
  name: string;
  url: string | null;
  urlSegment: string | null;
  updateDate: string | null;
  properties: PropertyEntry[];
}

/** The item's `cultures` field: `{ [iso]: { name, url, urlSegment, updateDate, properties } }`. */
export function listCultures(cultures: unknown): CultureEntry[] {
  if (typeof cultures !== 'object' || cultures === null) return [];
  const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  return Object.entries(cultures as Record<string, unknown>).map(([iso, raw]) => {
    const c = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    return {
      iso,
      name: text(c.name) ?? '',
      url: text(c.url),
      urlSegment: text(c.urlSegment),
      updateDate: text(c.updateDate),
      properties: listPropertyEntries(c.properties),
    };
  });
}
