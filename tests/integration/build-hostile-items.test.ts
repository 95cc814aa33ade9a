/**
 * What the crawler accepts, the site builds: aliases unsafe as folder names or URL segments (`/`, `..`, `?#`,
 * 300 bytes), a value nested 2,000 deep, an item with 200,000 properties. The crawl exits 0 and so does the build;
 * an item the site cannot show in full is named in a warning and shown without its properties.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { expectBuilt, useWorkspaces } from '../support/hostile-harness.ts';
import { keyOf } from '../support/hostile-site.ts';

const LONG = 'l'.repeat(300);
const UNSAFE = ['a/b', '..', 'q?x#y', LONG];
/** The first root is item 1000, the second 1001; the first ordinary item, under the first root, is 1002. */
const FIRST_ITEM = { id: 1002, key: keyOf(1002) };

const fresh = useWorkspaces();

/** Every link to a missing-values list in the built type pages, as the path a static server would look up. */
async function listMissingLinks(dist: string): Promise<string[]> {
  const links = new Set<string>();
  for (const type of await readdir(path.join(dist, 'types'))) {
    const html = await readFile(path.join(dist, 'types', type, 'index.html'), 'utf8').catch(() => '');
    for (const [, href] of html.matchAll(/href="\/(inventories\/missing\/[^"]+)"/g))
      links.add(decodeURIComponent(href ?? ''));
  }
  return [...links];
}

describe('hostile items build', () => {
  it('unsafe aliases get pages of their own, a 2,000-deep value fails only its item', async () => {
    const workspace = await fresh();
    const { run, report } = await expectBuilt(
      workspace,
      {
        items: 8,
        typeAliases: UNSAFE,
        propertyAliases: ['title', ...UNSAFE],
        emptyProperties: UNSAFE,
        deepValue: 2000,
      },
      { ceilingMiB: 600 },
    );
    const links = await listMissingLinks(workspace.dist);
    assert.equal(links.length, UNSAFE.length * UNSAFE.length, links.join('\n'));
    for (const link of links) {
      const segments = link.split('/');
      assert.equal(segments.length, 5, `${link}: two segments under inventories/missing/`);
      assert.ok(
        segments.every((s) => Buffer.byteLength(s) < 255 && s !== '..' && !/[?#]/.test(s)),
        link,
      );
      assert.ok(existsSync(path.join(workspace.dist, link, 'index.html')), `${link} was built`);
    }
    const page = await readFile(
      path.join(workspace.dist, links.find((l) => l.includes('~')) ?? '', 'index.html'),
      'utf8',
    );
    assert.match(page, /items without/);
    assert.match(
      run.stderr,
      new RegExp(`warning: content item ${FIRST_ITEM.key} .* is shown without its properties: it nests deeper`),
    );
    const warning = report.warnings.find((w) => w.code === 'item-too-large');
    assert.equal(warning?.id, FIRST_ITEM.id, JSON.stringify(report.warnings));
    const itemPage = await readFile(path.join(workspace.dist, 'content', FIRST_ITEM.key, 'index.html'), 'utf8');
    assert.match(itemPage, /Its properties are not shown/);
    const sibling = await readFile(path.join(workspace.dist, 'content', keyOf(1004), 'index.html'), 'utf8');
    assert.doesNotMatch(sibling, /Its properties are not shown/);
    assert.match(sibling, /title/, 'the other items keep their properties');
  });

  it('an item with 200,000 properties is shown without them, the rest of the site is built', async () => {
    const workspace = await fresh();
    const { run, report } = await expectBuilt(workspace, { extraProperties: 200_000 }, { ceilingMiB: 900 });
    assert.match(run.stderr, new RegExp(`warning: content item ${FIRST_ITEM.key} .* it holds 200001 properties`));
    assert.ok(report.warnings.some((w) => w.code === 'item-too-large' && w.id === FIRST_ITEM.id));
    const itemPage = await readFile(path.join(workspace.dist, 'content', FIRST_ITEM.key, 'index.html'), 'utf8');
    assert.match(itemPage, /Its properties are not shown: the item holds 200001 properties/);
    assert.ok(itemPage.length < 50_000, `the page holds none of them (${itemPage.length} bytes)`);
  });
});
