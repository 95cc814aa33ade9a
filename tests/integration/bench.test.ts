import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  assert.equal(result.counts.published, result.counts.content + result.counts.media, 'published items, not N');
  assert.ok(
    result.counts.pages > result.counts.content + result.counts.media,
    'an item page per item, plus lists and types',
  );
  assert.ok(result.floor.byIdPerSecond > 0 && result.floor.errors === 0);
  assert.ok(result.crawl.requests >= result.counts.content + result.counts.media, 'every item fetched by id');
  const { largestAnswer } = result.crawl;
  assert.ok(largestAnswer.bytes > 0 && /\/Get[A-Za-z]+\?/.test(largestAnswer.url), 'the largest answer and its URL');
  assert.ok(Object.keys(result.crawl.windows).length > 0, 'the tree windows by width');
  for (const step of [result.crawl, result.siteData, result.render])
    assert.ok(step.s > 0 && step.cpuS > 0 && step.peakRssMB > 0, 'wall time, CPU time and peak of each step');
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
  // A name typed key by key: the keys take at least their delays, and its results come after the last key.
  const { typed } = result.search;
  assert.match(typed.results, /^\d+ results? for /);
  assert.ok(typed.results.includes(`“${typed.query}”`), `${typed.results}: the whole name searched`);
  assert.ok(typed.typingMs >= (typed.query.length - 1) * typed.keyMs, 'the keys took their delays');
  assert.ok(typed.resultsMs >= typed.typingMs, 'the results came after the last key');
  assert.ok(result.floors.astro.s > 0);
  assert.ok(result.diff.s > 0 && result.diff.edited > 0 && result.diff.listed === result.diff.edited, 'the diff step');
  assert.ok(result.sqlite.s > 0 && result.sqlite.peakRssMB > 0 && result.sqlite.MB > 0, 'the SQLite export');
  const nightly = result.incremental;
  assert.ok(nightly.edited > 0 && nightly.full.s > 0 && nightly.incremental.s > 0 && nightly.ratio > 0, 'a night');
  assert.ok(nightly.full.cpuS > 0 && nightly.incremental.cpuS > 0, 'and its CPU time');
  for (const night of [nightly.full, nightly.incremental]) {
    assert.ok(night.userS > 0 && night.userS <= night.cpuS, 'the user part of it');
    const { siteData = 0, sideBySide = 0, astro = 0, itemPages = 0, rest = -1 } = night.steps;
    assert.ok(
      siteData > 0 && astro > 0 && itemPages > 0,
      `the night's steps, from its build's lines: ${JSON.stringify(night.steps)}`,
    );
    assert.ok(sideBySide >= astro && rest >= 0 && siteData + sideBySide <= night.s, 'the steps fit in the night');
  }
  assert.ok(
    nightly.incremental.pagesTaken > 0 && nightly.incremental.pagesTaken < nightly.incremental.pages,
    'the nightly build took the unchanged pages from the last site and rendered the changed ones',
  );
  const added = result.auditAndDiagrams;
  assert.ok(added.auditS >= 0 && added.diagramsS > 0 && added.addedPercent > 0, 'the audit and the diagrams are timed');
  const table = readFileSync(join(dir, 'BENCHMARKS.md'), 'utf8');
  const built = `${result.counts.published} published, ${result.counts.pages} pages`;
  assert.ok(table.includes(`| 300 (${built}) | `), 'the row says what 300 generated items made');
  assert.match(table, /\| \d+ cores, \d+ GiB \|/);
  assert.match(table, /\| [\d.]+ \(\+[\d.]+%\) \|\n$/, 'the row ends with what the audit and the diagrams add');
  assert.equal(readdirSync(dir).includes('work'), false, 'the work folder is removed');
});

it('--until crawl stops after the crawl and records its figures as a row', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-crawl-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const args = ['--items', '300', '--until', 'crawl', '--load-seconds', '1', '--work-dir', join(dir, 'work')];
  const run = spawnSync(
    process.execPath,
    [BENCH, ...args, '--results-dir', join(dir, 'results'), '--benchmarks-file', join(dir, 'BENCHMARKS.md')],
    { encoding: 'utf8', timeout: 120_000 },
  );
  assert.equal(run.status, 0, run.stderr);
  const files = readdirSync(join(dir, 'results'));
  assert.equal(files.length, 1);
  assert.match(files[0]!, /-300-crawl\.json$/);
  const result = JSON.parse(readFileSync(join(dir, 'results', files[0]!), 'utf8'));
  assert.equal(result.until, 'crawl');
  assert.ok(result.crawl.s > 0 && result.crawl.requests >= result.counts.published && result.crawl.ratio > 0);
  assert.ok(result.crawl.largestAnswer.bytes > 0 && Object.keys(result.crawl.windows).length > 0);
  assert.equal(result.siteData, undefined, 'no site step ran');
  const row = readFileSync(join(dir, 'BENCHMARKS.md'), 'utf8').trimEnd().split('\n').at(-1)!;
  assert.ok(row.includes(`| 300 (${result.counts.published} published) |`), row);
  assert.ok(row.includes(`| ${result.crawl.s} | ${result.crawl.ratio} |`), row);
  assert.ok(row.includes('--until crawl`'), row);
  assert.equal(row.split(' | ').length, 24, 'as many cells as the header');
  const bad = spawnSync(process.execPath, [BENCH, '--items', '300', '--until', 'render'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--until takes 'crawl'/);
});

it('--resume runs the steps not recorded, rendering again into the kept work folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-resume-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const work = join(dir, 'work');
  const bench = (results: string, ...more: string[]) =>
    spawnSync(
      process.execPath,
      [
        BENCH,
        ...['--items', '300', '--load-seconds', '1', '--skip', 'floors,diff,mapping,incremental', '--keep'],
        ...['--work-dir', work],
        ...['--results-dir', join(dir, results), '--benchmarks-file', join(dir, 'BENCHMARKS.md'), ...more],
      ],
      { encoding: 'utf8', timeout: 300_000 },
    );
  const first = bench('first');
  assert.equal(first.status, 0, first.stderr);
  // The render step (and the SQLite file written into its site) taken back, as one edits the progress file to redo it.
  const progressFile = join(work, 'bench-progress.json');
  const progress = JSON.parse(readFileSync(progressFile, 'utf8'));
  delete progress.render;
  delete progress.sqlite;
  writeFileSync(progressFile, JSON.stringify(progress));
  const again = bench('again', '--resume');
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stderr, /crawl: done in the run resumed/);
  assert.doesNotMatch(again.stderr, /render: done in the run resumed/);
  const resultOf = (run: string) => {
    const files = readdirSync(join(dir, run));
    assert.equal(files.length, 1, run);
    return JSON.parse(readFileSync(join(dir, run, files[0]!), 'utf8'));
  };
  const [before, after_] = [resultOf('first'), resultOf('again')];
  assert.equal(after_.counts.pages, before.counts.pages, 'the same site rendered again');
  assert.ok(after_.render.s > 0 && after_.sqlite.MB > 0);
  assert.ok(readdirSync(join(work, 'dist')).includes('search-bundles.json'));
});
