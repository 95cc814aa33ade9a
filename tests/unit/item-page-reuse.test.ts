/**
 * The pieces of taking item pages from the last site: a page's reads as recorded and packed, the entries file (never
 * believed when damaged or made with other global inputs), and the previous page taken only with the bytes recorded
 * (read, or believed from the file's size, time and inode as recorded).
 */
import assert from 'node:assert/strict';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { bytesHash, fileStamp } from '../../scripts/core/file-stamp.ts';
import {
  packReads,
  parsePageEntry,
  readPageEntries,
  takePage,
  unpackReads,
  writePageEntries,
} from '../../scripts/pipeline/item-page-reuse.ts';
import { noteRead, recordReads } from '../../src/lib/site-data/page-reads.ts';
import { createNodeLookup } from '../../src/lib/site-data/node-lookup.ts';
import type { SiteNode } from '../../src/lib/site-data/site-data-format.ts';
import { node } from '../support/item-page-fixture.ts';

const KEY = '0b5f1e0c-1f43-4f6b-9c55-2a0c3b6f7e11';
const OTHER = 'aa5f1e0c-1f43-4f6b-9c55-2a0c3b6f7e22';

const pageNode = (key: string, parent: string | null, name: string, url: string): SiteNode =>
  node({ key, parent, name, url, id: parent === null ? 1 : 2, level: parent === null ? 1 : 2, root: OTHER });

describe('page reads', () => {
  it('records what a page reads of the lookup, and nothing outside a recording', async () => {
    const lookup = createNodeLookup([pageNode(OTHER, null, 'Home', '/'), pageNode(KEY, OTHER, 'About', '/about/')]);
    noteRead('n', 'outside');
    const { reads } = await recordReads(async () => {
      const about = lookup.findNode(KEY.toUpperCase());
      assert.ok(about);
      lookup.listAncestors(about);
      lookup.listChildren(KEY);
      lookup.findByUrl('https://example.com/About/?x=1');
      lookup.findById('media', 7);
      lookup.findByKey('content', OTHER);
      return lookup.nodes.length;
    });
    assert.deepEqual(reads, [`n:${KEY}`, `a:${KEY}`, `c:${KEY}`, 'u:/about', 'im:7', `kc:${OTHER}`, '*:']);
    const again = await recordReads(async () => lookup.listRoots('content'));
    assert.deepEqual(again.reads, ['r:content'], 'each recording starts empty');
  });

  it('refuses a recording inside another', async () => {
    await assert.rejects(
      recordReads(() => recordReads(async () => 1)),
      /already running/,
    );
    // The refused inner one left the outer one's end intact: a new recording starts.
    assert.deepEqual((await recordReads(async () => noteRead('n', 'x'))).reads, ['n:x']);
  });

  it('packs the reads of the page’s own key, and only those, and unpacks them as they were', () => {
    const reads = [`n:${KEY}`, `f:${KEY}`, `n:${OTHER}`, `u:/x:${KEY}`, 'u:.', `c:${KEY}`, '*:'];
    const packed = packReads(KEY, reads);
    assert.deepEqual(packed, ['=n', '=f', `n:${OTHER}`, `u:/x:${KEY}`, 'u:.', '=c', '*:']);
    assert.deepEqual(unpackReads(KEY, packed), reads);
  });
});

describe('the entries file', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'item-page-reuse-'));
  after(() => rmSync(work, { recursive: true, force: true }));
  const entry = { page: `content/${KEY}`, inputs: 'in', bytes: 'out', reads: ['=n'] };
  const file = path.join(work, 'pages.ndjson');

  it('reads back what was written, for the same global inputs only', async () => {
    await writePageEntries(file, 'global-1', [JSON.stringify(entry)]);
    const read = readPageEntries(file, 'global-1');
    assert.deepEqual(parsePageEntry(read?.get(`content/${KEY}`) ?? ''), entry);
    assert.equal(readPageEntries(file, 'global-2'), undefined, 'other code, layout or types: nothing believed');
    assert.equal(readPageEntries(path.join(work, 'none.ndjson'), 'global-1'), undefined);
  });

  it('believes nothing of a file cut short, of another format or with a line not an entry', async () => {
    await writePageEntries(file, 'g', [JSON.stringify(entry), JSON.stringify({ ...entry, page: `media/${OTHER}` })]);
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 5));
    assert.equal(readPageEntries(file, 'g'), undefined, 'cut short');
    writeFileSync(file, whole.toString().replace('"format":1', '"format":2'));
    assert.equal(readPageEntries(file, 'g'), undefined, 'another format');
    writeFileSync(file, `${whole.toString()}{"page":"../../etc","inputs":"x"}\n`);
    assert.equal(readPageEntries(file, 'g'), undefined, 'a page outside the site');
    assert.equal(parsePageEntry('{"page":"content/x","inputs":"a","bytes":"b","reads":"=n"}'), undefined);
    assert.equal(parsePageEntry('{'), undefined);
  });
});

describe('taking a page', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'item-page-take-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  it('links the previous page when its bytes are those recorded, and takes nothing otherwise', () => {
    const previous = path.join(work, 'previous');
    const next = path.join(work, 'next');
    const page = `content/${KEY}`;
    const html = Buffer.from('<p>page</p>');
    mkdirSync(path.join(previous, page), { recursive: true });
    writeFileSync(path.join(previous, page, 'index.html'), html);
    const links = { tried: true };
    const other = { bytes: bytesHash(Buffer.from('<p>other</p>')) };
    assert.equal(takePage(previous, next, page, other, links), undefined);
    const recorded = { bytes: bytesHash(html) };
    assert.equal(takePage(previous, next, `content/${OTHER}`, recorded, links), undefined, 'no such page');
    assert.equal(takePage(previous, next, page, recorded, links), html.length);
    const [from, to] = [path.join(previous, page, 'index.html'), path.join(next, page, 'index.html')];
    assert.equal(statSync(to).ino, statSync(from).ino);
    assert.ok(readFileSync(to).equals(html));
  });

  it('leaves the page in place without `outDir`', () => {
    const previous = path.join(work, 'in-place');
    const page = `content/${KEY}`;
    const html = Buffer.from('<p>stays</p>');
    mkdirSync(path.join(previous, page), { recursive: true });
    writeFileSync(path.join(previous, page, 'index.html'), html);
    assert.equal(takePage(previous, undefined, page, { bytes: bytesHash(html) }, { tried: true }), html.length);
    assert.deepEqual(readdirSync(path.join(previous, 'content')), [KEY], 'nothing placed anywhere');
  });

  it('believes a page whose size, time and inode are those recorded, and reads any other', () => {
    const previous = path.join(work, 'stamped');
    const page = `content/${KEY}`;
    const file = path.join(previous, page, 'index.html');
    const html = Buffer.from('<p>recorded</p>');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
    // A time a double holds exactly, so it can be put back as it was.
    const time = 1_700_000_000.5;
    utimesSync(file, time, time);
    const stamp = fileStamp(file);
    assert.equal(stamp?.split(':')[0], String(html.length));
    // The same size, the bytes changed in place and the time put back: the stamp is believed, the bytes not read.
    const forged = Buffer.from('<p>RECORDED</p>');
    writeFileSync(file, forged);
    utimesSync(file, time, time);
    assert.equal(fileStamp(file), stamp, 'size, time and inode as recorded');
    assert.equal(takePage(previous, undefined, page, { bytes: bytesHash(html), stamp }, { tried: true }), html.length);
    // Edited as an editor would (a new time): read, and refused by its bytes.
    writeFileSync(file, forged);
    assert.notEqual(fileStamp(file), stamp);
    assert.equal(takePage(previous, undefined, page, { bytes: bytesHash(html), stamp }, { tried: true }), undefined);
    // A stamp of another file: the bytes decide.
    const rewritten = { bytes: bytesHash(forged), stamp };
    assert.equal(takePage(previous, undefined, page, rewritten, { tried: true }), forged.length);
    assert.equal(fileStamp(path.join(previous, 'missing.html')), undefined);
  });
});
