/** Reading an interactive inventory table in the browser: readiness, the cells shown, and cells that wrap. */
import type { Locator, Page } from '../../scripts/browser/chromium.ts';

export const tableOf = (page: Page, name: string): Locator => page.locator(`section.data-table[data-table="${name}"]`);

/** Waits until the table is interactive and its deferred columns (GUIDs) have arrived. */
export async function waitForTable(page: Page, name: string): Promise<Locator> {
  await page.locator(`section.data-table[data-table="${name}"][data-complete]`).waitFor({ timeout: 15_000 });
  return tableOf(page, name);
}

/** Opens the facets and filters where a narrow screen starts them closed, as a reader would: by their summary. */
export async function openRefine(table: Locator): Promise<void> {
  const refine = table.locator('details.table-refine');
  if (!(await refine.evaluate((d) => (d as HTMLDetailsElement).open))) await refine.locator('summary').click();
}

/** The texts of one column (by its `data-column` key) in the rows shown now. */
export function shownColumn(table: Locator, column: string): Promise<string[]> {
  return table.evaluate((section, key) => {
    const index = [...section.querySelectorAll('thead th')].findIndex(
      (th) => (th as HTMLElement).dataset.column === key,
    );
    if (index < 0) throw new Error(`no column ${key}`);
    return [...section.querySelectorAll('tbody tr')].map((tr) => (tr.children[index] as HTMLElement).innerText);
  }, column);
}

/**
 * Cells of the "code" and "num" columns (ids, GUIDs, dates, aliases) whose text takes more than one line: a text's
 * line boxes are counted through a Range over the cell's contents (one client rect per line for unbroken text).
 */
export function wrappedCells(table: Locator): Promise<string[]> {
  return table.evaluate((section) => {
    const out: string[] = [];
    for (const td of section.querySelectorAll('tbody td.code, tbody td.num')) {
      if ((td.textContent ?? '') === '') continue;
      const range = document.createRange();
      range.selectNodeContents(td);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) out.push(td.textContent ?? '');
    }
    return out;
  });
}

/** Each text cell (neither "code" nor "num") of the shown rows: its text, its width in px and its lines. */
export function textCellLines(table: Locator): Promise<Array<{ text: string; width: number; lines: number }>> {
  return table.evaluate((section) =>
    [...section.querySelectorAll('tbody td:not(.code):not(.num)')]
      .filter((td) => (td.textContent ?? '').trim() !== '')
      .map((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        return { text: td.textContent ?? '', width: Math.round(td.getBoundingClientRect().width), lines: tops.size };
      }),
  );
}

/** How far the header row moves when the table's box is scrolled down by `by` pixels (0 for a sticky header). */
export function headerShiftOnScroll(table: Locator, by: number): Promise<number> {
  return table.evaluate((section, distance) => {
    const box = section.querySelector('.table-box') as HTMLElement;
    const th = section.querySelector('thead th') as HTMLElement;
    const before = th.getBoundingClientRect().top;
    box.scrollTop = distance;
    const shift = th.getBoundingClientRect().top - before;
    box.scrollTop = 0;
    return box.scrollHeight > box.clientHeight + distance ? shift : Number.NaN;
  }, by);
}

/** Whether the table scrolls inside its own box while the page itself does not scroll sideways. */
export function scrollsInOwnBox(table: Locator): Promise<{ box: boolean; page: boolean }> {
  return table.evaluate((section) => {
    const box = section.querySelector('.table-box') as HTMLElement;
    return { box: box.scrollWidth > box.clientWidth, page: document.documentElement.scrollWidth > window.innerWidth };
  });
}

/**
 * How a table of property changes lays out its rows: for each, whether the difference cell (the last) sits below the
 * property's cell rather than beside it, and its width as a share of the row's.
 */
export function changeRowLayout(table: Locator): Promise<Array<{ below: boolean; share: number }>> {
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const first = row.firstElementChild!.getBoundingClientRect();
      const last = row.lastElementChild!.getBoundingClientRect();
      return { below: last.top >= first.bottom, share: last.width / row.getBoundingClientRect().width };
    }),
  );
}
