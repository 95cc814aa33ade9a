/**
 * On every shared database, the same snapshot built twice, through the item page writer and with `--astro-item-pages`
 * (every item page through Astro's page loop): the two sites are byte for byte the same, and every item page parses as
 * written (nothing a browser would repair), with the head every page has and the item's name as the database holds
 * it in its title and heading. Item counts and names come from SQL written here, not from the snapshot. The builds
 * are child processes, two at a time (a build is mostly one busy process), all queued when the file loads and awaited
 * by each database's tests.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildInChild, type ChildRun } from '../support/build-child.ts';
import { crawl } from '../support/site-e2e.ts';
import { readExpectations } from '../support/database-expectations.ts';
import { attrOf, parsePage, query, queryAll, readText } from '../support/html-tree.ts';
import { listDifferences } from '../support/partition-sites.ts';
import { listSharedDatabases, openForOracle } from '../support/shared-databases.ts';

/** Every name an item has: the node's own, and each culture's name of each of its versions. */
const NAMES = `
  SELECT lower(n.uniqueId) AS key, n.text AS name FROM umbracoNode n
  UNION SELECT lower(n.uniqueId), cv.name FROM umbracoContentVersionCultureVariation cv
  JOIN umbracoContentVersion v ON v.id = cv.versionId JOIN umbracoNode n ON n.id = v.nodeId`;

const asRead = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

function readNames(database: string): Map<string, Set<string>> {
  const db = openForOracle(database);
  try {
    const names = new Map<string, Set<string>>();
    for (const row of db.prepare(NAMES).all() as Array<{ key: string; name: string | null }>)
      names.set(row.key, (names.get(row.key) ?? new Set()).add(asRead(row.name)));
    return names;
  } finally {
    db.close();
  }
}

const pagesOf = async (site: string, kind: string): Promise<string[]> =>
  (await readdir(path.join(site, kind), { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isDirectory() && /^[0-9a-f-]{36}$/.test(entry.name))
    .map((entry) => entry.name);

const TITLE_PREFIX: Record<string, string> = {
  content: '',
  media: '',
  drafts: 'Draft: ',
  unpublished: 'Unpublished: ',
};

/**
 * The layout's head, the title and the heading (for an item, one of its `names`), and what a browser would repair:
 * the problems of one page, or none. A draft's or an unpublished item's heading says which it is after the name.
 */
function checkPage(html: string, kind: string, names: Set<string> | undefined): string[] {
  const { document, errors } = parsePage(html);
  const head = query(document, 'head');
  const h1 = readText(query(document, 'h1'));
  const name = names === undefined ? h1.replace(/ \((pending draft|unpublished)\)$/, '') : h1;
  const title = `${TITLE_PREFIX[kind]}${name} · `;
  const csp = queryAll(head, 'meta[http-equiv=Content-Security-Policy]').map((meta) => attrOf(meta, 'content'));
  return [
    ...errors,
    ...(queryAll(head, 'meta[charset=utf-8]').length === 1 ? [] : ['no utf-8 charset']),
    ...(csp.length === 1 && csp[0]?.startsWith("default-src 'none';") ? [] : ['no content security policy']),
    ...(queryAll(head, 'meta[name=viewport]').length === 1 ? [] : ['no viewport']),
    ...(queryAll(head, 'link[rel=stylesheet]').length > 0 ? [] : ['no stylesheet']),
    ...(readText(query(head, 'title')).startsWith(title) ? [] : [`title is not "${title}…"`]),
    ...(names === undefined || names.has(h1) ? [] : [`heading "${h1}" is none of ${[...names].join(' | ')}`]),
  ];
}

const SIDE_BY_SIDE = 2;
const waiting: Array<() => void> = [];
let free = SIDE_BY_SIDE;

/** `run` once fewer than SIDE_BY_SIDE runs are under way; a failed run is an error naming its output. */
async function inTurn(run: () => Promise<ChildRun>): Promise<void> {
  if (free > 0) free -= 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    const { code, signal, stderr } = await run();
    if (code !== 0) throw new Error(`exited ${code ?? signal}:\n${stderr}`);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  }
}

interface Sites {
  viaAstro: string;
  viaWriter: string;
}

/** The crawls run in this process, one after another. */
let crawled = Promise.resolve();
const work = mkdtempSync(path.join(tmpdir(), 'item-pages-db-'));
after(() => rm(work, { recursive: true, force: true }));

/** The database crawled, then its snapshot built both ways (side by side when a turn is free). */
async function buildBothWays(database: string, dir: string): Promise<Sites> {
  const snapshot = path.join(dir, 'snapshot');
  const crawling = crawled.then(() =>
    crawl(['--db', database, '--out', snapshot], { SNAPSHOT_CACHE_DIR: `${dir}/cache` }),
  );
  crawled = crawling.catch(() => {});
  await crawling;
  const args = (out: string) => [
    ...['--snapshot', snapshot, '--no-search', '--no-sqlite', '--quiet'],
    ...['--out', out, '--cache', `${out}-cache`],
  ];
  const sites = { viaAstro: path.join(dir, 'via-astro'), viaWriter: path.join(dir, 'via-writer') };
  await Promise.all([
    inTurn(() => buildInChild([...args(sites.viaAstro), '--astro-item-pages'])),
    inTurn(() => buildInChild(args(sites.viaWriter))),
  ]);
  return sites;
}

const builds = listSharedDatabases().map((database, i) => {
  const sites = buildBothWays(database, path.join(work, String(i)));
  sites.catch(() => {}); // reported by the database's own tests, which may start later
  return { database, sites };
});

for (const { database, sites } of builds) {
  describe(`item pages of ${path.basename(database)}`, { timeout: 300_000 }, () => {
    let viaAstro: string;
    let viaWriter: string;

    before(async () => {
      ({ viaAstro, viaWriter } = await sites);
    });

    it('the item page writer and Astro write the same bytes for every file', async () => {
      assert.deepEqual(await listDifferences(viaAstro, viaWriter, () => false), []);
    });

    it('every item page parses as written, with the head and the name from the database', async () => {
      const expected = readExpectations(database);
      const [content, media] = [await pagesOf(viaWriter, 'content'), await pagesOf(viaWriter, 'media')];
      assert.equal(content.length, expected.documents.size);
      assert.equal(media.length, expected.media.size);
      const names = readNames(database);
      const problems: string[] = [];
      for (const kind of ['content', 'media', 'drafts', 'unpublished']) {
        for (const key of await pagesOf(viaWriter, kind)) {
          const html = await readFile(path.join(viaWriter, kind, key, 'index.html'), 'utf8');
          const itemNames = kind === 'content' || kind === 'media' ? (names.get(key) ?? new Set()) : undefined;
          problems.push(...checkPage(html, kind, itemNames).map((problem) => `${kind}/${key}: ${problem}`));
        }
      }
      assert.deepEqual(problems, []);
    });
  });
}
