/**
 * Derives the extras' site data and downloads (every extra's, empty when it was not offered) from the snapshot's
 * extras (see extras-format.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EXTRA_NAMES, extraStatusOf, iterateExtra, listExtra, type ExtraName } from '#core/snapshot-extras.ts';
import type { Manifest } from '#core/snapshot-format.ts';
import { EXTRAS_FILE, extraRowsFile, type ExtraRow, type ExtrasSummary } from '../extras-format.ts';
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
} from './extras-rows.ts';
import { writeTable } from './inventory-downloads.ts';
import { listRedirectRows, type EarlierUrls } from './redirect-map.ts';
import { writeRedirectMap } from './redirect-sources.ts';
import { createLineWriter } from './line-writer.ts';

/** Entries turned into rows this many at a time: drafts and unpublished items are whole items, many on a large site. */
const ROW_BATCH = 1000;

/**
 * The rows of an extra whose entries are items (drafts, unpublished items), made one batch of entries at a time: at
 * 1M demo items the drafts are 163,029 whole items, and neither they nor their rows are ever held together. `each`
 * sees every entry once.
 */
async function* streamRows<T>(
  entries: AsyncIterable<T>,
  toRows: (batch: T[]) => ExtraRow[],
  each: (entry: T) => void = () => {},
): AsyncGenerator<ExtraRow> {
  let batch: T[] = [];
  for await (const entry of entries) {
    each(entry);
    batch.push(entry);
    if (batch.length === ROW_BATCH) {
      yield* toRows(batch);
      batch = [];
    }
  }
  yield* toRows(batch);
}

/** An inventory's rows, written as they come: its site-data lines and its CSV and JSON downloads. */
async function writeRows(
  outDir: string,
  downloadsDir: string,
  name: ExtraName,
  columns: string[],
  rows: Iterable<ExtraRow> | AsyncIterable<ExtraRow>,
): Promise<number> {
  const file = path.join(outDir, extraRowsFile(name));
  await mkdir(path.dirname(file), { recursive: true });
  const lines = createLineWriter(file);
  async function* written(): AsyncGenerator<ExtraRow> {
    for await (const row of rows) {
      await lines.write(`${JSON.stringify(row)}\n`);
      yield row;
    }
  }
  const count = await writeTable(downloadsDir, name, columns, written());
  await lines.close();
  return count;
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
  const counted = new Map<ExtraName, number>();
  const write = async (name: ExtraName, rows: Iterable<ExtraRow> | AsyncIterable<ExtraRow>): Promise<void> => {
    counted.set(name, await writeRows(outDir, downloadsDir, name, columnsOf(name, dictionaryLanguages), rows));
  };
  await write(
    'unpublished',
    streamRows(
      iterateExtra(snapshotDir, manifest, 'unpublished'),
      (batch) => unpublishedRows(lookup, batch),
      (u) => hidden.set(u.key, { name: u.name, state: 'unpublished' }),
    ),
  );
  const trashed = await read('recycle-bin');
  for (const t of trashed) hidden.set(t.key, { name: t.name, state: 'trashed' });
  const redirects = await read('redirect-urls');
  await writeRedirectMap(outDir, listRedirectRows({ lookup, redirects, hidden, earlier }));
  await write(
    'drafts',
    streamRows(iterateExtra(snapshotDir, manifest, 'drafts'), (batch) => draftRows(lookup, batch)),
  );
  await write('recycle-bin', trashRows(lookup, trashed));
  await write('schedule', scheduleRows(lookup, await read('schedule')));
  await write('dictionary', dictionaryRows(dictionary, dictionaryLanguages));
  await write('languages', languageRows(languages));
  await write('domains', domainRows(lookup, await read('domains')));
  await write('redirect-urls', redirectRows(lookup, redirects, hidden));
  const status = Object.fromEntries(EXTRA_NAMES.map((n) => [n, extraStatusOf(manifest, n)])) as ExtrasSummary['status'];
  const counts = Object.fromEntries(EXTRA_NAMES.map((n) => [n, counted.get(n) ?? 0])) as ExtrasSummary['counts'];
  const summary: ExtrasSummary = { status, counts, dictionaryLanguages };
  await writeFile(path.join(outDir, EXTRAS_FILE), `${JSON.stringify(summary)}\n`);
}

/** The download columns of an extra; the dictionary's has one column per language. */
function columnsOf(name: ExtraName, dictionaryLanguages: string[]): string[] {
  if (name !== 'dictionary') return COLUMNS[name];
  const [head, tail] = [COLUMNS.dictionary.slice(0, 3), COLUMNS.dictionary.slice(3)];
  return [...head, ...dictionaryLanguages.map((iso) => `value:${iso}`), ...tail];
}
