/**
 * The search page over the word index (`--search-engine words`) on a multilingual shared database, hosted under a
 * sub-path, in a real Chromium. Expected counts come from a scan of the site's search records by the documented rule
 * (every query word at the start of a word of the page's title or text, case ignored), not from the index.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sharedDatabase } from '../support/shared-databases.ts';
import { useSites } from '../support/site-session.ts';

const WORDS_SITE = {
  name: 'words' as const,
  base: '/w/',
  args: ['--db', sharedDatabase('tdufrane_searchcourse.db'), '--search-engine', 'words', '--base', '/w/'],
};

interface Rec {
  title: string;
  kind: string;
  content: string;
  languages: string[];
}

const LETTER = '\\p{L}\\p{N}\\p{M}';
const bare = (text: string) => text.toLowerCase().replace(/['’]/g, '');
const holds = (r: Rec, words: string[]) =>
  words.every((w) => new RegExp(`(?<![${LETTER}])${w}`, 'u').test(bare(`${r.title}\n${r.content}`)));

describe('search over the word index (multilingual shared database)', { timeout: 300_000 }, () => {
  const { sites, open, context, outside } = useSites([WORDS_SITE]);

  it('counts, filters, ranks and marks as a scan of the records does, and loads no Pagefind file', async () => {
    const site = sites.words;
    const records = readFileSync(path.join(site.siteData, 'search-records.ndjson'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Rec);
    const dist = path.resolve(site.siteData, '..', '..', 'dist');
    assert.ok(!existsSync(path.join(dist, 'pagefind')), 'no Pagefind bundle is written');
    // Words of five letters or more, by how many records hold them; a type's name would also be looked up exactly.
    const typeWords = new Set(records.filter((r) => r.kind === 'type').flatMap((r) => bare(r.title).split(/\W+/u)));
    const counts = new Map<string, number>();
    for (const r of records)
      for (const w of new Set(bare(`${r.title}\n${r.content}`).match(/\p{Ll}{5,}/gu) ?? []))
        if (!typeWords.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
    const byCount = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const common = byCount[0]?.[0] as string;
    const middling = byCount.find(([, n]) => n > 3 && n < records.length / 4)?.[0] as string;
    assert.ok(common && middling, 'the records have words to search for');
    const requested: string[] = [];
    context().on('request', (request) => requested.push(request.url()));
    const page = await open(site, 'search/');
    await page.waitForSelector('#search[data-ready="true"]');
    for (const q of [common, `${common} ${middling}`, middling.slice(0, 3), middling.toUpperCase(), 'qqxqqzq']) {
      const words = bare(q).split(' ');
      const found = records.filter((r) => holds(r, words));
      await page.locator('#search-input').fill(q);
      await page
        .locator('#search-status', { hasText: `${found.length} result${found.length === 1 ? '' : 's'} for “${q}”` })
        .waitFor({ timeout: 10_000 });
      const shown = await page.locator('#search-results li').count();
      assert.equal(shown, Math.min(20, found.length), q);
      if (found.length === 0) continue;
      // The kind filter counts the hits by kind.
      const labels = await page
        .locator('#search-filters label')
        .evaluateAll((ls) =>
          ls.filter((l) => (l as HTMLElement).offsetParent !== null).map((l) => l.textContent?.trim()),
        );
      for (const kind of ['content', 'media'])
        if (found.some((r) => r.kind === kind))
          assert.ok(labels.includes(`${kind} (${found.filter((r) => r.kind === kind).length})`), `${q}: ${kind}`);
      // A page named with every word comes before one that is not.
      const titles = await page.locator('#search-results li > a').allInnerTexts();
      const named = titles.map((t) => words.every((w) => new RegExp(`(?<![${LETTER}])${w}`, 'u').test(bare(t))));
      assert.ok(named.indexOf(false) === -1 || named.lastIndexOf(true) < named.indexOf(false), `${q}: ${titles}`);
      const marks = await page.locator('#search-results mark').allInnerTexts();
      assert.ok(marks.length > 0, `${q}: words are marked`);
      for (const m of marks)
        assert.ok(
          words.some((w) => bare(m).startsWith(w)),
          `${q}: "${m}" marked`,
        );
    }
    // A language filter keeps the hits in that language, and its count says how many.
    const hits = records.filter((r) => holds(r, [common]));
    const byLanguage = new Map<string, number>();
    for (const l of hits.flatMap((r) => r.languages)) byLanguage.set(l, (byLanguage.get(l) ?? 0) + 1);
    // A language some hits lack, if any, so the filter leaves some out.
    const [language, inLanguage] = [...byLanguage].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0] as [
      string,
      number,
    ];
    assert.ok(inLanguage > 0);
    await page.locator('#search-input').fill(common);
    await page.locator('#search-status', { hasText: `for “${common}”` }).waitFor({ timeout: 10_000 });
    await page
      .locator('#search-filters label', { hasText: `${language} (${inLanguage})` })
      .first()
      .click();
    await page
      .locator('#search-status', { hasText: `${inLanguage} result${inLanguage === 1 ? '' : 's'} for “${common}”` })
      .waitFor({ timeout: 10_000 });
    await page.close();
    assert.ok(
      requested.some((u) => u.includes('/w/words/s/')),
      'segments were fetched under the base',
    );
    assert.deepEqual(
      requested.filter((u) => /pagefind/.test(u)),
      [],
      'no Pagefind file is requested',
    );
    assert.deepEqual(outside, []);
  });
});
