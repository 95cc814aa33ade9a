/**
 * Exact lookup, search ranking and keyboard use on the Umbraco Commerce demo store (a shared database), in a real
 * Chromium. Expected values come from the snapshot files (tests/support/site-snapshot-oracle.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMMERCE_DB, COMMERCE_SITE, COMMERCE_TITLE } from '../support/site-builds.ts';
import { useSites } from '../support/site-session.ts';
import { openForOracle } from '../support/shared-databases.ts';
import { DOCUMENT_TYPE } from '../support/umbraco-object-types.ts';

type Json = Record<string, unknown>;

describe('exact lookup, search and keyboard (Commerce demo store)', { timeout: 180_000 }, () => {
  const { sites, open, context } = useSites([COMMERCE_SITE]);

  it('finds an item by GUID, UDI, int id and URL path before any full-text hit', async () => {
    const entry = sites.largest.oracle.index.content.find(
      (e) => typeof e.url === 'string' && (e.level as number) >= 3,
    ) as Json;
    const media = sites.largest.oracle.index.media.find((e) => e.level === 2) as Json;
    const plain = String(entry.key).replace(/-/g, '');
    const queries: Array<[string, Json]> = [
      [`{${String(entry.key).toUpperCase()}}`, entry],
      [plain, entry],
      [`umb://document/${plain}`, entry],
      [`umb://media/${String(media.key)}`, media],
      [String(entry.id), entry],
      [String(media.id), media],
      [String(entry.url).replace(/\/$/, '').toUpperCase(), entry],
      [`http://shop.example${String(entry.url)}?x=1`, entry],
    ];
    const page = await open(sites.largest, 'search/');
    await page.waitForSelector('#search[data-ready="true"]');
    for (const [q, expected] of queries) {
      // Typing searches at once; Enter would open the single exact match (checked below).
      await page.locator('#search-input').fill(q);
      const kind = expected === media ? 'media' : 'content';
      const first = page.locator('#search-results li').first().locator('a');
      await page
        .locator(`#search-results li:first-child a[href="/${kind}/${String(expected.key)}/"]`)
        .waitFor({ timeout: 5000 });
      assert.equal(await first.innerText(), expected.name, q);
      assert.match(await page.locator('#search-results li:first-child .crumbs').innerText(), /exact match/, q);
      // The filters count what is shown: no box stands empty, and a key names one item of one kind.
      const boxes = await page
        .locator('#search-filters fieldset')
        .evaluateAll((sets) =>
          sets
            .filter((set) => (set as HTMLElement).offsetParent !== null)
            .map((set) =>
              [...set.querySelectorAll('label')]
                .filter((label) => label.offsetParent !== null)
                .map((label) => label.textContent?.trim()),
            ),
        );
      for (const labels of boxes) assert.ok(labels.length > 0, `${q}: a filter box is shown with no value in it`);
      // A key or a URL path that names an item is answered by that item alone.
      assert.deepEqual(boxes, [[`${kind} (1)`]], q);
      assert.equal(await page.locator('#search-results li').count(), 1, q);
    }
    // A path that names no item is searched as text (its words, split at the slashes and dashes).
    const nowhere = '/nowhere-such-path/';
    await page.locator('#search-input').fill(nowhere);
    await page.locator('#search-status', { hasText: `for “${nowhere}”` }).waitFor({ timeout: 5000 });
    assert.equal(await page.locator('#search-results .crumbs', { hasText: 'exact match' }).count(), 0);
    // Enter on a query naming exactly one item opens it, from the search page and from any page's header box.
    await page.locator('#search-input').fill(plain);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/content/${String(entry.key)}/`);
    await page.locator('#header-search-input').fill(`umb://media/${String(media.key)}`);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/media/${String(media.key)}/`);
    // A word is no exact match: Enter searches.
    await page.locator('#header-search-input').fill(String(entry.name));
    await page.keyboard.press('Enter');
    await page.waitForSelector('#search[data-ready="true"]');
    assert.match(page.url(), /\/search\/\?q=/);
    await page.close();
  });

  it('finds a content type by its key and by its alias, and nothing else by its key', async () => {
    const db = openForOracle(COMMERCE_DB);
    const types = db
      .prepare(
        `SELECT lower(n.uniqueId) AS key, ct.alias, n.text AS name FROM cmsContentType ct
          JOIN umbracoNode n ON n.id = ct.nodeId WHERE n.nodeObjectType = ? ORDER BY ct.alias`,
      )
      .all(DOCUMENT_TYPE) as Array<{ key: string; alias: string; name: string }>;
    db.close();
    assert.ok(types.length > 5);
    const page = await open(sites.largest, 'search/');
    await page.waitForSelector('#search[data-ready="true"]');
    for (const type of types) {
      for (const [q, how] of [
        [`{${type.key.toUpperCase()}}`, 'GUID'],
        [type.alias.toUpperCase(), 'alias'],
      ] as const) {
        // Typing searches at once (Enter would open a single exact match).
        await page.locator('#search-input').fill(q);
        // The previous query may have shown the same type: wait for this query's own "exact match by …".
        await page
          .locator(`#search-results li:first-child:has(a[href="/types/${type.key}/"])`, { hasText: `by ${how}` })
          .waitFor({ timeout: 5000 });
        assert.equal(await page.locator('#search-results li:first-child a').innerText(), type.name, q);
        if (how === 'GUID') assert.equal(await page.locator('#search-results li').count(), 1, `${q}: the type alone`);
      }
    }
    await page.close();
  });

  it('ranks content above media among name matches and hides facet values without hits', async () => {
    const wordsOf = (e: Json) =>
      String(e.name)
        .toLowerCase()
        .match(/\p{L}{4,}/gu) ?? [];
    const inMedia = new Set(sites.largest.oracle.index.media.flatMap(wordsOf));
    const word = sites.largest.oracle.index.content.flatMap(wordsOf).find((w) => inMedia.has(w)) as string;
    assert.ok(word, 'a word in the name of a content item and of a media item');
    const page = await open(sites.largest, `search/?q=${encodeURIComponent(word)}`);
    await page.waitForSelector('#search[data-ready="true"]');
    await page.locator('#search-results li').first().waitFor();
    const hits = await page
      .locator('#search-results li > a')
      .evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.textContent]));
    const named = hits
      .filter(([, title]) => String(title).toLowerCase().includes(word))
      .map(([href]) => String(href).split('/')[1]);
    assert.ok(named.includes('content') && named.includes('media'), `both kinds are named “${word}”`);
    assert.ok(named.lastIndexOf('content') < named.indexOf('media'), `content first: ${named.join(' ')}`);
    const counts = await page
      .locator('#search-filters label')
      .evaluateAll((labels) =>
        labels.map((l) => [
          (l as HTMLElement).hidden,
          l.querySelector('[data-count]')?.textContent,
          (l as HTMLElement).offsetParent === null,
        ]),
      );
    assert.ok(
      counts.some(([hidden]) => hidden),
      'some facet value has no hit for the word',
    );
    for (const [hidden, text, invisible] of counts) {
      assert.equal(hidden, text === ' (0)', `${String(text)} shown only with hits`);
      assert.equal(invisible, hidden, `${String(text)}: a hidden value is not displayed, a shown one is`);
    }
    await page.close();
  });

  it('searches on the page itself: no worker, nothing the security policy refuses', async () => {
    const page = await context().newPage();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { refused: string[] }).refused = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(sites.largest.url('search/'));
    await page.waitForSelector('#search[data-ready="true"]');
    // A filter-only view lists every page, then a word search runs over the same index.
    await page.locator('#search-filters input[type="checkbox"]').first().check();
    await page.waitForFunction(() =>
      /^\d+ results?\.$/.test(document.getElementById('search-status')?.textContent ?? ''),
    );
    await page.locator('#search-input').fill('tea');
    await page.waitForFunction(() =>
      /results? for “tea”/.test(document.getElementById('search-status')?.textContent ?? ''),
    );
    assert.ok((await page.locator('#search-results li').count()) > 0, 'hits for “tea”');
    // Pagefind marks a whole URL path that holds the word; the page marks the word's part of it.
    const excerpts = await page.locator('#search-results li > p').evaluateAll((ps) =>
      ps.map((p) => ({
        text: p.textContent ?? '',
        marks: [...p.querySelectorAll('mark')].map((m) => m.textContent),
      })),
    );
    assert.ok(
      excerpts.some((e) => /\/(media|products)\/\S*tea/i.test(e.text)),
      'an excerpt shows a URL path holding “tea”',
    );
    const marks = excerpts.flatMap((e) => e.marks);
    assert.ok(marks.length > 0, 'the excerpts mark the word');
    for (const mark of marks) assert.doesNotMatch(mark ?? '', /\//, 'a part of a path is marked, not the path');
    assert.deepEqual(workers, [], 'no worker started');
    assert.deepEqual(await page.evaluate(() => (window as unknown as { refused: string[] }).refused), []);
    await page.close();
  });

  it('once searches are slow, searches typed text when typing pauses, not at every keystroke', async () => {
    const page = await context().newPage();
    await page.goto(sites.largest.url('search/'));
    await page.waitForSelector('#search[data-ready="true"]');
    // Every index chunk and result fragment answers 400 ms late, as a common word's do at a million items.
    await page.route(/\/pagefind[^/]*\/(index|fragment)\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { statuses: string[] }).statuses = seen;
      const status = document.getElementById('search-status') as HTMLElement;
      new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await page.locator('#search-input').fill('tea');
    await page.locator('#search-status', { hasText: 'for “tea”' }).waitFor();
    // Typed over key by key (each key's input event dispatched in one task, so no gap between keys can reach the
    // pause on a busy machine): one search, for the whole word, once typing pauses; the results of "tea" are marked
    // busy meanwhile.
    const word = 'chocolate';
    await page.evaluate((text: string) => {
      const input = document.getElementById('search-input') as HTMLInputElement;
      input.value = '';
      for (const key of text) {
        input.value += key;
        input.dispatchEvent(new InputEvent('input', { inputType: 'insertText', data: key, bubbles: true }));
      }
    }, word);
    assert.equal(await page.locator('#search-results').getAttribute('aria-busy'), 'true', 'old results marked busy');
    await page.locator('#search-status', { hasText: `for “${word}”` }).waitFor();
    await page.waitForFunction(() => !document.getElementById('search-results')?.hasAttribute('aria-busy'));
    const statuses = await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
    const searched = statuses.map((s) => /for “(.*)”/.exec(s)?.[1]).filter((q) => q !== undefined);
    assert.deepEqual(searched, ['tea', word], statuses.join(' | '));
    await page.close();
  });

  it('puts results before folded filters on a narrow screen', async () => {
    const page = await context().newPage();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(sites.largest.url('search/?q=tea'));
    await page.waitForSelector('#search[data-ready="true"]');
    await page.locator('#search-results li').first().waitFor();
    assert.equal(
      await page.locator('details.search-filters').evaluate((d) => (d as HTMLDetailsElement).open),
      false,
      'filters folded',
    );
    const top = (selector: string) => page.locator(selector).evaluate((el) => el.getBoundingClientRect().top);
    assert.ok((await top('#search-results')) < (await top('details.search-filters')), 'results above the filters');
    await page.close();
  });

  it('makes the tree one tab stop that arrow keys move in', async () => {
    const page = await open(sites.largest, 'content/');
    const stops = await page
      .locator('ul.tree a, ul.tree summary')
      .evaluateAll((els) => els.filter((e) => (e as HTMLElement).tabIndex >= 0).length);
    assert.equal(stops, 1, 'one tab stop in the tree');
    const root = sites.largest.oracle.index.content.find((e) => e.level === 1) as Json;
    const children = sites.largest.oracle.index.content
      .filter((e) => e.parentId === root.id)
      .sort((a, b) => Number(a.sortOrder) - Number(b.sortOrder));
    const first = page.locator(`ul.tree a[href="/content/${String(root.key)}/"]`);
    await first.focus();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('href'));
    await page.keyboard.press('ArrowDown');
    assert.equal(
      await focused(),
      `/content/${String(children[0]?.key)}/`,
      'down moves to the first child of the open root',
    );
    await page.keyboard.press('ArrowLeft');
    assert.equal(await focused(), `/content/${String(root.key)}/`, 'left on a closed leaf moves to the parent');
    // aria-expanded follows the <details> toggle event, which fires after the key press returns.
    const expanded = async (want: string): Promise<string | null> => {
      for (let tries = 0; tries < 40; tries += 1) {
        const value = await first.evaluate((a) => a.getAttribute('aria-expanded'));
        if (value === want) return value;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return first.evaluate((a) => a.getAttribute('aria-expanded'));
    };
    await page.keyboard.press('ArrowLeft');
    assert.equal(await expanded('false'), 'false', 'left closes an open branch');
    await page.keyboard.press('ArrowRight');
    assert.equal(await expanded('true'), 'true', 'right opens it again');
    await page.close();
  });

  it('names the snapshot in every page title and lists no result twice', async () => {
    const page = await open(sites.largest, '');
    assert.match(await page.title(), new RegExp(`${COMMERCE_TITLE}$`));
    await page.keyboard.press('/');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'header-search-input');
    await page.locator('#header-search-input').fill('tea');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#search[data-ready="true"]');
    await page.locator('#search-results li').first().waitFor();
    const hrefs = await page.locator('#search-results a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.equal(new Set(hrefs).size, hrefs.length, 'no result listed twice');
    assert.match(await page.title(), new RegExp(`^Search · ${COMMERCE_TITLE}$`));
    await page.close();
  });
});
