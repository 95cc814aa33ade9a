/**
 * The extras' downloads and site data, derived from crawls of shared databases (no Astro build): each download has
 * one row per entry the tables hold, counted and read by SQL written here; and a plugin-shaped source leaves every
 * extra marked as not offered, with empty downloads.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { startReadService } from '../../scripts/source/server.ts';
import { listDraftChanges } from '../../scripts/diff/draft-diff.ts';
import { writeDraftChanges } from '../../scripts/pipeline/drafts-step.ts';
import type { PropertyChange } from '../../scripts/core/diff-format.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { parseCsv } from '../../src/lib/csv.ts';
import { openForOracle, sharedDatabase } from '../support/shared-databases.ts';

const DOCUMENT = 'C66BA18E-EAF3-4CFF-8A22-41B16D66A972';

async function derive(work: string, name: string, args: string[]): Promise<string> {
  const snapshot = path.join(work, `${name}-snapshot`);
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const code = await runSnapshotCli([...args, '--out', snapshot, '--quiet'], {}, { stdout: sink, stderr: sink });
  assert.equal(code, 0, output);
  const siteData = path.join(work, `${name}-site-data`);
  await prepareSiteData(snapshot, siteData);
  return siteData;
}

const csv = async (siteData: string, name: string) =>
  parseCsv(await readFile(path.join(siteData, 'downloads', `${name}.csv`), 'utf8')).filter((r) => r.length > 1);

/** Rows as objects by header, for the named columns. */
function pick(rows: string[][], columns: string[]): string[][] {
  const header = rows[0] ?? [];
  return rows.slice(1).map((row) => columns.map((c) => row[header.indexOf(c)] ?? '<missing column>'));
}

describe('extras downloads', () => {
  let work: string;
  before(async () => (work = await mkdtemp(path.join(tmpdir(), 'site-extras-'))));
  after(() => rm(work, { recursive: true, force: true }));

  it('redirect-urls.csv: one row per Umbraco redirect with its old URL, culture, item key and date', async () => {
    const file = sharedDatabase('persteenolsen_umbraco-17-starter-one.db');
    const db = openForOracle(file);
    const expected = db
      .prepare('SELECT url, culture, contentKey, createDateUtc FROM umbracoRedirectUrl')
      .all()
      .map((r) => [
        String(r.url),
        String(r.culture ?? ''),
        String(r.contentKey).toLowerCase(),
        `${String(r.createDateUtc).slice(0, 10)}T${String(r.createDateUtc).slice(11, 19)}+00:00`,
      ]);
    const unpublished = db
      .prepare(
        `SELECT lower(n.uniqueId) AS key FROM umbracoDocument d JOIN umbracoNode n ON n.id = d.nodeId
         WHERE n.nodeObjectType = ? AND n.trashed = 0 AND d.published = 0`,
      )
      .all(DOCUMENT)
      .map((r) => [String(r.key)]);
    const trashed = db
      .prepare('SELECT lower(uniqueId) AS key FROM umbracoNode WHERE trashed = 1')
      .all()
      .map((r) => [String(r.key)]);
    db.close();
    const siteData = await derive(work, 'starter', ['--db', file]);
    const rows = await csv(siteData, 'redirect-urls');
    assert.deepEqual(rows[0]?.slice(0, 4), ['url', 'culture', 'contentKey', 'createDate']);
    assert.deepEqual(pick(rows, ['url', 'culture', 'contentKey', 'createDate']).sort(), expected.sort());
    assert.deepEqual(pick(await csv(siteData, 'unpublished'), ['key']), unpublished);
    const states = new Map(pick(rows, ['contentKey', 'itemState']) as Array<[string, string]>);
    assert.deepEqual([...new Set(states.values())].sort(), ['published', 'trashed', 'unpublished']);
    for (const [key] of unpublished)
      if (states.has(key as string)) assert.equal(states.get(key as string), 'unpublished');
    for (const [key] of trashed) if (states.has(key as string)) assert.equal(states.get(key as string), 'trashed');
    assert.deepEqual(pick(await csv(siteData, 'recycle-bin'), ['key']).sort(), trashed.sort());
    const items = pick(await csv(siteData, 'items'), ['key']).flat();
    for (const [key] of [...unpublished, ...trashed])
      assert.ok(!items.includes(key as string), `${key} stays out of the published items`);
  });

  it('dictionary.csv: key × language, the missing translations counted; drafts.csv and domains.csv', async () => {
    const file = sharedDatabase('tdufrane_searchcourse.db');
    const db = openForOracle(file);
    const languages = db
      .prepare('SELECT id, languageISOCode AS iso FROM umbracoLanguage ORDER BY id')
      .all()
      .map((r) => [Number(r.id), String(r.iso)] as const);
    const items = db.prepare('SELECT id, "key" AS name FROM cmsDictionary').all();
    const texts = db.prepare('SELECT UniqueId AS item, languageId, value FROM cmsLanguageText').all();
    const expected = items
      .map((item) => {
        const missing = languages.filter(
          ([id]) => !texts.some((t) => t.item === item.id && t.languageId === id && String(t.value).trim() !== ''),
        );
        return [String(item.name), String(missing.length), missing.map(([, iso]) => iso).join('; ')];
      })
      .sort();
    const drafts = Number(
      (
        db
          .prepare(
            `SELECT count(*) AS n FROM umbracoDocument d JOIN umbracoNode n ON n.id = d.nodeId
             WHERE n.nodeObjectType = ? AND n.trashed = 0 AND d.published = 1 AND d.edited = 1`,
          )
          .get(DOCUMENT) as { n: number }
      ).n,
    );
    const domains = db
      .prepare('SELECT domainName AS name FROM umbracoDomain')
      .all()
      .map((r) => [String(r.name)]);
    db.close();
    const siteData = await derive(work, 'multilingual', ['--db', file]);
    const rows = await csv(siteData, 'dictionary');
    assert.deepEqual(rows[0], [
      'key',
      'name',
      'parent',
      ...languages.map(([, iso]) => `value:${iso}`),
      'missing',
      'missingLanguages',
    ]);
    assert.deepEqual(pick(rows, ['name', 'missing', 'missingLanguages']).sort(), expected);
    assert.equal((await csv(siteData, 'drafts')).length - 1, drafts);
    assert.deepEqual(pick(await csv(siteData, 'domains'), ['name']).sort(), domains.sort());
  });

  it('keeps hostile extras as data: prototype-named keys, formulas, bidi and line separators', async () => {
    const snapshot = path.join(work, 'multilingual-snapshot');
    const hostile = path.join(work, 'hostile-snapshot');
    await cp(snapshot, hostile, { recursive: true });
    const name = '=HYPERLINK("http://x")\u202e\u2028';
    const dictionary = JSON.parse(
      `{"key":"aaaaaaaa-0000-4000-8000-000000000001","name":"__proto__","parentKey":null,` +
        `"values":[{"culture":"en-US","value":${JSON.stringify(name)}},{"culture":"constructor","value":"x"}]}`,
    );
    await appendFile(path.join(hostile, 'extras', 'dictionary.ndjson'), `${JSON.stringify(dictionary)}\n`);
    const [draft] = (await readFile(path.join(hostile, 'extras', 'drafts.ndjson'), 'utf8')).split('\n');
    const withProto = JSON.parse(
      draft!.replace('"properties":{', '"properties":{"__proto__":{"alias":"__proto__","value":"p"},'),
    );
    await writeFile(path.join(hostile, 'extras', 'drafts.ndjson'), `${JSON.stringify(withProto)}\n`);
    await resealFiles(hostile, ['extras/dictionary.ndjson', 'extras/drafts.ndjson']);
    const siteData = path.join(work, 'hostile-site-data');
    await prepareSiteData(hostile, siteData);
    const rows = await csv(siteData, 'dictionary');
    const row = pick(rows, ['name', 'value:en-US', 'missing']).find((r) => r[0] === '__proto__');
    assert.deepEqual(row, ['__proto__', `'${name}`, '2']);
    // Written piece by piece, never as one string: the file is the bytes one JSON.stringify of its value gives.
    const usedBy = await readFile(path.join(siteData, 'used-by.json'), 'utf8');
    assert.equal(usedBy, JSON.stringify(JSON.parse(usedBy)));
    // Each inventory's rows are one JSON line a row, counted in extras.json.
    const lines = (await readFile(path.join(siteData, 'extra-rows', 'dictionary.ndjson'), 'utf8')).split('\n');
    assert.equal(lines.pop(), '', 'the last row ends its line');
    const dictionaryRows = lines.map((line) => JSON.parse(line) as { name: string });
    assert.ok(dictionaryRows.some((r) => r.name === '__proto__'));
    const extras = JSON.parse(await readFile(path.join(siteData, 'extras.json'), 'utf8'));
    assert.equal(extras.counts.dictionary, dictionaryRows.length);
    assert.equal(extras.counts.dictionary, rows.length - 1, 'as many rows as dictionary.csv has below its header');
    const changes = await listDraftChanges(hostile);
    assert.ok(changes[0]?.properties.some((p) => p.alias === '__proto__' && p.change === 'added'));
  });

  it('a draft saved in the newer rich text form: only the languages it edited, compared by markup', async () => {
    // The database itself: each edited document's published version and its current (draft) version, per language.
    const db = openForOracle(sharedDatabase('tdufrane_searchcourse.db'));
    const rows = db
      .prepare(
        `SELECT lower(n.uniqueId) AS key, pt.Alias AS alias, l.languageISOCode AS culture, dv.published, cv."current",
                pd.textValue AS value
         FROM umbracoDocument d JOIN umbracoNode n ON n.id = d.nodeId
         JOIN umbracoContentVersion cv ON cv.nodeId = n.id JOIN umbracoDocumentVersion dv ON dv.id = cv.id
         JOIN umbracoPropertyData pd ON pd.versionId = cv.id JOIN cmsPropertyType pt ON pt.id = pd.propertyTypeId
         LEFT JOIN umbracoLanguage l ON l.id = pd.languageId
         JOIN umbracoDataType dt ON dt.nodeId = pt.dataTypeId
         WHERE d.published = 1 AND d.edited = 1 AND n.trashed = 0 AND pd.segment IS NULL
           AND dt.propertyEditorAlias IN ('Umbraco.TinyMCE', 'Umbraco.RichText')
           AND (dv.published = 1 OR cv."current" = 1)`,
      )
      .all() as Array<{
      key: string;
      alias: string;
      culture: string | null;
      published: number;
      current: number;
      value: string | null;
    }>;
    db.close();
    const at = (row: { key: string; alias: string; culture: string | null }) =>
      `${row.key} ${row.alias} ${row.culture}`;
    const published = new Map(rows.filter((r) => r.published === 1).map((r) => [at(r), r.value]));
    const drafts = rows.filter((r) => r.current === 1 && r.published === 0);
    // The oracle's rule, from the schema notes: v15+ rich text is JSON {markup, blocks}, older values plain HTML.
    const markupOf = (value: string | null) => (value?.startsWith('{') ? JSON.parse(value).markup : value);
    const acrossForms = drafts.filter((r) => r.value?.startsWith('{') && !published.get(at(r))?.startsWith('{'));
    assert.ok(acrossForms.length > 0, 'the database holds a draft saved in the newer form over an older published one');
    const changes = await listDraftChanges(path.join(work, 'multilingual-snapshot'));
    const listed = new Map<string, PropertyChange>(
      changes.flatMap((c) => c.properties.map((p) => [`${c.key} ${p.alias} ${p.culture}`, p] as const)),
    );
    for (const draft of drafts) {
      const before = published.get(at(draft));
      const change = listed.get(at(draft));
      if (markupOf(before ?? null) === markupOf(draft.value)) {
        assert.equal(change, undefined, `${at(draft)}: the same markup is no change`);
        continue;
      }
      assert.ok(change !== undefined, `${at(draft)} is listed`);
      if (!acrossForms.includes(draft)) continue;
      assert.deepEqual(change.form, { from: 'html', to: 'json' });
      const markup = change.paths?.find((p) => p.path === 'markup');
      assert.equal(markup?.from, before);
      assert.equal(markup?.to, markupOf(draft.value));
      // What the draft added is shown as markup, not as the JSON it is stored in.
      const added = (markup?.text ?? [])
        .filter((p) => p.op === 'added')
        .map((p) => p.text)
        .join(' ');
      assert.match(added, /<img /);
      assert.doesNotMatch(added, /"markup"|\{"blocks/);
    }
    // The site data's file, written a draft at a time, holds one JSON line a draft.
    const siteData = path.join(work, 'multilingual-site-data');
    assert.equal(await writeDraftChanges(path.join(work, 'multilingual-snapshot'), siteData), changes.length);
    assert.equal(
      await readFile(path.join(siteData, 'draft-changes.ndjson'), 'utf8'),
      changes.map((change) => `${JSON.stringify(change)}\n`).join(''),
    );
  });

  it('a plugin-shaped source: every extra not offered, every download there and empty', async () => {
    const service = await startReadService({
      dbPath: sharedDatabase('tdufrane_searchcourse.db'),
      flavor: 'plugin-v10',
    });
    try {
      const siteData = await derive(work, 'plugin', ['--source', service.url]);
      const extras = JSON.parse(await readFile(path.join(siteData, 'extras.json'), 'utf8'));
      assert.ok(Object.values(extras.status).every((s) => s === 'not-offered'));
      assert.ok(Object.values(extras.counts).every((n) => n === 0));
      for (const name of ['drafts', 'unpublished', 'recycle-bin', 'dictionary', 'domains', 'redirect-urls'])
        assert.equal((await csv(siteData, name)).length, 1, `${name}.csv has its header only`);
    } finally {
      await service.close();
    }
  });
});

/** Records edited files in the manifest as a crawler would have written them, so the snapshot still verifies. */
async function resealFiles(dir: string, files: readonly string[]): Promise<void> {
  const manifestFile = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as {
    files: Record<string, { sha256: string; bytes: number; records: number }>;
  };
  for (const file of files) {
    const bytes = await readFile(path.join(dir, file));
    const lines = bytes
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '').length;
    manifest.files[file] = {
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: bytes.length,
      records: lines,
    };
  }
  await writeFile(manifestFile, JSON.stringify(manifest, null, 2));
}
