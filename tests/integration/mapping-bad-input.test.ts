/**
 * Bad input to `npm run mapping`: a previous workbook that is no workbook, lacks a sheet or a key column is refused
 * with one line and exit 4 (nothing written); a missing analyst column, a key of no known form, a row without a key
 * and a dropdown value typed wrongly are warnings naming sheet, row and column, and nothing typed is lost.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import { runBuild } from '../../scripts/pipeline/run-build.ts';
import { crawl, mapping, openWorkbook, sheetRows } from '../support/mapping-workbook.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

describe('bad input to the mapping command', () => {
  let work: string;
  let snapshot: string;
  let base: string;
  let n = 0;

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'mapping-bad-'));
    snapshot = path.join(work, 'snapshot');
    await crawl(sharedDatabase('pedrohelder98_bluegrassassessment.db'), snapshot);
    base = path.join(work, 'base.xlsx');
    assert.equal((await mapping(['--snapshot', snapshot, '--out', base])).code, 0);
  });
  after(() => rm(work, { recursive: true, force: true }));

  /** The base workbook changed by `edit`, saved, and given to --from. */
  async function fromEdited(edit: (workbook: ExcelJS.Workbook) => void) {
    const workbook = await openWorkbook(base);
    edit(workbook);
    const from = path.join(work, `edited-${++n}.xlsx`);
    await workbook.xlsx.writeFile(from);
    const out = path.join(work, `out-${n}.xlsx`);
    return { ...(await mapping(['--snapshot', snapshot, '--out', out, '--from', from])), file: out };
  }
  const oneLine = (err: string): void => assert.equal(err.trim().split('\n').length, 1, err);
  const header = (sheet: ExcelJS.Worksheet, name: string): ExcelJS.Cell => {
    const index = (sheet.getRow(1).values as string[]).indexOf(name);
    assert.ok(index > 0, `column ${name}`);
    return sheet.getRow(1).getCell(index);
  };

  it('refuses a file that is not a workbook, or is missing, with one line and exit 4', async () => {
    const bad = path.join(work, 'not-a-workbook.xlsx');
    await writeFile(bad, 'key,alias\n1,2\n');
    const out = path.join(work, 'never.xlsx');
    for (const from of [bad, path.join(work, 'missing.xlsx')]) {
      const run = await mapping(['--snapshot', snapshot, '--out', out, '--from', from]);
      assert.equal(run.code, 4);
      oneLine(run.err);
      assert.match(run.err, /^mapping: .*(not an \.xlsx workbook|no such file)/);
      assert.equal(existsSync(out), false);
    }
  });

  it('refuses a workbook without a model sheet or without a key column', async () => {
    const noSheet = await fromEdited((wb) => wb.removeWorksheet(wb.getWorksheet('Blocks')?.id ?? 0));
    assert.equal(noSheet.code, 4);
    oneLine(noSheet.err);
    assert.match(noSheet.err, /no sheet named Blocks/);
    const noKey = await fromEdited((wb) => {
      header(wb.getWorksheet('Types') as ExcelJS.Worksheet, 'key').value = 'kee';
    });
    assert.equal(noKey.code, 4);
    assert.match(noKey.err, /sheet Types has no "key" column/);
    assert.equal(existsSync(noKey.file), false);
  });

  it('warns about a missing analyst column, a wrong dropdown value, an unknown key and a row without a key', async () => {
    const run = await fromEdited((wb) => {
      const types = wb.getWorksheet('Types') as ExcelJS.Worksheet;
      const disposition = header(types, 'disposition').col;
      const target = header(types, 'target').col;
      types.getRow(2).getCell(disposition).value = 'migarte';
      types.getRow(3).getCell(1).value = 'not-a-key';
      types.getRow(3).getCell(target).value = 'typed on a row whose key was overwritten';
      const properties = wb.getWorksheet('Properties') as ExcelJS.Worksheet;
      header(properties, 'status').value = null;
      const note = header(properties, 'note').col;
      properties.getRow(properties.rowCount + 3).getCell(note).value = 'a note on a row of its own';
    });
    assert.equal(run.code, 0, run.err);
    const warnings = run.err.trim().split('\n');
    assert.ok(
      warnings.every((w) => w.startsWith('mapping: warning: ')),
      run.err,
    );
    assert.ok(
      warnings.some((w) => /Properties: column "status" is missing/.test(w)),
      run.err,
    );
    assert.ok(
      warnings.some((w) => /Types row 2, column disposition: "migarte" is not one of/.test(w)),
      run.err,
    );
    assert.ok(
      warnings.some((w) => /Types row 3, column key: "not-a-key" is no key/.test(w)),
      run.err,
    );
    assert.ok(
      warnings.some((w) => /Properties row \d+, column row key: no key/.test(w)),
      run.err,
    );
    assert.equal(warnings.length, 4, run.err);

    const out = await openWorkbook(run.file);
    const types = sheetRows(out, 'Types');
    assert.ok(
      types.some((r) => r.disposition === 'migarte'),
      'the wrong value is kept as typed',
    );
    const unknown = types.filter((r) => r.drift === 'removed (unknown key)');
    assert.deepEqual(
      unknown.map((r) => [r.key, r.target]),
      [['not-a-key', 'typed on a row whose key was overwritten']],
    );
    assert.equal(types.filter((r) => r.drift === 'new').length, 1, 'the type whose key was overwritten comes back new');
    const orphan = sheetRows(out, 'Properties').filter((r) => r.drift === 'removed (no key)');
    assert.deepEqual(
      orphan.map((r) => r.note),
      ['a note on a row of its own'],
    );
    const about = sheetRows(out, 'About');
    assert.ok(JSON.stringify(about).includes('migarte'), 'About lists the warnings');
  });

  it('stops a build whose --mapping workbook is unusable with exit 9 and one line', async () => {
    const bad = path.join(work, 'build-not-a-workbook.xlsx');
    await writeFile(bad, 'not a workbook');
    let output = '';
    const sink = { write: (t: string) => (output += t) };
    const args = [
      '--snapshot',
      snapshot,
      '--mapping',
      bad,
      '--out',
      path.join(work, 'dist'),
      '--cache',
      path.join(work, 'cache'),
    ];
    const code = await runBuild([...args, '--quiet', '--no-search'], {}, { stdout: sink, stderr: sink });
    assert.equal(code, 9, output);
    oneLine(output);
    assert.match(output, /^build: the mapping workbook could not be used: .*not an \.xlsx workbook/);
    assert.equal(existsSync(path.join(work, 'dist')), false);
  });

  it('reports usage problems all at once (exit 2) and a missing snapshot (exit 3)', async () => {
    const usage = await mapping(['--out', 'x.csv', '--bogus']);
    assert.equal(usage.code, 2);
    oneLine(usage.err);
    for (const problem of ['unknown option --bogus', '--snapshot DIR is required', '--out must name an .xlsx file'])
      assert.ok(usage.err.includes(problem), usage.err);
    const missing = await mapping(['--snapshot', path.join(work, 'nowhere'), '--out', path.join(work, 'x.xlsx')]);
    assert.equal(missing.code, 3);
    assert.match(missing.err, /nowhere: no such folder/);
  });
});
