/**
 * A source that echoes the API key, in error bodies and inside item data, in every encoding a server might use
 * (plain past a 200-character cut, URL, form, JSON-escaped, base64 at each alignment, HTTP Basic, hex): the key
 * appears nowhere in the output, the snapshot, the report or the site, and the run says that it was echoed.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { HOSTILE_KEY, expectBuilt, expectRefused, useWorkspaces } from '../support/hostile-harness.ts';

const KEY_BYTES = Buffer.from(HOSTILE_KEY, 'utf8');

/** Every text file under `dir`. */
async function readAll(dir: string): Promise<Array<[string, string]>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return Promise.all(files.map(async (file) => [file, await readFile(file, 'latin1')] as [string, string]));
}

/**
 * Where `text` still gives the key away, found without the crawler's list of forms: any 12 characters of it plain or
 * JSON-escaped, its URL encoding, its hex, or key bytes inside anything that decodes as base64 at any of 4 shifts.
 */
function findLeak(text: string): string | undefined {
  const utf8 = Buffer.from(text, 'latin1').toString('utf8');
  const json = JSON.stringify(HOSTILE_KEY).slice(1, -1);
  for (const form of [HOSTILE_KEY, json, JSON.stringify(json).slice(1, -1)])
    for (let at = 0; at + 12 <= form.length; at += 1) if (utf8.includes(form.slice(at, at + 12))) return `plain ${at}`;
  if (utf8.includes(encodeURIComponent(HOSTILE_KEY).slice(0, 20))) return 'URL-encoded';
  if (utf8.toLowerCase().includes(KEY_BYTES.toString('hex').slice(0, 24))) return 'hex';
  for (const [run] of utf8.matchAll(/[A-Za-z0-9+/_-]{16,}/g))
    for (let shift = 0; shift < 4; shift += 1)
      if (Buffer.from(run.slice(shift), 'base64').includes(KEY_BYTES.subarray(0, 12))) return `base64 ${run}`;
  return undefined;
}

async function assertNoLeak(dir: string, output: string): Promise<void> {
  for (const [file, text] of [['output', output] as [string, string], ...(await readAll(dir))]) {
    const leak = findLeak(text);
    assert.equal(leak, undefined, `${path.relative(dir, file)} gives the key away (${leak})`);
  }
}

const fresh = useWorkspaces();

describe('a source echoing the key', () => {
  it('the oracle finds every echo the source sends', () => {
    const detail = `seen: ${Buffer.from(`xy${HOSTILE_KEY}!`).toString('base64')}`;
    assert.match(findLeak(detail) ?? '', /^base64/);
    assert.equal(findLeak(Buffer.from(HOSTILE_KEY).toString('hex').toUpperCase()), 'hex');
    assert.equal(findLeak(`${'.'.repeat(190)} ${HOSTILE_KEY}`.slice(0, 210)), 'plain 0');
  });

  it('in error bodies: every request fails, the key is nowhere and the run says it was echoed', async () => {
    const workspace = await fresh();
    const run = await expectRefused(workspace, { echoKey: true }, { crawlerExit: 1, ceilingMiB: 400 });
    await assertNoLeak(workspace.dir, run.stderr);
    assert.match(run.stderr, /snapshot: warning: \d+ answers held the API key/);
    const report = await readFile(path.join(`${workspace.snapshot}.partial`, 'report.json'), 'utf8');
    assert.match(report, /\*\*\*/, 'the echoes are masked in place');
  });

  it('in item values: the site is built, the key is nowhere and the run says it was echoed', async () => {
    const workspace = await fresh();
    const { run, report } = await expectBuilt(workspace, { echoKeyInValues: true }, { ceilingMiB: 400 });
    await assertNoLeak(workspace.dir, run.stderr);
    assert.match(run.stderr, /snapshot: warning: \d+ answers held the API key/);
    assert.ok(report.warnings.some((w) => w.code === 'key-echoed'));
  });
});
