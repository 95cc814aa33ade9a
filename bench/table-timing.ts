import type { Page } from '../scripts/browser/chromium.ts';
import { withBenchPage } from './browser-session.ts';

export interface TableTiming {
  rows: number;
  /** `large`: the first-view file, then a worker holding the rows; `memory`: every row in the page. */
  path: 'large' | 'memory';
  /** Navigation start → the items table's first view is shown with its controls, on a cold cache; bytes until then. */
  readyMs: number;
  readyBytes: number;
  /** Navigation start → every row is held (the table file read, by the page or its worker); bytes until then. */
  completeMs: number;
  completeBytes: number;
  /** Each action after every row is held: until the table shows its result, and the bytes it fetched. */
  actions: Array<{ action: string; ms: number; bytes: number }>;
}

const TABLE = 'section.data-table[data-table="items"]';

interface Action {
  action: string;
  selector: string;
  value?: string;
  event?: 'change' | 'input';
}

/** Clicks (or sets and signals) one control and waits until the table changes; returns the page-side milliseconds. */
async function timeAction(page: Page, step: Action): Promise<number> {
  return page.evaluate(async (a: Action) => {
    const section = document.querySelector('section.data-table[data-table="items"]') as HTMLElement;
    const changed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        resolve();
      });
      observer.observe(section.querySelector('tbody') as Node, { childList: true });
      observer.observe(section.querySelector('.table-status') as Node, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    const control = [...section.querySelectorAll<HTMLInputElement>(a.selector)].find(
      (e) => !a.value || a.event || e.textContent === a.value,
    );
    if (!control) throw new Error(`no control ${a.selector}`);
    const started = performance.now();
    if (a.event) {
      control.value = a.value ?? '';
      control.dispatchEvent(new Event(a.event));
    } else control.click();
    await changed;
    return performance.now() - started;
  }, step);
}

const ACTIONS: Action[] = [
  { action: 'sort by name', selector: 'th[data-column=name] button' },
  { action: 'sort by name, descending', selector: 'th[data-column=name] button' },
  { action: 'facet kind = content', selector: 'select[data-facet=kind]', value: 'content', event: 'change' },
  { action: 'next page', selector: '.pager button', value: 'Next' },
  { action: 'last page', selector: '.pager button', value: 'Last' },
  { action: 'text filter (120 ms debounce included)', selector: 'input[type=search]', value: 'item', event: 'input' },
  { action: 'sort by id', selector: 'th[data-column=id] button' },
];

/**
 * The items inventory table in Chromium: cold load to the first view and to every row held, then each action's time
 * and the bytes it fetched.
 */
export async function timeTable(distDir: string): Promise<TableTiming> {
  return withBenchPage(distDir, async ({ page, url, counter }) => {
    await page.goto(`${url}/inventories/items/`);
    await page.waitForSelector(`${TABLE}[data-ready="true"]`);
    const readyMs = await page.evaluate(() => performance.now());
    const readyBytes = counter.bytes;
    await page.locator(`${TABLE}[data-complete="true"]`).waitFor({ timeout: 600_000 });
    const completeMs = await page.evaluate(() => performance.now());
    await page.waitForTimeout(300);
    const completeBytes = counter.bytes;
    const path = await page.evaluate(() =>
      performance.getEntriesByType('resource').some((e) => e.name.endsWith('.first-view.json')) ? 'large' : 'memory',
    );
    const rows = Number(
      (await page.locator(`${TABLE} .table-status`).innerText()).match(/of ([\d,]+)/)?.[1]?.replace(/,/g, ''),
    );
    const actions: TableTiming['actions'] = [];
    for (const step of ACTIONS) {
      counter.bytes = 0;
      const ms = await timeAction(page, step);
      await page.waitForTimeout(200);
      actions.push({ action: step.action, ms: Math.round(ms), bytes: counter.bytes });
    }
    return {
      rows,
      path,
      readyMs: Math.round(readyMs),
      readyBytes,
      completeMs: Math.round(completeMs),
      completeBytes,
      actions,
    };
  });
}
