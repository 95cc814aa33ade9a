import { test } from 'node:test';
import assert from 'node:assert/strict';
import { basename } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { toUrlSegment } from '../../scripts/core/url-segment.ts';
import { ASCII_FOLDS } from '../../scripts/core/url-segment-ascii.ts';
import { readPublishedCache } from '../support/published-cache.ts';
import type { CachedEntry } from '../support/published-cache.ts';
import { listSharedDatabases, openForOracle } from '../support/shared-databases.ts';
import { DOCUMENT } from '../support/umbraco-object-types.ts';

test('cases checked by hand in the schema guide (§6.1)', () => {
  const cases: Array<[string, string]> = [
    ['ELITE 2+', 'elite-2plus'],
    ["Chilly's Cup", 'chillys-cup'],
    ['£10', '10'],
    ['Datenschutzerklärung', 'datenschutzerklaerung'],
    ['Søg', 'soeg'],
    ['Havana Club - Máximo Extra Añejo EN', 'havana-club-maximo-extra-anejo-en'],
    ['Главная страница', 'glavnaya-stranifa'],
    ['Калькулятор', 'kal-kulyator'],
    ['2nd Page', '2nd-page'],
    ['关于我们', '关于我们'],
    ['MONITOR SAMSUNG 49” ODYSSEY', 'monitor-samsung-49-odyssey'],
  ];
  for (const [name, segment] of cases) assert.equal(toUrlSegment(name), segment, name);
});

test('ASCII folding follows Umbraco’s table, not Unicode decomposition', () => {
  assert.equal(toUrlSegment('Łódź Þing Æsir Œuvre'), 'lodz-thing-aesir-oeuvre');
  assert.equal(toUrlSegment('Щука Цирк Объём'), 'shuka-firk-ob-em');
  assert.equal(toUrlSegment('Über uns'), 'uber-uns', 'upper-case umlauts are not in the default replacements');
  assert.equal(toUrlSegment('ﬁne ①②'), 'fine-12');
  assert.equal(toUrlSegment('A – B — C ‘D’'), 'a-b-c-d');
  assert.equal(toUrlSegment('x\u00a0y\u0007z'), 'x-yz', 'NBSP is a space, controls vanish');
  assert.equal(ASCII_FOLDS.size, 1308);
  assert.equal(ASCII_FOLDS.get('ǧ'), 'G', 'Lucene quirk kept');
  assert.equal(ASCII_FOLDS.get('K'), undefined, 'Kelvin sign is not folded although NFKD gives K');
});

test('one unconvertible character keeps the whole name in UTF-8 ("try")', () => {
  assert.equal(toUrlSegment('Café 东京'), 'café-东京');
  assert.equal(toUrlSegment('Café © 2024'), 'café-2024');
  assert.equal(toUrlSegment('ΟΔΟΣ Ελλάδα'), 'οδοσ-ελλάδα', 'per-unit lower-casing: no final sigma');
  assert.equal(toUrlSegment('e\u0301clair'), 'e-clair', 'a combining mark fails the conversion and splits the term');
});

test('ConvertUrlsToAscii "true" and "false"', () => {
  assert.equal(toUrlSegment('Café 东京', { toAscii: 'true' }), 'cafe');
  assert.equal(toUrlSegment('Crème Brûlée', { toAscii: 'false' }), 'crème-brûlée');
  assert.equal(toUrlSegment('Party🎈Time', { toAscii: 'false' }), 'party-time', 'Utf8 mode turns emoji into "?"');
});

test('emoji: skipped between terms, kept inside a term (Umbraco 10+ CleanCodeString)', () => {
  assert.equal(toUrlSegment('🎈 Party'), 'party');
  assert.equal(toUrlSegment('Party🎈'), 'party🎈');
  assert.equal(toUrlSegment('P🎈 Q'), 'p-q', 'after a lone capital only that letter is copied');
});

test('char replacements can be replaced; culture drives lower-casing; 240-unit cut', () => {
  const germanic: Array<[string, string]> = [
    [' ', '-'],
    ['Ü', 'Ue'],
    ['ü', 'ue'],
  ];
  assert.equal(toUrlSegment('Über uns', { charReplacements: germanic }), 'ueber-uns');
  assert.equal(toUrlSegment('A+B', { charReplacements: [] }), 'a-b');
  assert.equal(toUrlSegment('Istanbul', { culture: 'tr-TR' }), 'ıstanbul');
  assert.equal(toUrlSegment('Istanbul', { culture: 'en-US' }), 'istanbul');
  assert.equal(toUrlSegment('ab '.repeat(100)).length, 240);
  assert.equal(toUrlSegment('under_score  --  a'), 'under_score-a');
});

/**
 * Mismatches that Umbraco would produce only under site-specific configuration, keyed `file node culture`.
 * None in the nine shared databases (323 published document/culture segments compared).
 */
const KNOWN_EXCEPTIONS: Readonly<Record<string, string>> = {};

type Row = Record<string, unknown>;

interface SegmentCase {
  key: string;
  source: string;
  culture: string | undefined;
  stored: string | undefined;
}

for (const path of listSharedDatabases()) {
  test(`${basename(path)}: computed segments equal Umbraco's stored ones`, () => {
    const cases = listSegmentCases(path);
    assert.ok(cases.length > 0);
    const mismatches = cases
      .map((c) => ({ ...c, computed: toUrlSegment(c.source, { culture: c.culture }) }))
      .filter((c) => c.computed !== c.stored && !(c.key in KNOWN_EXCEPTIONS))
      .map((c) => `${c.key}: ${JSON.stringify(c.source)} → ${c.computed}, stored ${c.stored}`);
    assert.deepEqual(mismatches, []);
  });
}

/** Published, non-trashed documents × published cultures, with the segment Umbraco stored for each. */
function listSegmentCases(path: string): SegmentCase[] {
  const db = openForOracle(path);
  try {
    const hasDocumentUrl =
      db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'umbracoDocumentUrl'").get() !== undefined;
    const cache = new Map(
      readPublishedCache(path)
        .filter((e) => e.published)
        .map((e) => [e.nodeId, e]),
    );
    const languages = db.prepare('SELECT id, languageISOCode AS iso FROM umbracoLanguage').all() as Row[];
    const docs = db
      .prepare(
        `SELECT n.id, n.uniqueId, ct.variations, pv.id AS versionId, pv.text
      FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id AND d.published = 1
      JOIN umbracoContent c ON c.nodeId = n.id JOIN cmsContentType ct ON ct.nodeId = c.contentTypeId
      JOIN umbracoContentVersion pv ON pv.nodeId = n.id
      JOIN umbracoDocumentVersion dv ON dv.id = pv.id AND dv.published = 1
      WHERE n.nodeObjectType = ? AND n.trashed = 0`,
      )
      .all(DOCUMENT) as Row[];
    const cases: SegmentCase[] = [];
    for (const doc of docs) {
      const variant = (Number(doc.variations) & 1) === 1;
      const urlNames = db
        .prepare(
          `SELECT pd.languageId, COALESCE(pd.varcharValue, pd.textValue) AS value
        FROM umbracoPropertyData pd JOIN cmsPropertyType pt ON pt.id = pd.propertyTypeId
        WHERE pt.Alias = 'umbracoUrlName' AND pd.versionId = ? AND pd.segment IS NULL`,
        )
        .all(Number(doc.versionId)) as Row[];
      const cultures: Row[] = variant
        ? (db
            .prepare(
              `SELECT l.id, l.languageISOCode AS iso, v.name FROM umbracoContentVersionCultureVariation v
            JOIN umbracoLanguage l ON l.id = v.languageId
            JOIN umbracoDocumentCultureVariation dcv ON dcv.nodeId = ? AND dcv.languageId = v.languageId ` +
                `AND dcv.published = 1
            WHERE v.versionId = ?`,
            )
            .all(Number(doc.id), Number(doc.versionId)) as Row[])
        : languages.slice(0, hasDocumentUrl ? undefined : 1).map((l) => ({ ...l, name: doc.text }));
      for (const culture of cultures) {
        const urlName = urlNames.find((u) => u.languageId === (variant ? culture.id : null))?.value;
        const source = typeof urlName === 'string' && urlName.trim() ? urlName.trim() : String(culture.name);
        const stored = hasDocumentUrl
          ? findDocumentUrl(db, String(doc.uniqueId), Number(culture.id))
          : findCachedSegment(cache.get(Number(doc.id)), variant ? String(culture.iso) : undefined);
        const key =
          `${basename(path)} ${String(doc.id)} ` + `${variant || hasDocumentUrl ? String(culture.iso) : 'invariant'}`;
        cases.push({ key, source, culture: variant ? String(culture.iso) : undefined, stored });
      }
    }
    return cases;
  } finally {
    db.close();
  }
}

/** v15+: the published (`isDraft=0`) primary row; invariant documents have one per language, or NULL from 17.3. */
function findDocumentUrl(db: DatabaseSync, key: string, languageId: number): string | undefined {
  const rows = db
    .prepare(
      `SELECT * FROM umbracoDocumentUrl
    WHERE uniqueId = ? AND isDraft = 0 AND (languageId = ? OR languageId IS NULL)`,
    )
    .all(key, languageId) as Row[];
  const row = rows.find((r) => r.isPrimary === 1) ?? rows[0]; // isPrimary arrived in 15.4
  return row === undefined ? undefined : String(row.urlSegment);
}

/** v10–v14: the published cmsContentNu row; invariant documents carry one segment, variant ones one per culture. */
function findCachedSegment(entry: CachedEntry | undefined, culture: string | undefined): string | undefined {
  if (entry === undefined) return undefined;
  if (culture === undefined) return entry.urlSegment ?? undefined;
  const match = Object.entries(entry.cultures).find(([key]) => key.toLowerCase() === culture.toLowerCase());
  return match?.[1].urlSegment ?? undefined;
}
