/**
 * The issues overview of three shared databases against counts made here: empty mandatory and SEO properties per type
 * by SQL (published documents, their types' compositions, the published value of each language), duplicate URLs,
 * items without a URL in a language, orphan media and external links by host from the snapshot's raw JSON. The
 * downloads hold the same rows.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseCsv } from '../../src/lib/csv.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { crawl } from '../support/site-e2e.ts';
import { openForOracle, sharedDatabase } from '../support/shared-databases.ts';
import { readSnapshotOracle, type SnapshotOracle } from '../support/site-snapshot-oracle.ts';
import { DOCUMENT } from '../support/umbraco-object-types.ts';

const DATABASES = ['tdufrane_searchcourse.db', 'umbraco_umbraco.commerce.demostore_15.x.db', 'miguel015_alimentos.db'];
type Json = Record<string, unknown>;
interface Issue {
  problem: string;
  severity: string;
  subject: string;
  count: number;
  link: string;
}

// The documented SEO rule, restated: an SEO word among the alias's words, or a page/browser/html/window title.
const SEO =
  /(^|[^a-z])(seo|meta|keywords|canonical|og|opengraph|robots|noindex|sitemap)([^a-z]|$)|no ?index|no ?follow/;
const isSeo = (alias: string) => {
  const words = alias.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return SEO.test(words) || /^(page|browser|html|window) title$/.test(words);
};

/** type.property → published documents of that type whose value is empty (in any of their published languages). */
function expectEmpty(dbPath: string): Map<string, { count: number; mandatory: boolean }> {
  const db = openForOracle(dbPath);
  try {
    const q = (sql: string) => db.prepare(sql).all() as Json[];
    const docs = q(`SELECT n.id, c.contentTypeId AS typeId, t.alias AS typeAlias, pv.id AS versionId
      FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id AND d.published = 1
      JOIN umbracoContent c ON c.nodeId = n.id JOIN cmsContentType t ON t.nodeId = c.contentTypeId
      JOIN umbracoContentVersion pv ON pv.nodeId = n.id
      JOIN umbracoDocumentVersion dv ON dv.id = pv.id AND dv.published = 1
      WHERE n.nodeObjectType = '${DOCUMENT}' AND n.trashed = 0`);
    const props = q('SELECT id, contentTypeId, Alias AS alias, mandatory FROM cmsPropertyType');
    const parents = q(
      'SELECT childContentTypeId AS child, parentContentTypeId AS parent FROM cmsContentType2ContentType',
    );
    const langs = q(`SELECT v.nodeId, v.languageId FROM umbracoDocumentCultureVariation v WHERE v.published = 1`);
    const values = new Map<string, Json>();
    for (const v of q(`SELECT versionId, propertyTypeId, languageId, intValue, decimalValue, dateValue,
        COALESCE(textValue, varcharValue) AS text FROM umbracoPropertyData WHERE segment IS NULL`))
      values.set(`${String(v.versionId)}:${String(v.propertyTypeId)}:${String(v.languageId)}`, v);
    const typesOf = (id: unknown, seen = new Set<unknown>()): Set<unknown> => {
      seen.add(id);
      for (const p of parents) if (p.child === id && !seen.has(p.parent)) typesOf(p.parent, seen);
      return seen;
    };
    const isEmpty = (v: Json | undefined) => {
      if (v === undefined) return true;
      if (v.intValue !== null || v.decimalValue !== null || v.dateValue !== null) return false;
      const t = String(v.text ?? '').trim();
      return t === '' || t === '[]' || t === '{}';
    };
    const out = new Map<string, { count: number; mandatory: boolean }>();
    for (const doc of docs) {
      const types = typesOf(doc.typeId);
      const own = langs.filter((l) => l.nodeId === doc.id).map((l) => l.languageId);
      for (const p of props.filter(
        (p) => types.has(p.contentTypeId) && (p.mandatory === 1 || isSeo(String(p.alias))),
      )) {
        const valueOf = (lang: unknown) => values.get(`${String(doc.versionId)}:${String(p.id)}:${String(lang)}`);
        // A language lacks the value when neither its own value nor the invariant one holds something.
        const lacks = (own.length > 0 ? own : [null]).some((lang) => isEmpty(valueOf(lang)) && isEmpty(valueOf(null)));
        if (!lacks) continue;
        const id = `${String(doc.typeAlias)}.${String(p.alias)}`;
        const entry = out.get(id) ?? { count: 0, mandatory: p.mandatory === 1 };
        entry.count += 1;
        out.set(id, entry);
      }
    }
    return out;
  } finally {
    db.close();
  }
}

/** URL → content items holding it, and per language ('' for invariant items) the items without a URL. */
function expectUrls(oracle: SnapshotOracle): { duplicates: Map<string, number>; noUrl: Map<string, number> } {
  const holders = new Map<string, Set<string>>();
  const noUrl = new Map<string, number>();
  for (const record of oracle.records.content) {
    const cultures = Object.entries((record.cultures as Record<string, Json> | undefined) ?? {});
    const urls = cultures.length > 0 ? cultures.map(([iso, c]) => [iso, c.url] as const) : [['', record.url] as const];
    for (const [iso, url] of urls) {
      if (typeof url !== 'string' || url === '' || url === '#') noUrl.set(iso, (noUrl.get(iso) ?? 0) + 1);
      else holders.set(url, (holders.get(url) ?? new Set()).add(String(record.key)));
    }
  }
  const duplicates = new Map([...holders].filter(([, keys]) => keys.size > 1).map(([url, keys]) => [url, keys.size]));
  return { duplicates, noUrl };
}

/** host → distinct (item, property, URL) found in the raw JSON of each property value, every language included. */
function expectHosts(oracle: SnapshotOracle): Map<string, number> {
  const seen = new Set<string>();
  const hosts = new Map<string, number>();
  for (const record of [...oracle.records.content, ...oracle.records.media]) {
    const sets = [
      record.properties,
      ...Object.values((record.cultures as Record<string, Json> | undefined) ?? {}).map((c) => c.properties),
    ];
    for (const set of sets)
      for (const [alias, p] of Object.entries((set as Record<string, Json> | undefined) ?? {})) {
        const text = JSON.stringify(p.value ?? null)
          .replaceAll('\\"', '"')
          .replaceAll('&amp;', '&');
        for (const m of text.matchAll(/https?:\/\/[^\s"'<>\\`]+/gi)) {
          const url = m[0].replace(/[.,;:!?)\]}]+$/, '');
          let host: string;
          try {
            host = new URL(url).hostname.toLowerCase();
          } catch {
            continue;
          }
          const id = `${String(record.key)} ${alias} ${url}`;
          if (host === '' || seen.has(id)) continue;
          seen.add(id);
          hosts.set(host, (hosts.get(host) ?? 0) + 1);
        }
      }
  }
  return hosts;
}

describe('issues overview on shared databases', () => {
  let work: string;
  const runs: Array<{ name: string; issues: Issue[]; dir: string; oracle: SnapshotOracle }> = [];

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'issues-'));
    for (const name of DATABASES) {
      const dir = path.join(work, name);
      await crawl(['--db', sharedDatabase(name), '--out', path.join(dir, 'snapshot')], {
        SNAPSHOT_CACHE_DIR: path.join(dir, 'cache'),
      });
      await prepareSiteData(path.join(dir, 'snapshot'), path.join(dir, 'data'));
      const text = await readFile(path.join(dir, 'data', 'issues.ndjson'), 'utf8');
      const issues = text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Issue);
      runs.push({ name, issues, dir, oracle: await readSnapshotOracle(path.join(dir, 'snapshot')) });
    }
  });
  after(() => rm(work, { recursive: true, force: true }));

  const of = (issues: Issue[], problem: string) =>
    new Map(issues.filter((i) => i.problem === problem).map((i) => [i.subject, i.count]));

  it('counts empty mandatory and SEO properties per type as SQL does', () => {
    for (const { name, issues, oracle } of runs) {
      const documentTypes = new Set(oracle.records.content.map((r) => String(r.type)));
      const expected = expectEmpty(sharedDatabase(name));
      const want = (mandatory: boolean) =>
        new Map([...expected].filter(([, e]) => e.mandatory === mandatory).map(([id, e]) => [id, e.count]));
      const got = (problem: string) =>
        new Map([...of(issues, problem)].filter(([subject]) => documentTypes.has(subject.split('.')[0] as string)));
      assert.deepEqual(got('Mandatory property empty'), want(true), `${name}: mandatory`);
      assert.deepEqual(got('SEO property empty'), want(false), `${name}: SEO`);
    }
    const commerce = runs[1]?.issues ?? [];
    assert.equal(of(commerce, 'SEO property empty').get('productPage.metaDescription'), 49, 'every product page');
  });

  it('lists duplicate URLs and items without a URL per language as the raw snapshot has them', () => {
    for (const { name, issues, oracle } of runs) {
      const { duplicates, noUrl } = expectUrls(oracle);
      assert.deepEqual(of(issues, 'Duplicate URL'), duplicates, name);
      if (name === 'miguel015_alimentos.db') assert.ok(duplicates.size > 0, 'this database has a shared URL');
      const got = of(issues, 'No URL in a language');
      assert.deepEqual(got, new Map([...noUrl].map(([iso, n]) => [iso === '' ? 'invariant items' : iso, n])), name);
    }
  });

  it('counts orphan media and external links by host as the raw snapshot has them, with links to the rows', () => {
    for (const { name, issues, oracle } of runs) {
      const orphans = issues.find((i) => i.problem === 'Orphan media');
      assert.equal(orphans?.count ?? 0, oracle.orphanMediaKeys.length, name);
      if (orphans) assert.equal(orphans.link, 'inventories/orphan-media/?sort=-bytes');
      const hosts = of(issues, 'External links');
      assert.deepEqual(hosts, expectHosts(oracle), name);
      for (const i of issues.filter((x) => x.problem === 'External links'))
        assert.equal(i.link, `inventories/external-links/?host=${encodeURIComponent(i.subject)}`);
    }
    assert.ok(of(runs[1]?.issues ?? [], 'External links').size > 0, 'the Commerce store links out');
  });

  it('writes issues.csv and external-links.csv with the same rows', async () => {
    for (const { issues, dir, oracle } of runs) {
      const csv = parseCsv(
        (await readFile(path.join(dir, 'data', 'downloads', 'issues.csv'), 'utf8')).replace(/^\uFEFF/, ''),
      );
      assert.deepEqual(csv[0], ['problem', 'severity', 'subject', 'count', 'detail', 'why', 'link']);
      assert.deepEqual(
        csv.slice(1).map((r) => [r[0], r[2], Number(r[3])]),
        issues.map((i) => [i.problem, i.subject, i.count]),
      );
      const links = parseCsv(await readFile(path.join(dir, 'data', 'downloads', 'external-links.csv'), 'utf8'));
      const total = [...expectHosts(oracle).values()].reduce((a, b) => a + b, 0);
      assert.equal(links.length - 1, total);
    }
  });
});
