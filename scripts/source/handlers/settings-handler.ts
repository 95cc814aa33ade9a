/**
 * Site settings a migration carries over (extension operations of this service): the dictionary, languages,
 * domains, Umbraco's redirect URL table and scheduled publishing.
 */
import { createDateConverter } from '../catalog/dates.ts';
import type { SiteCatalog } from '../catalog/site-catalog.ts';
import {
  listAllDomains,
  listDictionaryItems,
  listDictionaryTexts,
  listLanguageSettings,
  listRedirectUrls,
} from '../readers/settings-reader.ts';
import { listContentNodes } from '../readers/node-reader.ts';
import { listSchedule } from '../readers/trash-reader.ts';

export interface DictionaryEntry {
  key: string;
  name: string;
  parentKey: string | null;
  /** One per stored translation, as stored (`""` included); a language without a row has no entry. */
  values: Array<{ culture: string; value: string }>;
}

export function listDictionary(c: SiteCatalog): DictionaryEntry[] {
  const iso = isoById(c);
  const values = new Map<string, DictionaryEntry['values']>();
  for (const t of listDictionaryTexts(c.db)) {
    const culture = iso.get(t.languageId);
    if (culture === undefined) continue;
    values.set(t.itemKey, [...(values.get(t.itemKey) ?? []), { culture, value: t.value }]);
  }
  return listDictionaryItems(c.db).map((item) => ({ ...item, values: values.get(item.key) ?? [] }));
}

export function listLanguages(c: SiteCatalog) {
  const iso = isoById(c);
  return listLanguageSettings(c.db).map(({ fallbackLanguageId, ...language }) => ({
    ...language,
    fallbackIsoCode: fallbackLanguageId === null ? null : (iso.get(fallbackLanguageId) ?? null),
  }));
}

/** Every domain row: `wildcard` ones (`*1206`) only assign a language; `rootKey` null marks an orphan row. */
export function listDomains(c: SiteCatalog) {
  const iso = isoById(c);
  const keys = nodeKeys(c);
  return listAllDomains(c.db, c.schema).map((d) => ({
    id: d.id,
    name: d.name,
    rootId: d.rootId,
    rootKey: d.rootId === null ? null : (keys.get(d.rootId) ?? null),
    culture: d.languageId === null ? null : (iso.get(d.languageId) ?? null),
    sortOrder: d.sortOrder,
    wildcard: d.name.startsWith('*'),
  }));
}

/** `createDateUtc` is UTC in every version; `culture` is stored lower-case (`en-us`) and sent as stored. */
export function listRedirects(c: SiteCatalog) {
  const utc = createDateConverter('UTC');
  return listRedirectUrls(c.db).map((r) => ({
    key: r.id,
    url: r.url,
    culture: r.culture,
    contentKey: r.contentKey,
    createDate: utc(r.createDateUtc),
  }));
}

const ACTIONS: Record<string, string> = { release: 'publish', expire: 'unpublish' };

/** Schedule dates are stored in UTC from Umbraco 14, in server time before it (as system dates are). */
export function listScheduled(c: SiteCatalog) {
  const iso = isoById(c);
  const keys = nodeKeys(c);
  const toDate = c.schema.major >= 14 ? createDateConverter('UTC') : c.systemDate;
  return listSchedule(c.db).map((s) => ({
    id: s.nodeId,
    key: keys.get(s.nodeId) ?? null,
    culture: s.languageId === null ? null : (iso.get(s.languageId) ?? null),
    action: ACTIONS[s.action.toLowerCase()] ?? s.action,
    date: toDate(s.date),
  }));
}

const isoById = (c: SiteCatalog): Map<number, string> => new Map(c.languages.map((l) => [l.id, l.isoCode]));

function nodeKeys(c: SiteCatalog): Map<number, string> {
  return new Map(listContentNodes(c.db, 'document').map((n) => [n.id, n.key]));
}
