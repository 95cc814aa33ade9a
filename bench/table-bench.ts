/**
 * `npm run bench:table -- --dist DIR`: the items inventory table of a built site in Chromium (bench/table-timing.ts),
 * alone: the first view's time and bytes, the time and bytes until every row is held, each action's time and bytes.
 * For a site built elsewhere (a 1M-row table takes the whole pipeline to build; this measures its table only).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { timeTable } from './table-timing.ts';

const { values } = parseArgs({ options: { dist: { type: 'string' } } });
const dist = resolve(values.dist ?? 'dist');
if (!existsSync(join(dist, 'inventories', 'items', 'index.html'))) {
  process.stderr.write(`bench:table: no items inventory page in ${dist} (build the site first, or pass --dist DIR)\n`);
  process.exit(2);
}
const t = await timeTable(dist);
const kb = (bytes: number): string => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;
process.stderr.write(
  `bench:table: ${t.rows.toLocaleString('en')} rows, ${t.path} path; first view in ${t.readyMs} ms after ` +
    `${kb(t.readyBytes)}; every row held in ${t.completeMs} ms after ${kb(t.completeBytes)}\n` +
    t.actions.map((a) => `bench:table:   ${a.action}: ${a.ms} ms, ${kb(a.bytes)}\n`).join(''),
);
process.stdout.write(`${JSON.stringify(t)}\n`);
