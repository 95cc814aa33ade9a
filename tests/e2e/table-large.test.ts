/**
 * The large-table path (first-view file, then a worker holding the rows) against the in-memory path, in Chromium on
 * the multilingual shared database's items table, with the large path forced by a threshold of one row: the same
 * counts, facet counts, sort orders, pages, URL state and "this view" CSV. Expected values come from the table files
 * the site ships, read and decoded here (not through the site's code).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Page } from '../../scripts/browser/chromium.ts';
import { parseCsv } from '../../src/lib/csv.ts';
import { MULTILINGUAL_SITE } from '../support/site-builds.ts';
import { useSites } from '../support/site-session.ts';
import { shownColumn, tableOf, waitForTable } from '../support/table-view.ts';

type Cell = string | number | boolean | null | string[];
type Row = Record<string, Cell>;
interface File {
  count: number;
  columns: Array<{ key: string; type: string; facet?: boolean; deferred?: boolean }>;
  data: Array<Cell[] | { values: Cell[]; codes: Array<number | number[]> }>;
}

const textOf = (v: Cell | undefined): string =>
  v === null || v === undefined
    ? ''
    : Array.isArray(v)
      ? v.join(', ')
      : typeof v === 'boolean'
        ? v
          ? 'Yes'
          : 'No'
        : String(v);

describe('large tables: the first view and a worker give what the rows in memory give', { timeout: 300_000 }, () => {
  const session = useSites([MULTILINGUAL_SITE], { downloads: true });
  let file: File;
  let rows: Row[];

  const getJson = async <T>(p: string): Promise<T> =>
    (await fetch(session.sites.multilingual.url(p))).json() as Promise<T>;

  /** Every row of the items table from its file and its deferred columns' files. */
  async function readRows(): Promise<Row[]> {
    file = await getJson<File>('tables/items.json');
    const columns = await Promise.all(
      file.columns.map((c, i) => {
        if (c.deferred) return getJson<Cell[]>(`tables/items.${c.key}.json`);
        const d = file.data[i] as File['data'][number];
        if (Array.isArray(d)) return d;
        return d.codes.map((k) => (Array.isArray(k) ? k.map((x) => String(d.values[x])) : (d.values[k] ?? null)));
      }),
    );
    return Array.from({ length: file.count }, (_, r) =>
      Object.fromEntries(file.columns.map((c, i) => [c.key, columns[i]?.[r] ?? null])),
    );
  }

  /** Rows in ascending order of a column (text ignoring case, numbers as numbers), ties in file order. */
  function sorted(list: Row[], key: string, descending: boolean): Row[] {
    const numeric = file.columns.find((c) => c.key === key)?.type === 'num';
    const keyOf = (row: Row): string | number => {
      const t = textOf(row[key]);
      return numeric ? (t === '' ? -Infinity : Number(t)) : t.toLowerCase();
    };
    const out = list.map((row, i) => ({ row, i, k: keyOf(row) }));
    out.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i));
    if (descending) out.reverse();
    return out.map((x) => x.row);
  }

  /** Per value, the rows holding it (a list cell counts each value). */
  function countsOf(list: Row[], key: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (const row of list) {
      const v = row[key] ?? null;
      for (const x of Array.isArray(v) ? v : [v]) counts.set(textOf(x), (counts.get(textOf(x)) ?? 0) + 1);
    }
    return counts;
  }

  const requested: string[] = [];
  let listening = false;
  async function open(path: 'memory' | 'large', query = ''): Promise<Page> {
    if (!listening) session.context().on('request', (request) => requested.push(request.url()));
    listening = true;
    const page = await session.context().newPage();
    if (path === 'large') await page.addInitScript(() => sessionStorage.setItem('table-large-from', '1'));
    await page.goto(session.sites.multilingual.url(`inventories/items/${query}`));
    await waitForTable(page, 'items');
    await settled(page);
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    assert.equal(
      fetched.some((u) => u.includes('items.first-view.json')),
      path === 'large',
      `the ${path} path fetches the first-view file only when large`,
    );
    return page;
  }

  const settled = (page: Page): Promise<void> =>
    page.locator('section.data-table[data-table="items"][data-ready]:not([data-busy])').waitFor({ timeout: 15_000 });

  /** What the page shows: the status, the names of the page's rows, and each facet's options with their counts. */
  async function shown(
    page: Page,
  ): Promise<{ status: string; names: string[]; ids: string[]; facets: Record<string, string[]> }> {
    const table = tableOf(page, 'items');
    const facets = await table.evaluate((section) =>
      Object.fromEntries(
        [...section.querySelectorAll<HTMLSelectElement>('select[data-facet]')].map((s) => [
          s.dataset.facet,
          [...s.options].map((o) => o.textContent ?? ''),
        ]),
      ),
    );
    return {
      status: await table.locator('.table-status').innerText(),
      names: await shownColumn(table, 'name'),
      ids: await shownColumn(table, 'id'),
      facets,
    };
  }

  const statusOf = (first: number, last: number, total: number): RegExp =>
    new RegExp(
      `^Rows ${first}–${last} of ${total.toLocaleString('en')}${total === rows.length ? '\\.' : ' \\(filtered'}`,
    );

  it('shows the first view with every row counted and each facet counted over every row', async () => {
    rows = await readRows();
    assert.ok(rows.length > 100, `the items table has more than a page of rows (${rows.length})`);
    const large = await open('large');
    const view = await shown(large);
    assert.match(view.status, statusOf(1, 100, rows.length));
    assert.deepEqual(
      view.names,
      rows.slice(0, 100).map((r) => textOf(r.name)),
    );
    for (const key of ['kind', 'language']) {
      const options = new Set(view.facets[key]);
      for (const [value, n] of countsOf(rows, key))
        assert.ok(options.has(`${value === '' ? '(empty)' : value} (${n})`), `${key} ${value} (${n})`);
    }
    assert.deepEqual(view, await shown(await open('memory')));
  });

  it('sorts, pages and counts facets under a facet like the rows in memory', async () => {
    const memory = await open('memory');
    const large = await open('large');
    const act = async (step: (table: ReturnType<typeof tableOf>) => Promise<unknown>): Promise<void> => {
      for (const page of [memory, large]) {
        await step(tableOf(page, 'items'));
        await settled(page);
      }
    };
    await act((table) => table.locator('th[data-column=name] button').click());
    await act((table) => table.locator('th[data-column=name] button').click());
    await act((table) => table.locator('.pager button', { hasText: 'Next' }).click());
    const all = sorted(rows, 'name', true);
    let view = await shown(large);
    assert.match(view.status, statusOf(101, Math.min(200, all.length), all.length));
    assert.deepEqual(
      view.names,
      all.slice(100, 200).map((r) => textOf(r.name)),
    );
    assert.deepEqual(view, await shown(memory));
    await act((table) => table.locator('select[data-facet="kind"]').selectOption('content'));
    const content = all.filter((r) => r.kind === 'content');
    view = await shown(large);
    assert.match(view.status, statusOf(1, Math.min(100, content.length), content.length));
    assert.deepEqual(
      view.names,
      content.slice(0, 100).map((r) => textOf(r.name)),
    );
    const languages = new Set(view.facets.language);
    for (const [value, n] of countsOf(content, 'language'))
      assert.ok(languages.has(`${value === '' ? '(empty)' : value} (${n})`), `language ${value} (${n})`);
    assert.deepEqual(view, await shown(memory));
    assert.equal(new URL(large.url()).search, new URL(memory.url()).search);
    assert.ok(
      requested.some((u) => u.endsWith('/tables/items.order-name.bin')),
      'the sort came from its order file',
    );
  });

  it('gives the view of a URL with a text filter, an operator and a sort, and downloads it whole', async () => {
    const query = '?q=a&level__gt=1&sort=-id&size=25';
    const expected = sorted(
      rows.filter(
        (r) =>
          Number(r.level) > 1 &&
          file.columns.some((c) => (!c.deferred || c.key === 'key') && textOf(r[c.key]).toLowerCase().includes('a')),
      ),
      'id',
      true,
    );
    const csv: string[] = [];
    for (const path of ['memory', 'large'] as const) {
      const page = await open(path, query);
      const view = await shown(page);
      assert.match(view.status, statusOf(1, Math.min(25, expected.length), expected.length), path);
      assert.deepEqual(
        view.ids,
        expected.slice(0, 25).map((r) => textOf(r.id)),
        path,
      );
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        tableOf(page, 'items').locator('.table-downloads button', { hasText: /^CSV$/ }).click(),
      ]);
      csv.push(await readFile(await download.path(), 'utf8'));
    }
    assert.equal(csv[1], csv[0], 'the large path downloads the same view, byte for byte');
    const [head, ...body] = parseCsv((csv[1] ?? '').replace(/^\uFEFF/, ''));
    assert.deepEqual(
      head,
      file.columns.map((c) => c.key),
      'every column, hidden ones too',
    );
    const key = file.columns.findIndex((c) => c.key === 'key');
    assert.deepEqual(
      body.map((line) => line[key]),
      expected.map((r) => textOf(r.key)),
      'every row of the view, in order',
    );
  });
});
