import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, it } from 'node:test';

const BENCH = resolve(import.meta.dirname, '../../bench/bench.ts');

/** A small run of the benchmark, so the command cannot rot; timings are recorded, never asserted. */
it('npm run bench runs the whole pipeline at small N and records every figure', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const run = spawnSync(
    process.execPath,
    [
      BENCH,
      '--items',
      '300',
      '--concurrency',
      '4',
      '--load-seconds',
      '2',
      '--results-dir',
      join(dir, 'results'),
      '--benchmarks-file',
      join(dir, 'BENCHMARKS.md'),
      '--work-dir',
      join(dir, 'work'),
    ],
    { encoding: 'utf8', timeout: 300_000 },
  );
  assert.equal(run.status, 0, run.stderr);
  const [file] = readdirSync(join(dir, 'results'));
  const result = JSON.parse(readFileSync(join(dir, 'results', file!), 'utf8'));
  assert.ok(result.counts.content > 0 && result.counts.media > 0);
  assert.ok(
    result.counts.pages > result.counts.content + result.counts.media,
    'an item page per item, plus lists and types',
  );
  assert.ok(result.floor.byIdPerSecond > 0 && result.floor.errors === 0);
  assert.ok(result.crawl.requests >= result.counts.content + result.counts.media, 'every item fetched by id');
  const { largestAnswer } = result.crawl;
  assert.ok(largestAnswer.bytes > 0 && /\/Get[A-Za-z]+\?/.test(largestAnswer.url), 'the largest answer and its URL');
  assert.ok(Object.keys(result.crawl.windows).length > 0, 'the tree windows by width');
  for (const step of [result.crawl, result.siteData, result.render]) assert.ok(step.s > 0 && step.peakRssMB > 0);
  assert.ok(result.astro.s > 0 && result.search.s > 0, 'each side of the render step reports its own time');
  assert.ok(result.mapping.s > 0 && result.mapping.bytes > 0 && result.mapping.from.s > 0, 'the mapping workbook');
  assert.ok(result.render.s >= Math.max(result.astro.s, result.search.s) - 0.5, 'the step lasts as long as its sides');
  const byLabel = new Map<string, { results: string }>(
    result.search.queries.map((q: { label: string; results: string }) => [q.label, q]),
  );
  assert.deepEqual(
    [...byLabel.keys()],
    [
      'rare word',
      'very common word',
      'two-word phrase',
      'name',
      'GUID',
      'int id',
      'URL path',
      'word + type filter',
      'word + language filter',
      'no match',
    ],
  );
  for (const q of [result.search.coldFirst, ...result.search.queries]) assert.match(q.results, /^\d+ results? for/);
  assert.match(byLabel.get('GUID')!.results, /^1 result for/, 'a GUID names one item');
  assert.match(byLabel.get('int id')!.results, /^1 result for/, 'an int id names one item');
  assert.match(byLabel.get('no match')!.results, /^0 results for/);
  const common = Number(byLabel.get('very common word')!.results.split(' ')[0]);
  for (const label of ['word + type filter', 'word + language filter'])
    assert.ok(Number(byLabel.get(label)!.results.split(' ')[0]) < common, `${label} narrows the common word`);
  assert.ok(result.search.medianMs > 0 && result.search.maxMs >= result.search.medianMs);
  assert.ok(result.floors.astro.s > 0);
  assert.ok(result.diff.s > 0 && result.diff.edited > 0 && result.diff.listed === result.diff.edited, 'the diff step');
  assert.ok(result.sqlite.s > 0 && result.sqlite.peakRssMB > 0 && result.sqlite.MB > 0, 'the SQLite export');
  const added = result.auditAndDiagrams;
  assert.ok(added.auditS >= 0 && added.diagramsS > 0 && added.addedPercent > 0, 'the audit and the diagrams are timed');
  const table = readFileSync(join(dir, 'BENCHMARKS.md'), 'utf8');
  assert.match(table, /\| 300 \| \d+ cores, \d+ GiB \|/);
  assert.match(table, /\| [\d.]+ \(\+[\d.]+%\) \|\n$/, 'the row ends with what the audit and the diagrams add');
  assert.equal(readdirSync(dir).includes('work'), false, 'the work folder is removed');
});
