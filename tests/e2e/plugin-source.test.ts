/**
 * A site built from a crawl of the multilingual shared database through the local service speaking as the Umbraco
 * 10–13 plugin (default language only, `element: false` everywhere, only the nine operations), in Chromium: the
 * inventories say which figures are the default language's and that unreferenced types could not be shown,
 * element types are still labelled as such, and a type whose kind neither the flag nor its use tells is shown as
 * "element or document", not as a document type.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { getContentTypes } from '../../scripts/core/snapshot-format.ts';
import { startReadService, type RunningReadService } from '../../scripts/source/server.ts';
import { buildSite, crawl, launchBrowser } from '../support/site-e2e.ts';
import type { Browser, Page } from '../../scripts/browser/chromium.ts';
import { sharedDatabase } from '../support/shared-databases.ts';
import { startStaticServer, type StaticServer } from '../../scripts/browser/static-server.ts';

describe('a site crawled through the plugin-v10 flavor', { timeout: 240_000 }, () => {
  let tmp: string;
  let service: RunningReadService;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  let snapshot: string;

  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'plugin-e2e-'));
    service = await startReadService({
      dbPath: sharedDatabase('tdufrane_searchcourse.db'),
      flavor: 'plugin-v10',
      typeLists: false,
    });
    snapshot = path.join(tmp, 'snapshot');
    await crawl(['--source', service.url, '--out', snapshot], {});
    const dist = path.join(tmp, 'dist');
    await buildSite(['--snapshot', snapshot, '--out', dist, '--cache', path.join(tmp, 'build')]);
    server = await startStaticServer(dist, '/');
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    await service?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  const noteOn = async (p: string, limit: string): Promise<string> => {
    assert.equal((await page.goto(`${server.url}/${p}`))?.status(), 200);
    const note = page.locator(`main [data-limit="${limit}"]`);
    return (await note.count()) === 1 ? note.innerText() : '';
  };

  const kindOn = async (key: string): Promise<string> => {
    await page.goto(`${server.url}/types/${key}/`);
    const kind = await page
      .locator('dl.facts dt', { hasText: /^Kind$/ })
      .evaluate((dt) => dt.nextElementSibling?.textContent ?? '');
    return kind.trim();
  };

  it("says orphan media, broken references and culture coverage are the default language's", async () => {
    assert.match(
      await noteOn('inventories/orphan-media/', 'defaultLanguage'),
      /these figures are the default language's/,
    );
    assert.match(await noteOn('inventories/broken-references/', 'defaultLanguage'), /default language's/);
    assert.match(await noteOn('inventories/culture-coverage/', 'defaultLanguage'), /default language's/);
  });

  it('says the types inventory could not show types nothing references', async () => {
    assert.match(
      await noteOn('inventories/content-types/', 'referencedTypes'),
      /types nothing references could not be shown/,
    );
  });

  it('labels element types as element types although the source said element: false', async () => {
    const element = (await getContentTypes(snapshot)).contentTypes.find((type) => type.elementBy === 'block-use');
    assert.ok(element, 'the crawl found element types by their use in blocks');
    assert.equal(await kindOn(element.key), 'element type');
  });

  it('says "element or document" where the source does not say and no use decides', async () => {
    const types = (await getContentTypes(snapshot)).contentTypes;
    const undecided = types.find((type) => type.element === undefined);
    assert.ok(undecided, 'a composition used by no item, block or rule (the plugin says element: false of all)');
    assert.equal(await kindOn(undecided.key), 'element or document (the source does not say)');
    const document = types.find((type) => type.element === false);
    assert.ok(document, 'types of content items are document types by their use');
    assert.equal(await kindOn(document.key), 'document type');
  });

  it('says drafts, the dictionary, domains and redirects cannot be seen through this source', async () => {
    for (const name of ['drafts', 'unpublished', 'recycle-bin', 'dictionary', 'domains', 'redirect-urls'])
      assert.match(await noteOn(`inventories/${name}/`, 'not-offered'), /cannot be seen through this source/, name);
    assert.equal((await page.goto(`${server.url}/`))?.status(), 200);
    assert.match(await page.locator('[data-extras="not-offered"]').innerText(), /pending drafts.*dictionary/s);
    assert.equal(await page.locator('[data-extras="offered"]').count(), 0);
  });
});
