/**
 * Hostile sources whose crawl must be refused: each run goes through `npm run build` and must leave the previous
 * snapshot and the previous dist/ byte-identical, with the crawler's own exit code and a bounded peak RSS.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import {
  dropWorkspace,
  expectRefused,
  FAST,
  HOSTILE_KEY,
  makeBaseline,
  type Workspace,
} from '../support/hostile-harness.ts';
import { startHostileSource } from '../support/hostile-source.ts';
import { runMeasured } from '../support/measured-child.ts';

const CEILING = 400;
let workspace: Workspace;
before(async () => {
  workspace = await makeBaseline();
});
after(() => dropWorkspace(workspace));

/** The report of the refused run, which went to `<snapshot>.partial`. */
async function partialFailures(): Promise<string[]> {
  const report = JSON.parse(await readFile(`${workspace.snapshot}.partial/report.json`, 'utf8')) as {
    failures: Array<{ message: string }>;
  };
  return report.failures.map((failure) => failure.message);
}

describe('refused crawls leave the previous snapshot and site alone', () => {
  it('roots answered [] where the previous snapshot had items: exit 5 (shrink refused)', async () => {
    const run = await expectRefused(workspace, { emptyRoots: true }, { crawlerExit: 5, ceilingMiB: CEILING });
    assert.match(run.stderr, /--allow-shrink/);
  });

  it('an HTML login page answering 200 to all, even with --max-failures 10: exit 1 (no root listing)', async () => {
    await expectRefused(
      workspace,
      { htmlLoginPage: true },
      { crawlerExit: 1, ceilingMiB: CEILING, args: ['--max-failures', '10'] },
    );
  });

  it('the same login page with no previous snapshot: exit 1, since the root listing failed', async () => {
    const source = await startHostileSource({ htmlLoginPage: true });
    try {
      const out = `${workspace.dir}/fresh-snapshot`;
      const run = await runMeasured('snapshot', [
        '--source',
        source.url,
        '--out',
        out,
        ...FAST,
        '--max-failures',
        '10',
      ]);
      assert.equal(run.code, 1, run.stderr);
      assert.match(run.stderr, /incomplete/);
    } finally {
      await source.close();
    }
  });

  it('null bodies for items, string ids, non-GUID keys: exit 1', async () => {
    for (const behaviour of [{ nullItems: true }, { stringIds: true }, { nonGuidKeys: true }]) {
      await expectRefused(workspace, behaviour, { crawlerExit: 1, ceilingMiB: CEILING });
    }
  });

  it('a slow drip runs into the timeout: exit 1', async () => {
    await expectRefused(
      workspace,
      { slowDripMs: 20 },
      { crawlerExit: 1, ceilingMiB: CEILING, args: ['--timeout-ms', '300'] },
    );
  });

  it('content types that invent new compositions forever stop at --max-content-types', async () => {
    const run = await expectRefused(
      workspace,
      { inventCompositions: true },
      {
        crawlerExit: 1,
        ceilingMiB: CEILING,
        args: ['--max-content-types', '40'],
      },
    );
    assert.match(run.stderr, /report\.json/);
    assert.ok((await partialFailures()).some((message) => /--max-content-types 40/.test(message)));
  });

  it('a gzip answer that unpacks to 512 MiB is refused past --max-decompressed-bytes, in bounded memory', async () => {
    await expectRefused(workspace, { gzipBombBytes: 512 << 20 }, { crawlerExit: 1, ceilingMiB: CEILING });
    const failures = await partialFailures();
    assert.equal(failures.length, 1, failures.join('\n'));
    assert.match(failures[0] ?? '', /--max-decompressed-bytes/);
  });

  it('a value nested 200,000 deep fails its item only, past --max-depth', async () => {
    await expectRefused(workspace, { deepValue: 200_000 }, { crawlerExit: 1, ceilingMiB: CEILING });
    const failures = await partialFailures();
    assert.equal(failures.length, 1, failures.join('\n'));
    assert.match(failures[0] ?? '', /--max-depth/);
  });

  it('a redirect to another origin is refused without --follow-redirects', async () => {
    const elsewhere = await startHostileSource({});
    try {
      await expectRefused(workspace, { redirectTo: elsewhere.url }, { crawlerExit: 1, ceilingMiB: CEILING });
      assert.deepEqual(elsewhere.requests, [], 'the other origin was never contacted');
      assert.ok((await partialFailures()).some((message) => /--follow-redirects/.test(message)));
    } finally {
      await elsewhere.close();
    }
  });

  it('an error body echoing the key URL-encoded, form-encoded or JSON-escaped: no form reaches output', async () => {
    const run = await expectRefused(workspace, { echoKey: true }, { crawlerExit: 1, ceilingMiB: CEILING });
    const partial = await readFile(`${workspace.snapshot}.partial/report.json`, 'utf8');
    const forms = [
      HOSTILE_KEY,
      encodeURIComponent(HOSTILE_KEY),
      new URLSearchParams({ k: HOSTILE_KEY }).toString().slice(2),
      JSON.stringify(HOSTILE_KEY).slice(1, -1),
      JSON.stringify(JSON.stringify(HOSTILE_KEY)).slice(1, -1),
    ];
    for (const form of forms) {
      assert.ok(!partial.includes(form), `report holds ${form}`);
      assert.ok(!run.stderr.includes(form) && !run.stdout.includes(form), `output holds ${form}`);
    }
    assert.match(partial, /\*\*\*/);
  });
});
