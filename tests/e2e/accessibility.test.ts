/**
 * axe-core (WCAG 2.0–2.2, A and AA) on every page type of the two shared-database sites, at 1280 and 390 px: home,
 * trees, type list, search (empty, a word, an exact key), every inventory, a missing-values list, the model, mapping,
 * changes, the 404 page, content items of two content types, two media items, two type pages and a page of a large
 * folder's children. Item and type pages share one template each, so two of each suffice: those of the types with the
 * most properties, which show the most editors. The pages of each kind are picked from the snapshot's own files; the
 * few kinds a site may lack (drafts, unpublished items) are taken when the build wrote them. Zero violations is the
 * only passing answer.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { axeViolations } from '../support/axe-check.ts';
import { COMMERCE_SITE, MULTILINGUAL_SITE } from '../support/site-builds.ts';
import { useSites, type Site } from '../support/site-session.ts';

const WIDTHS = [1280, 390];
/** Item and type pages share a template: this many of each (items of distinct content types) keep the run short. */
const SAME_TEMPLATE = 2;
const FIXED = [
  '',
  'content/',
  'media/',
  'types/',
  'search/',
  'inventories/',
  'model/',
  'mapping/',
  'changes/',
  '404.html',
];

async function listDir(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

const propertyCount = (type: Record<string, unknown>): number =>
  ((type.propertyGroups ?? []) as Array<{ propertyTypes?: unknown[] }>).reduce(
    (sum, group) => sum + (group.propertyTypes?.length ?? 0),
    0,
  );

/** One page of each kind the site has, the item and type pages those of the types with the most properties. */
async function pagesOf(site: Site, dist: string): Promise<string[]> {
  const { oracle } = site;
  const content = oracle.index.content;
  const byType = new Map<string, (typeof content)[number]>();
  for (const e of content) if (!byType.has(String(e.type).toLowerCase())) byType.set(String(e.type).toLowerCase(), e);
  const types = [...oracle.contentTypes].sort((a, b) => propertyCount(b) - propertyCount(a));
  const items = types.map((t) => byType.get(String(t.alias).toLowerCase())).filter((e) => e !== undefined);
  const inventories = (await listDir(path.join(dist, 'inventories'))).filter((d) =>
    existsSync(path.join(dist, 'inventories', d, 'index.html')),
  );
  const first = async (dir: string) => (await listDir(path.join(dist, dir))).find((d) => !d.includes('.'));
  const optional = await Promise.all(['drafts', 'unpublished'].map(async (d) => [d, await first(d)] as const));
  const missingType = await first('inventories/missing');
  const missingProperty = missingType && (await first(`inventories/missing/${missingType}`));
  const paged = [...content, ...oracle.index.media]
    .map((e) => `${oracle.index.content.includes(e) ? 'content' : 'media'}/${String(e.key)}/children/1/`)
    .find((p) => existsSync(path.join(dist, p, 'index.html')));
  const word = String(content[0]?.name ?? 'home').split(/\s+/)[0];
  return [
    ...FIXED,
    `search/?q=${encodeURIComponent(word ?? '')}`,
    `search/?q=${String(content[0]?.key)}`,
    ...inventories.map((d) => `inventories/${d}/`),
    ...(missingProperty ? [`inventories/missing/${missingType}/${missingProperty}/`] : []),
    ...items.slice(0, SAME_TEMPLATE).map((e) => `content/${String(e.key)}/`),
    ...(paged ? [paged] : []),
    ...oracle.index.media.slice(0, SAME_TEMPLATE).map((e) => `media/${String(e.key)}/`),
    ...types.slice(0, SAME_TEMPLATE).map((t) => `types/${String(t.key)}/`),
    ...optional.flatMap(([dir, key]) => (key ? [`${dir}/${key}/`] : [])),
  ];
}

describe('accessibility: axe finds nothing on any page type', { timeout: 600_000 }, () => {
  const session = useSites([MULTILINGUAL_SITE, COMMERCE_SITE]);
  const { sites, open, outside } = session;

  for (const name of ['multilingual', 'largest'] as const) {
    it(`has no WCAG A/AA violation on the ${name} site at ${WIDTHS.join(' and ')} px`, async () => {
      const site = sites[name];
      const dist = path.join(path.dirname(site.siteData), '..', 'dist');
      const pages = await pagesOf(site, dist);
      const page = await open(site, '');
      const found: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const p of pages) {
          const response = await page.goto(site.url(p));
          assert.equal(response?.status(), 200, `${p || 'home'} answers 200`);
          if (p.startsWith('search/?')) await page.waitForLoadState('networkidle');
          for (const v of await axeViolations(page)) found.push(`${width}px ${p || 'home'}: ${v}`);
        }
      }
      await page.close();
      assert.ok(pages.length > 20, `${pages.length} pages checked`);
      assert.deepEqual(found, []);
    });
  }

  it('finds a violation axe is known to catch (an image without a text alternative)', async () => {
    const page = await open(sites.multilingual, '');
    await page.evaluate(() => document.querySelector('main')?.append(document.createElement('img')));
    const violations = await axeViolations(page);
    assert.ok(
      violations.some((v) => v.startsWith('image-alt ')),
      violations.join('\n'),
    );
    await page.close();
  });

  it('sent no request outside the site and opened no dialog', () => {
    assert.deepEqual(outside, []);
  });
});
