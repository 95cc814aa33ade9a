/**
 * Hostile text in the mapping workbook stays text: values that a spreadsheet would take for a formula, control,
 * bidi and line-separator characters, OOXML's own `_xHHHH_` escapes, prototype-named aliases and lone surrogates are
 * written as text and read back as they were (a lone surrogate, which no file can hold, as U+FFFD).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ModelFacts } from '../../scripts/core/mapping-format.ts';
import { planSheets } from '../../scripts/mapping/carry-answers.ts';
import { listFactRows } from '../../scripts/mapping/fact-rows.ts';
import { readWorkbook } from '../../scripts/mapping/workbook-reader.ts';
import { writeWorkbook } from '../../scripts/mapping/workbook-writer.ts';
import { openWorkbook, sheetRows } from '../support/mapping-workbook.ts';

const HOSTILE = [
  '=HYPERLINK("http://evil.example","click")',
  '+1+2',
  '-3',
  '@SUM(A1)',
  "'=already guarded",
  '\tleading tab',
  'bell \u0007 and nul \u0000 and escape \u001b',
  'bidi \u202Eevil\u202C and line\u2028separator',
  'looks escaped _x0041_ and _x005F_',
  '__proto__',
  'constructor',
  'lone \uD800 surrogate',
];
const expectedBack = (text: string): string => text.replace(/\uD800/g, '\uFFFD');

function hostileFacts(): ModelFacts {
  const base = { kind: 'document' as const, items: 1, blockUses: 0, composedInto: [], parentOf: [] };
  return {
    source: { url: 'http://127.0.0.1:1', kind: 'database', finishedAt: '2026-01-01T00:00:00Z' },
    counts: { content: 1, media: 0, types: HOSTILE.length },
    types: HOSTILE.map((text, i) => ({
      ...base,
      key: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
      alias: text,
      name: text,
    })),
    properties: [],
    blocks: [],
    editors: HOSTILE.map((alias) => ({ alias, properties: 1, types: 1, values: 0 })),
  };
}

describe('hostile text in the mapping workbook', () => {
  let work: string;
  let file: string;
  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'mapping-hostile-'));
    file = path.join(work, 'hostile.xlsx');
    const { plans } = planSheets(listFactRows(hostileFacts()));
    await writeWorkbook(file, plans, [['Source', HOSTILE[0] as string]]);
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('writes no formula anywhere, and shows formula-like text behind the guard', async () => {
    const workbook = await openWorkbook(file);
    let cells = 0;
    workbook.eachSheet((sheet) =>
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          cells += 1;
          assert.equal(cell.type === ExcelJS.ValueType.Formula || cell.formula !== undefined, false, cell.address);
        }),
      ),
    );
    assert.ok(cells > HOSTILE.length * 2);
    const aliases = sheetRows(workbook, 'Types').map((r) => r.alias);
    assert.equal(aliases[0], `'${HOSTILE[0]}`);
    assert.equal(aliases[4], `''=already guarded`);
  });

  it('reads every value back as it was', async () => {
    const { sheets, warnings } = await readWorkbook(file);
    assert.deepEqual(warnings, []);
    const types = sheets.get('Types')?.rows ?? [];
    assert.deepEqual(
      types.map((r) => [r.cells.get('alias'), r.cells.get('name')]),
      HOSTILE.map((t) => [expectedBack(t), expectedBack(t)]),
    );
    assert.deepEqual(
      (sheets.get('Editors')?.rows ?? []).map((r) => r.key),
      HOSTILE.map(expectedBack).map((t) => t.trim()),
    );
  });
});
