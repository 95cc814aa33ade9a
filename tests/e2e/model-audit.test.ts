/**
 * Model diagrams and the content audit in a real Chromium, on the Umbraco Commerce demo store (a shared database) and
 * on a hand-made model past the diagram size guard: every relation a type page lists is an edge of its diagram, the
 * diagrams and the audit table are readable at 1280 and 390 px, and the model past the guard gets its split pages.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ContentTypeRecord } from '../../scripts/core/snapshot-format.ts';
import type { Page } from '../../scripts/browser/chromium.ts';
import { listSvgEdges } from '../support/model-oracle.ts';
import { COMMERCE_SITE } from '../support/site-builds.ts';
import { writeFixtureSnapshot } from '../support/site-fixture-snapshot.ts';
import type { ServedBuild } from '../support/site-session.ts';
import { useSites } from '../support/site-session.ts';
import { scrollsInOwnBox, waitForTable } from '../support/table-view.ts';

const key = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** 150 clusters of three types (two composed of a third) and 60 lone ones: 510 types, past the guard of 400. */
const MANY_TYPES: ContentTypeRecord[] = Array.from({ length: 510 }, (_, n) => {
  const base = n < 450 && n % 3 !== 0 ? [{ key: key(n - (n % 3)), alias: `t${n - (n % 3)}` }] : [];
  return {
    id: 5000 + n,
    key: key(n),
    alias: `t${n}`,
    name: `Type ${n}`,
    path: `-1,${5000 + n}`,
    element: false,
    propertyGroups: [],
    compositions: base,
    allowedContentTypes: [],
    allowedTemplates: [],
  } as unknown as ContentTypeRecord;
});
const SPLIT_SITE = {
  name: 'model-split' as const,
  snapshot: 'snapshot',
  args: ['--snapshot', '{dir}/snapshot', '--no-search'],
  async prepare(dir: string) {
    await writeFixtureSnapshot(path.join(dir, 'snapshot'), {
      content: [{ id: 100, key: key(9000), name: 'Home', type: 't0', url: '/' }],
      media: [],
      contentTypes: MANY_TYPES,
    });
  },
} satisfies ServedBuild;

const svgEdges = async (page: Page) =>
  listSvgEdges(
    await page
      .locator('[data-diagram] svg')
      .first()
      .evaluate((svg) => svg.outerHTML),
  );

describe('model diagrams and content audit in the browser', { timeout: 300_000 }, () => {
  const { sites, open, outside } = useSites([COMMERCE_SITE, SPLIT_SITE]);

  it('draws, on every type page, an edge for each relation the page lists', async () => {
    const site = sites.largest;
    let checked = 0;
    for (const type of site.oracle.contentTypes) {
      const page = await open(site, `types/${String(type.key)}/`);
      const listed = await page
        .locator('main a[href^="/types/"]:not([data-diagram] a), main a[href*="inventories/items/?type="]')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '').filter((h) => h !== '/types/'));
      const edges = await svgEdges(page);
      for (const href of listed) {
        const other = href.startsWith('/types/')
          ? href.slice('/types/'.length, -1)
          : `media:${(new URL(href, 'http://x').searchParams.get('type') ?? '').toLowerCase()}`;
        const self = String(type.key);
        assert.ok(
          edges.some((e) => (e.from === self && e.to === other) || (e.to === self && e.from === other)),
          `${String(type.alias)}: ${href} is on its diagram`,
        );
        checked += 1;
      }
      await page.close();
    }
    assert.ok(checked > 50, `${checked} listed relations checked`);
  });

  it('shows a type diagram at 1280 and 390 px, scrolling in its own box, each box a link to its type', async () => {
    const site = sites.largest;
    const home = site.oracle.contentTypes.find((t) => t.alias === 'homePage') as { key: string };
    const page = await open(site, `types/${home.key}/`);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const box = page.locator('[data-diagram="type"]');
      await box.evaluate((b) => b.scrollIntoView());
      const size = await box.evaluate((b) => ({
        page: document.documentElement.scrollWidth,
        box: b.getBoundingClientRect().width,
        svg: (b.querySelector('svg') as SVGSVGElement).getBoundingClientRect().width,
      }));
      assert.ok(size.page <= width, `${width}px: the page does not scroll sideways (${size.page}px)`);
      assert.ok(size.box <= width && size.svg > 100, `${width}px: ${JSON.stringify(size)}`);
    }
    const target = page.locator('[data-diagram="type"] svg a').nth(-1);
    const href = await target.evaluate((a) => a.getAttribute('xlink:href') ?? '');
    assert.match(href, /^\.\.\/\.\.\/types\/[0-9a-f-]{36}\/$/);
    const expected = new URL(href, site.url(`types/${home.key}/`)).href;
    await target.click();
    await page.waitForURL(expected);
    assert.equal(await page.locator('h1').count(), 1);
    await page.goto(site.url('model/'));
    assert.ok((await svgEdges(page)).length > 40, 'the whole model is one diagram');
    assert.deepEqual(await scrollsInBox(page), { box: true, page: false });
    await page.close();
  });

  it('shows the audit table at 1280 and 390 px, its facets matching the summary counts', async () => {
    const site = sites.largest;
    const page = await open(site, 'inventories/audit/');
    const items = Number(await page.locator('[data-count="items"]').innerText());
    const thin = Number(await page.locator('[data-count="thin"]').innerText());
    assert.equal(items, site.oracle.index.content.length);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const table = await waitForTable(page, 'audit');
      assert.match(await table.locator('.table-status').innerText(), new RegExp(`of ${items}\\b`));
      const scroll = await scrollsInOwnBox(table);
      assert.equal(scroll.page, false, `${width}px: the page does not scroll sideways`);
    }
    await page.goto(site.url('inventories/audit/?thin=yes'));
    const filtered = await waitForTable(page, 'audit');
    assert.match(await filtered.locator('.table-status').innerText(), new RegExp(`of ${thin} \\(filtered`));
    await page.close();
  });

  it('splits a model past the guard into one page per cluster', async () => {
    const site = sites['model-split'];
    const page = await open(site, 'model/');
    assert.equal(await page.locator('[data-model-split]').count(), 1);
    const links = await page.locator('main ol a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.equal(links.length, 151);
    await page.goto(site.url('model/0/'));
    const edges = await svgEdges(page);
    assert.equal(edges.length, 2);
    assert.ok(edges.every((e) => e.label === 'composes'));
    await page.goto(site.url('model/150/'));
    assert.match(await page.locator('h1').innerText(), /^Types with no relation \(60\)$/);
    assert.equal(await page.locator('[data-diagram] svg g.node').count(), 60);
    await page.close();
  });

  it('sent no request outside the sites and opened no dialog', () => {
    assert.deepEqual(outside, []);
  });
});

function scrollsInBox(page: Page): Promise<{ box: boolean; page: boolean }> {
  return page.locator('[data-diagram="model"]').evaluate((box) => ({
    box: box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight,
    page: document.documentElement.scrollWidth > window.innerWidth,
  }));
}
