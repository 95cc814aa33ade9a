/**
 * Nights of builds into one --out with `--take-unchanged`, where the item page writer takes each page whose inputs did
 * not change from the last site (scripts/pipeline/item-page-reuse.ts). The oracle is a fresh build of the same snapshot
 * as the build does by default, into an empty folder: every night the two sites must be the same files with the same
 * bytes. The
 * edits (on a copy of the Commerce demo database) are the ones whose effects reach past the edited item: renaming the
 * item most referenced (the pages referencing it show its name), renaming the folder with the most children (their
 * breadcrumbs and its child list), moves, trashing, value edits, and random edits to the model. A page changed by hand
 * in the published site, a red night and a damaged inputs file are on the way.
 */
import assert from 'node:assert/strict';
import { appendFile, copyFile, cp, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { buildInChild, runInChild, takenPages } from '../support/build-child.ts';
import { fingerprint } from '../support/fingerprint.ts';
import { listDifferences } from '../support/partition-sites.ts';
import { applyItemEdit, applyRandomEdit, createRandom, renameDocumentByKey } from '../support/random-edits.ts';
import { COMMERCE_DB } from '../support/site-builds.ts';

interface NodeLine {
  key: string;
  kind: string;
  childCount: number;
}

describe('item pages taken from the last site, night after night', () => {
  let work: string;
  let db: string;
  let out: string;
  let cache: string;
  const snapshots: string[] = [];

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'item-page-reuse-'));
    db = path.join(work, 'site.db');
    await copyFile(COMMERCE_DB, db);
    out = path.join(work, 'dist');
    cache = path.join(work, 'cache');
  });
  after(() => rm(work, { recursive: true, force: true }));

  const edit = (change: (db: DatabaseSync) => void): void => {
    const open = new DatabaseSync(db);
    try {
      change(open);
    } finally {
      open.close();
    }
  };

  async function crawl(): Promise<string> {
    const dir = path.join(work, `snapshot-${snapshots.length + 1}`);
    const run = await runInChild('snapshot', ['--db', db, '--out', dir, '--quiet']);
    assert.equal(run.code, 0, run.stderr);
    snapshots.push(dir);
    return dir;
  }

  /** Tonight's build into --out, and a fresh one of the same snapshot; returns tonight's output. */
  async function night(name: string, snapshot: string, options: string[] = []): Promise<string> {
    const previous = snapshots.at(-2);
    const compare = previous === undefined ? [] : ['--compare-with', previous];
    const common = ['--snapshot', snapshot, ...compare, '--no-sqlite', ...options];
    const built = await buildInChild([...common, '--out', out, '--cache', cache, '--take-unchanged']);
    assert.equal(built.code, 0, built.stderr);
    const fresh = path.join(work, `fresh-${name}`);
    const oracle = await buildInChild([...common, '--out', fresh, '--cache', `${fresh}-cache`]);
    assert.equal(oracle.code, 0, oracle.stderr);
    assert.doesNotMatch(oracle.stderr, /taken from the last site/, 'by default nothing is taken');
    assert.deepEqual(await listDifferences(out, fresh, () => false), [], `${name}: the same files, the same bytes`);
    await rm(fresh, { recursive: true });
    await rm(`${fresh}-cache`, { recursive: true });
    return built.stderr;
  }

  /** The search indexes' folders in the site. */
  const searchFolders = async (): Promise<string[]> =>
    (await readdir(out)).filter((name) => name === 'pagefind' || name === 'words').sort();

  async function siteNodes(): Promise<NodeLine[]> {
    const text = await readFile(path.join(cache, 'site-data', 'nodes.ndjson'), 'utf8');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as NodeLine);
  }

  it('equals a fresh build every night, and renders only what changed', async () => {
    const first = await night('night 1', await crawl());
    assert.equal(takenPages(first).taken, 0, 'nothing to take on the first night');
    const pages = takenPages(first).all;

    // Night 2: the most referenced item and the folder with the most children renamed, two values edited.
    const usedBy = JSON.parse(await readFile(path.join(cache, 'site-data', 'used-by.json'), 'utf8')) as Record<
      string,
      { count: number }
    >;
    const nodes = await siteNodes();
    const kindOf = new Map(nodes.map((n) => [n.key, n.kind]));
    const referenced = Object.entries(usedBy)
      .filter(([key]) => kindOf.get(key) === 'content')
      .sort((a, b) => b[1].count - a[1].count)[0];
    const folder = nodes.filter((n) => n.kind === 'content').sort((a, b) => b.childCount - a.childCount)[0];
    assert.ok(referenced !== undefined && referenced[1].count >= 5, 'an item several pages reference');
    assert.ok(folder !== undefined && folder.childCount >= 5, 'a folder with several children');
    const random = createRandom(7);
    edit((open) => {
      renameDocumentByKey(open, referenced[0], 201);
      renameDocumentByKey(open, folder.key, 202);
      applyItemEdit(open, 'value', random, 203);
      applyItemEdit(open, 'value', random, 204);
    });
    // A page no edit reaches (a media item nothing references): tonight the site is updated in place around it.
    const unrelated = nodes.find((n) => n.kind === 'media' && n.childCount === 0 && usedBy[n.key] === undefined);
    assert.ok(unrelated !== undefined, 'a media item nothing references');
    const unrelatedPage = path.join(out, 'media', unrelated.key, 'index.html');
    const lastNight = await stat(unrelatedPage);
    const secondOutput = await night('night 2', await crawl());
    assert.match(secondOutput, /updated in place: [\d,]+ files? changed, [\d,]+ new, [\d,]+ gone, [\d,]+ unchanged/);
    const tonight = await stat(unrelatedPage);
    assert.deepEqual(
      [tonight.ino, tonight.mtimeMs],
      [lastNight.ino, lastNight.mtimeMs],
      'a page taken is left as it was',
    );
    const second = takenPages(secondOutput);
    const rendered = second.all - second.taken;
    // The two renamed, the pages showing their names, the edited and the changes pages' items: more than four pages,
    // far fewer than all.
    assert.ok(rendered > 4 + referenced[1].count, `night 2 rendered ${rendered} pages`);
    assert.ok(second.taken > pages / 2, `night 2 took ${second.taken} of ${second.all}`);
    // From the database, not the build: the folder's name now, and its children with a page; each page names it.
    const { renamed, children } = (() => {
      const open = new DatabaseSync(db, { readOnly: true });
      try {
        const row = open.prepare('SELECT id, text FROM umbracoNode WHERE lower(uniqueId) = ?').get(folder.key) as {
          id: number;
          text: string;
        };
        const keys = open
          .prepare('SELECT lower(uniqueId) AS key FROM umbracoNode WHERE parentId = ? AND trashed = 0')
          .all(row.id) as Array<{ key: string }>;
        return { renamed: row.text, children: keys.map((k) => k.key) };
      } finally {
        open.close();
      }
    })();
    assert.match(renamed, /renamed 202$/);
    const childPages = children.map((key) => path.join(out, 'content', key, 'index.html'));
    const shown = await Promise.all(childPages.map((file) => readFile(file, 'utf8').catch(() => undefined)));
    const present = shown.filter((html): html is string => html !== undefined);
    assert.ok(present.length >= 5, `pages of the renamed folder's children: ${present.length}`);
    for (const html of present) assert.ok(html.includes(renamed), 'a child page names its renamed parent');

    // Night 3: a move and an item trashed; one page of the published site changed by hand.
    edit((open) => {
      applyItemEdit(open, 'move', random, 301);
      applyItemEdit(open, 'trash', random, 302);
    });
    const contentPages = await readdir(path.join(out, 'content'));
    const touched = path.join(out, 'content', contentPages[0] as string, 'index.html');
    await appendFile(touched, '<!-- changed by hand -->');
    // And the other search index, as when a site crosses the size from which `auto` writes the word index: Pagefind's
    // files go, the word index's come, and the pages are still taken and the site updated in place.
    assert.deepEqual(await searchFolders(), ['pagefind']);
    const third = await night('night 3', await crawl(), ['--search-engine', 'words']);
    assert.ok(takenPages(third).taken > 0);
    assert.match(third, /updated in place/);
    assert.deepEqual(await searchFolders(), ['words'], 'only the word index is left');

    // A red night: its snapshot fails its checksums, nothing is published, the site and its inputs stay.
    const red = path.join(work, 'snapshot-red');
    await cp(snapshots.at(-1) as string, red, { recursive: true });
    const chunk = (await readdir(path.join(red, 'content'))).find((name) => name.startsWith('items'));
    await appendFile(path.join(red, 'content', chunk as string), 'damaged');
    const before = await fingerprint(out);
    const failed = await buildInChild([
      ...['--snapshot', red, '--out', out, '--cache', cache, '--no-sqlite', '--take-unchanged'],
    ]);
    assert.notEqual(failed.code, 0, 'a damaged snapshot is refused');
    assert.deepEqual(await fingerprint(out), before, 'the red night left the site as it was');

    // Night 4: random edits, to the model too, and Pagefind's index again (`auto` at this size) after night 3's.
    const model = createRandom(11);
    const done: string[] = [];
    edit((open) => {
      for (let step = 401; step <= 403; step++) done.push(applyRandomEdit(open, model, step));
    });
    await night(`night 4 (${done.join('; ')})`, await crawl());
    assert.deepEqual(await searchFolders(), ['pagefind'], 'only Pagefind’s index is left');

    // Night 5: the inputs file damaged: nothing is taken, the site is still right.
    const kept = (await readdir(cache)).filter((name) => /^item-pages-[0-9a-f]{12}\.ndjson$/.test(name));
    assert.equal(kept.length, 1, `one inputs file for the one --out: ${kept.join(', ')}`);
    const inputs = path.join(cache, kept[0] as string);
    await truncate(inputs, (await readFile(inputs)).length - 10);
    edit((open) => applyItemEdit(open, 'value', random, 501));
    const fifth = await night('night 5', await crawl());
    assert.equal(takenPages(fifth).taken, 0);
    assert.doesNotMatch(fifth, /updated in place/, 'with every page written again, the new site is swapped in whole');

    // Night 6: the inputs file rewritten by hand to claim other inputs: nothing of the claimed is believed.
    await writeFile(inputs, '{"format":1,"global":"not this build"}\n');
    assert.equal(takenPages(await night('night 6', await crawl())).taken, 0);

    // Night 7, built by default: every page rendered, and the inputs recorded for the site it replaced are removed.
    const plain = await buildInChild(['--snapshot', snapshots.at(-1) as string, '--out', out, '--cache', cache]);
    assert.equal(plain.code, 0, plain.stderr);
    assert.doesNotMatch(plain.stderr, /taken from the last site/);
    assert.deepEqual(
      (await readdir(cache)).filter((name) => name.startsWith('item-pages-')),
      [],
      'no inputs describe the site in --out now',
    );
  });
});
