/**
 * The downloads copied from the site data into the site (scripts/pipeline/downloads-step.ts). The site data here is
 * written by the test itself: each required file, one optional file, and a stray file that no page links.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { copyDownloads } from '../../scripts/pipeline/downloads-step.ts';
import { INVENTORIES } from '../../src/lib/pages/inventory-list.ts';

const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'downloads-step-'));
  dirs.push(dir);
  return dir;
}

/** What every site's data holds, by the inventories the site lists and the documented extra files. */
const required = [
  ...INVENTORIES.flatMap((i) => [`${i.name}.csv`, `${i.name}.json`]),
  'model.dot',
  'model.mmd',
  'decisions-orphaned.csv',
  'decisions-orphaned.json',
];

function siteDataWith(files: string[]): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'downloads'));
  for (const file of files)
    writeFileSync(path.join(dir, 'downloads', file), `${file}\n\u2028\u{1F600}${'x'.repeat(99)}`);
  return dir;
}

describe('the downloads, copied from the site data', () => {
  it('copies every required file, the optional ones present, and nothing else, byte for byte', async () => {
    const siteData = siteDataWith([...required, 'mapping-coverage.json', 'stray.csv']);
    const out = tempDir();
    const summary = await copyDownloads(siteData, out);
    const copied = readdirSync(path.join(out, 'downloads')).sort();
    assert.deepEqual(copied, [...required, 'mapping-coverage.json'].sort());
    for (const file of copied)
      assert.ok(
        readFileSync(path.join(out, 'downloads', file)).equals(readFileSync(path.join(siteData, 'downloads', file))),
      );
    assert.equal(summary.files, copied.length);
    assert.equal(
      summary.bytes,
      copied.reduce((sum, file) => sum + readFileSync(path.join(siteData, 'downloads', file)).length, 0),
    );
  });

  it('names a required file the site data lacks, and where it looked', async () => {
    const siteData = siteDataWith(required.filter((file) => file !== 'items.csv'));
    const out = tempDir();
    await assert.rejects(copyDownloads(siteData, out), (error: Error) => {
      assert.match(error.message, /has no downloads\/items\.csv/);
      assert.ok(error.message.includes(siteData));
      return true;
    });
  });
});
