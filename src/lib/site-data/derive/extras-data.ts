/**
 * Derives the extras' site data and downloads (every extra's, empty when it was not offered) from the snapshot's
 * extras (see extras-format.ts).
 */
import path from 'node:path';
import { EXTRA_NAMES, extraStatusOf, iterateExtra, listExtra, type ExtraName } from '#core/snapshot-extras.ts';
import type { Manifest } from '#core/snapshot-format.ts';
import { EXTRAS_FILE, type ExtraRow, type ExtrasData } from '../extras-format.ts';
import type { NodeLookup } from '../node-lookup.ts';
import {
  dictionaryRows,
  domainRows,
  draftRows,
  languageRows,
  redirectRows,
  scheduleRows,
  trashRows,
  unpublishedRows,
  type RowsOf,
} from './extras-rows.ts';
import { writeTable } from './inventory-downloads.ts';
import { listRedirectRows, type EarlierUrls } from './redirect-map.ts';
import { writeRedirectMap } from './redirect-sources.ts';
import { writeJsonPieces } from './line-writer.ts';
import { arrayPieces, objectPieces } from '../../json-pieces.ts';

/** Entries turned into rows this many at a time: drafts and unpublished items are whole items, many on a large site. */
const ROW_BATCH = 1000;

/**
 * The rows of an extra whose entries are items (drafts, unpublished items), read one batch of entries at a time: at
 * 100k demo items their files are 125 and 73 MB, and held whole they were twice that in heap. `each` sees every
 * entry once.
 */
async function streamRows<T>(
  entries: AsyncIterable<T>,
  toRows: (batch: T[]) => ExtraRow[],
  each: (entry: T) => void = () => {},
): Promise<ExtraRow[]> {
  const rows: ExtraRow[] = [];
  let batch: T[] = [];
  for await (const entry of entries) {
    each(entry);
    batch.push(entry);
    if (batch.length === ROW_BATCH) {
      for (const row of toRows(batch)) rows.push(row);
      batch = [];
    }
  }
  for (const row of toRows(batch)) rows.push(row);
  return rows;
}

/** The download columns of each extra, in order; the dictionary adds one column per language. */
const COLUMNS: Record<ExtraName, string[]> = {
  drafts: ['id', 'key', 'name', 'publishedName', 'type', 'path', 'url', 'draftDate', 'publishedDate', 'editedCultures'],
  unpublished: ['id', 'key', 'name', 'type', 'path', 'parentKey', 'level', 'updateDate', 'everPublished', 'cultures'],
  'recycle-bin': ['kind', 'id', 'key', 'name', 'type', 'trashedDate', 'originalParentKey', 'originalPath', 'level'],
  schedule: ['id', 'key', 'name', 'culture', 'action', 'date'],
  dictionary: ['key', 'name', 'parent', 'missing', 'missingLanguages'],
  languages: ['isoCode', 'name', 'isDefault', 'mandatory', 'fallbackIsoCode'],
  domains: ['name', 'culture', 'rootKey', 'rootName', 'kind'],
  'redirect-urls': ['url', 'culture', 'contentKey', 'createDate', 'itemName', 'itemState', 'currentUrl'],
};

export async function writeExtras(
  snapshotDir: string,
  manifest: Manifest,
  lookup: NodeLookup,
  outDir: string,
  downloadsDir: string,
  earlier: EarlierUrls[] = [],
): Promise<void> {
  const read = <N extends ExtraName>(name: N) => listExtra(snapshotDir, manifest, name);
  const languages = await read('languages');
  const dictionary = await read('dictionary');
  const dictionaryLanguages =
    languages.length > 0
      ? languages.map((l) => l.isoCode)
      : [...new Set(dictionary.flatMap((d) => d.values.map((v) => v.culture)))].sort();
  const hidden = new Map<string, { name: string; state: string }>();
  const unpublishedRowList = await streamRows(
    iterateExtra(snapshotDir, manifest, 'unpublished'),
    (batch) => unpublishedRows(lookup, batch),
    (u) => hidden.set(u.key, { name: u.name, state: 'unpublished' }),
  );
  const trashed = await read('recycle-bin');
  for (const t of trashed) hidden.set(t.key, { name: t.name, state: 'trashed' });
  const redirects = await read('redirect-urls');
  await writeRedirectMap(outDir, listRedirectRows({ lookup, redirects, hidden, earlier }));
  const rows: RowsOf = {
    drafts: await streamRows(iterateExtra(snapshotDir, manifest, 'drafts'), (batch) => draftRows(lookup, batch)),
    unpublished: unpublishedRowList,
    'recycle-bin': trashRows(lookup, trashed),
    schedule: scheduleRows(lookup, await read('schedule')),
    dictionary: dictionaryRows(dictionary, dictionaryLanguages),
    languages: languageRows(languages),
    domains: domainRows(lookup, await read('domains')),
    'redirect-urls': redirectRows(lookup, redirects, hidden),
  };
  const status = Object.fromEntries(EXTRA_NAMES.map((n) => [n, extraStatusOf(manifest, n)])) as ExtrasData['status'];
  // The ExtrasData shape (extras-format.ts), row by row: drafts and unpublished items grow with the site.
  const rowPieces = Object.entries(rows).map(([name, list]) => [name, { pieces: arrayPieces(list) }] as const);
  await writeJsonPieces(
    path.join(outDir, EXTRAS_FILE),
    objectPieces([
      ['status', status],
      ['rows', { pieces: objectPieces(rowPieces) }],
      ['dictionaryLanguages', dictionaryLanguages],
    ]),
  );
  for (const name of EXTRA_NAMES) {
    const columns =
      name === 'dictionary'
        ? [
            ...COLUMNS.dictionary.slice(0, 3),
            ...dictionaryLanguages.map((iso) => `value:${iso}`),
            ...COLUMNS.dictionary.slice(3),
          ]
        : COLUMNS[name];
    await writeTable(downloadsDir, name, columns, rows[name]);
  }
}
