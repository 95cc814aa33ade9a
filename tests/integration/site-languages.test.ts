/**
 * Languages, domains and the default language of shared databases, as the site states them, against the database
 * read by SQL (umbracoLanguage, umbracoDomain, cmsContentType.variations) and Umbraco's published cache; and the
 * "default language only" note only where per-language data could be missing: a deployed plugin's crawl, not a
 * database whose content types say nothing varies. Beside them, each extras inventory's row count and row file
 * against the database's own entries.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { getContentTypes, iterateNdjson } from '../../scripts/core/snapshot-format.ts';
import { crawl as crawlSource } from '../../scripts/snapshot/crawl.ts';
import { startReadService } from '../../scripts/source/server.ts';
import { describeLanguages, type SiteLanguages } from '../../src/lib/pages/site-languages.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import {
  EXTRAS_FILE,
  extraRowsFile,
  type ExtraRow,
  type ExtrasSummary,
} from '../../src/lib/site-data/extras-format.ts';
import type { SiteNode } from '../../src/lib/site-data/site-data-format.ts';
import { z } from 'zod';
import { readPublishedCache } from '../support/published-cache.ts';
import { openForOracle, sharedDatabase } from '../support/shared-databases.ts';
import { crawl } from '../support/site-e2e.ts';
import { extraCountsBySql } from '../support/extras-oracle.ts';
import { DOCUMENT, DOCUMENT_TYPE } from '../support/umbraco-object-types.ts';
import type { ExtraName } from '../../scripts/core/snapshot-extras.ts';

const DATABASES = [
  'tdufrane_searchcourse.db',
  'miguel015_alimentos.db',
  'pedrohelder98_bluegrassassessment.db',
  'umbraco_umbraco.commerce.demostore_15.x.db',
];

interface Expected {
  languages: string[];
  defaultLanguage: string;
  domains: number;
  variantTypes: number;
  variantItems: number;
}

function expectedOf(file: string): Expected {
  const db = openForOracle(file);
  const rows = (sql: string) => db.prepare(sql).all() as Array<Record<string, unknown>>;
  const languages = rows('SELECT languageISOCode AS iso, isDefaultVariantLang AS d FROM umbracoLanguage ORDER BY id');
  const domains = rows('SELECT count(*) AS n FROM umbracoDomain')[0]!.n;
  const variantTypes = rows(
    `SELECT count(*) AS n FROM cmsContentType t JOIN umbracoNode n ON n.id = t.nodeId
     WHERE n.nodeObjectType = '${DOCUMENT_TYPE}' AND (t.variations & 1) = 1`,
  )[0]!.n;
  const documents = new Set(
    rows(`SELECT id FROM umbracoNode WHERE nodeObjectType = '${DOCUMENT}' AND trashed = 0`).map((r) => Number(r.id)),
  );
  db.close();
  const variantItems = readPublishedCache(file).filter(
    (e) => e.published && documents.has(e.nodeId) && Object.keys(e.cultures).length > 0,
  ).length;
  return {
    languages: languages.map((l) => String(l.iso)),
    defaultLanguage: String(languages.find((l) => Number(l.d) === 1)?.iso),
    domains: Number(domains),
    variantTypes: Number(variantTypes),
    variantItems,
  };
}

/** Each inventory's row count as extras.json states it, and the lines of its row file. */
const rowsByExtra = new Map<string, { counts: Record<ExtraName, number>; lines: Record<string, number> }>();

async function describeSnapshot(snapshot: string, data: string): Promise<SiteLanguages> {
  await prepareSiteData(snapshot, data);
  const nodes: SiteNode[] = [];
  for await (const n of iterateNdjson(
    path.join(data, 'nodes.ndjson'),
    z.custom<SiteNode>(() => true),
  ))
    nodes.push(n);
  const summary = JSON.parse(await readFile(path.join(data, EXTRAS_FILE), 'utf8')) as ExtrasSummary;
  const lines: Record<string, number> = {};
  for (const name of Object.keys(summary.counts) as ExtraName[]) {
    const text = await readFile(path.join(data, extraRowsFile(name)), 'utf8');
    lines[name] = text.split('\n').filter(Boolean).length;
  }
  rowsByExtra.set(data, { counts: summary.counts, lines });
  const languageLines = (await readFile(path.join(data, extraRowsFile('languages')), 'utf8')).split('\n');
  const languages = languageLines.filter(Boolean).map((line) => JSON.parse(line) as ExtraRow);
  const extras = { status: summary.status, languages, domains: summary.counts.domains };
  return describeLanguages({ nodes, contentTypes: (await getContentTypes(snapshot)).contentTypes, extras });
}

describe('languages and domains of the shared databases', { timeout: 180_000 }, () => {
  let work: string;
  const got = new Map<string, SiteLanguages>();

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'site-languages-'));
    for (const name of DATABASES) {
      const dir = path.join(work, name);
      const env = { SNAPSHOT_CACHE_DIR: path.join(dir, 'cache') };
      await crawl(['--db', sharedDatabase(name), '--out', path.join(dir, 'snapshot')], env);
      got.set(name, await describeSnapshot(path.join(dir, 'snapshot'), path.join(dir, 'data')));
    }
  });
  after(() => rm(work, { recursive: true, force: true }));

  for (const name of DATABASES) {
    it(`counts each extras inventory of ${name} as the database holds its entries, one row each`, () => {
      const { counts, lines } = rowsByExtra.get(path.join(work, name, 'data'))!;
      const expected = extraCountsBySql(sharedDatabase(name));
      assert.deepEqual(counts, expected);
      assert.deepEqual(lines, expected, 'as many lines in each row file');
    });
    it(`states the languages, the default one, domains and variance of ${name} as the database has them`, () => {
      const expected = expectedOf(sharedDatabase(name));
      const info = got.get(name)!;
      assert.equal(info.languagesFrom, 'extras');
      assert.deepEqual(info.languages.map((l) => l.iso).sort(), [...expected.languages].sort());
      assert.equal(info.defaultLanguage, expected.defaultLanguage);
      assert.deepEqual(
        info.languages.filter((l) => l.isDefault).map((l) => l.iso),
        [expected.defaultLanguage],
      );
      assert.equal(info.domains, expected.domains);
      assert.equal(info.variantTypes, expected.variantTypes);
      assert.equal(info.variantItems, expected.variantItems);
      assert.equal(info.defaultLanguageOnly, false, 'nothing is hidden in another language');
    });
  }

  it('infers the default language from the items of a multilingual crawl without the languages extra', async () => {
    const name = 'tdufrane_searchcourse.db';
    const info = got.get(name)!;
    assert.ok(info.variantItems > 0 && info.languages.length === 3);
    const nodes: SiteNode[] = [];
    for await (const n of iterateNdjson(
      path.join(work, name, 'data', 'nodes.ndjson'),
      z.custom<SiteNode>(() => true),
    ))
      nodes.push(n);
    const contentTypes = (await getContentTypes(path.join(work, name, 'snapshot'))).contentTypes;
    const status = { languages: 'not-offered', domains: 'not-offered' } as const;
    const inferred = describeLanguages({ nodes, contentTypes, extras: { status, languages: [], domains: 0 } });
    assert.equal(inferred.languagesFrom, 'items');
    assert.equal(inferred.defaultLanguage, expectedOf(sharedDatabase(name)).defaultLanguage);
    assert.equal(inferred.domains, undefined);
    assert.deepEqual(
      inferred.languages.map((l) => [l.iso, l.variantItems]),
      info.languages.map((l) => [l.iso, l.variantItems]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });

  it('keeps the "default language only" note for a deployed plugin, which sends one language and no variance', async () => {
    const dir = path.join(work, 'plugin');
    const service = await startReadService({
      dbPath: sharedDatabase('tdufrane_searchcourse.db'),
      flavor: 'plugin-v10',
    });
    try {
      await crawlSource({
        source: { url: service.url, kind: 'http' },
        out: path.join(dir, 'snapshot'),
        maxFailures: 0,
        concurrency: 4,
        timeoutMs: 10_000,
        retries: 0,
        backoff: { baseMs: 1, maxMs: 1 },
        tool: { name: 'test', version: '0' },
      });
    } finally {
      await service.close();
    }
    const info = await describeSnapshot(path.join(dir, 'snapshot'), path.join(dir, 'data'));
    assert.equal(info.variantItems, 0);
    assert.equal(info.variantTypes, undefined, 'the plugin does not say which types vary');
    assert.equal(info.defaultLanguageOnly, true);
  });
});
