/** The demo database models a real site: content types, a multilingual tree, 17.0 value forms, references, records. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { useDemoDatabase } from '../support/demo-db-fixture.ts';
import { DOCUMENT, DOCUMENT_TYPE, MEDIA } from '../support/umbraco-object-types.ts';

const CLI = resolve(import.meta.dirname, '../../scripts/commands/demo-db.ts');
const EDITORS = [
  'Umbraco.TextBox',
  'Umbraco.TextArea',
  'Umbraco.RichText',
  'Umbraco.BlockList',
  'Umbraco.BlockGrid',
  'Umbraco.MediaPicker3',
  'Umbraco.ContentPicker',
  'Umbraco.MultiUrlPicker',
  'Umbraco.Tags',
  'Umbraco.DateTime',
  'Umbraco.Integer',
  'Umbraco.Decimal',
  'Umbraco.TrueFalse',
  'Umbraco.DropDown.Flexible',
  'Umbraco.MultiNodeTreePicker',
  'Umbraco.ImageCropper',
  'Umbraco.UploadField',
  'Umbraco.Label',
];

describe('demo-db generator: site', () => {
  const { file, all, value, records, summary } = useDemoDatabase();

  it('models the content types of a real site', () => {
    const docTypes =
      `FROM cmsContentType ct JOIN umbracoNode n ON n.id = ct.nodeId WHERE n.nodeObjectType = ` + `'${DOCUMENT_TYPE}'`;
    assert.ok(Number(value(`SELECT count(*) ${docTypes} AND ct.isElement = 0`)) >= 8);
    assert.ok(Number(value(`SELECT count(*) ${docTypes} AND ct.isElement = 1`)) >= 3);
    assert.ok(
      Number(
        value(
          `SELECT count(*) FROM (SELECT parentContentTypeId FROM cmsContentType2ContentType GROUP BY 1 HAVING ` +
            `count(*) >= 2)`,
        ),
      ) >= 2,
      'shared compositions',
    );
    assert.ok(
      Number(value(`SELECT count(*) ${docTypes} AND ct.variations = 1 AND ct.isElement = 0`)) > 0,
      'variant document types',
    );
    assert.ok(Number(value(`SELECT count(*) FROM cmsPropertyTypeGroup WHERE type = 1`)) > 0, 'tabs');
    assert.ok(
      Number(value(`SELECT count(*) FROM cmsPropertyTypeGroup WHERE alias LIKE '%/%'`)) > 0,
      'groups inside tabs',
    );
    assert.ok(
      Number(value(`SELECT count(*) FROM cmsDocumentType WHERE IsDefault = 1`)) > 0 &&
        Number(value(`SELECT count(*) FROM cmsContentTypeAllowedContentType`)) > 0,
    );
    for (const editor of EDITORS) {
      const rows = value(
        `SELECT count(*) FROM umbracoPropertyData pd JOIN cmsPropertyType pt ON pt.id = pd.propertyTypeId JOIN ` +
          `umbracoDataType dt ON dt.nodeId = pt.dataTypeId WHERE dt.propertyEditorAlias = '${editor}'`,
      );
      assert.ok(Number(rows) > 0, `${editor} has stored values`);
    }
  });

  it('builds a deep, multilingual tree with domains', () => {
    assert.ok(
      Number(value(`SELECT max(level) FROM umbracoNode WHERE nodeObjectType = '${DOCUMENT}' AND trashed = 0`)) >= 5,
    );
    assert.ok(
      Number(value(`SELECT count(*) FROM umbracoNode WHERE nodeObjectType = '${DOCUMENT}' AND parentId = -1`)) >= 3,
    );
    assert.deepEqual(
      all('SELECT languageISOCode AS iso, isDefaultVariantLang AS d FROM umbracoLanguage ORDER BY id').map((r) => ({
        ...r,
      })),
      [
        { iso: 'en-US', d: 1 },
        { iso: 'da', d: 0 },
      ],
    );
    assert.equal(value('SELECT count(DISTINCT domainRootStructureID) FROM umbracoDomain'), 1);
    assert.ok(Number(value('SELECT count(*) FROM umbracoContentVersionCultureVariation')) > 0);
    assert.equal(
      value(
        `SELECT count(*) FROM umbracoDocumentCultureVariation c JOIN umbracoContent x ON x.nodeId = c.nodeId ` +
          `JOIN cmsContentType ct ON ct.nodeId = x.contentTypeId WHERE ct.variations = 0`,
      ),
      0,
    );
  });

  it('stores dates, GUIDs and UDIs the way 17.0 does', () => {
    const badDate = `NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9]'`;
    assert.equal(value(`SELECT count(*) FROM umbracoNode WHERE createDate ${badDate}`), 0);
    assert.equal(value(`SELECT count(*) FROM umbracoContentVersion WHERE versionDate ${badDate}`), 0);
    assert.equal(value(`SELECT count(*) FROM umbracoPropertyData WHERE dateValue ${badDate}`), 0);
    assert.equal(value(`SELECT count(*) FROM umbracoPropertyData WHERE decimalValue NOT GLOB '*[0-9].[0-9]*'`), 0);
    const text = all(
      `SELECT coalesce(varcharValue, textValue) AS v FROM umbracoPropertyData WHERE v LIKE '%umb://%' OR v LIKE ` +
        `'%mediaKey%'`,
    )
      .map((r) => String(r.v))
      .join('\n');
    const udis = [...text.matchAll(/umb:\/\/(?:document|media|element)\/(\w{32})/g)].map((m) => m[1]);
    const mediaKeys = [...text.matchAll(/mediaKey\\?"?:\\?"?([\w-]{36})/g)].map((m) => m[1]);
    assert.ok(udis.length > 0 && mediaKeys.length > 0);
    for (const key of [...udis, ...mediaKeys])
      assert.equal(key, key?.toLowerCase(), 'GUIDs inside values are lower-case');
  });

  it('writes URL segments per language, published ones only for published cultures, unique among siblings', () => {
    const languages = Number(value('SELECT count(*) FROM umbracoLanguage'));
    assert.equal(
      value(
        `SELECT count(*) FROM umbracoDocumentUrl u JOIN umbracoNode n ON n.uniqueId = u.uniqueId JOIN ` +
          `umbracoDocument d ON d.nodeId = n.id WHERE u.isDraft = 0 AND d.published = 0`,
      ),
      0,
    );
    assert.equal(
      value(
        `SELECT count(*) FROM umbracoDocumentUrl u JOIN umbracoNode n ON n.uniqueId = u.uniqueId JOIN ` +
          `umbracoDocumentCultureVariation c ON c.nodeId = n.id AND c.languageId = u.languageId WHERE u.isDraft = ` +
          `0 AND c.published = 0`,
      ),
      0,
    );
    assert.equal(
      value(
        `SELECT count(*) FROM umbracoNode n JOIN umbracoContent x ON x.nodeId = n.id JOIN cmsContentType ct ON ` +
          `ct.nodeId = x.contentTypeId WHERE ct.variations = 0 AND n.nodeObjectType = '${DOCUMENT}' AND (SELECT ` +
          `count(*) FROM umbracoDocumentUrl u WHERE u.uniqueId = n.uniqueId AND u.isDraft = 1) <> ${languages}`,
      ),
      0,
    );
    assert.equal(
      value(
        `SELECT count(*) FROM (SELECT n.parentId, u.languageId, u.urlSegment FROM umbracoDocumentUrl u JOIN ` +
          `umbracoNode n ON n.uniqueId = u.uniqueId WHERE u.isDraft = 0 AND n.trashed = 0 GROUP BY 1, 2, 3 HAVING ` +
          `count(*) > 1)`,
      ),
      0,
    );
  });

  it('includes broken references and references to trashed items', () => {
    const udis = all(
      `SELECT coalesce(varcharValue, textValue) AS v FROM umbracoPropertyData WHERE coalesce(varcharValue, ` +
        `textValue) LIKE 'umb://document/%'`,
    )
      .flatMap((r) => String(r.v).split(','))
      .map((u) => u.slice(-32).toUpperCase());
    const keys = new Map(
      all(`SELECT replace(uniqueId, '-', '') AS k, trashed FROM umbracoNode`).map((r) => [
        String(r.k),
        Number(r.trashed),
      ]),
    );
    assert.ok(
      udis.some((k) => !keys.has(k)),
      'a picker points at a key that exists nowhere',
    );
    assert.ok(
      udis.some((k) => keys.get(k) === 1),
      'a picker points at a trashed document',
    );
  });

  it('records every document and media item as the read service must serve it', () => {
    assert.equal(records.length, summary().documents + summary().media);
    assert.equal(
      records.length,
      value(`SELECT count(*) FROM umbracoNode WHERE nodeObjectType IN ('${DOCUMENT}', '${MEDIA}')`),
    );
    const segments = new Map(
      all(
        `SELECT lower(uniqueId) AS k, urlSegment AS s FROM umbracoDocumentUrl WHERE isDraft = 0 AND languageId = 1`,
      ).map((r) => [r.k, r.s]),
    );
    for (const r of records.filter((x) => x.kind === 'document'))
      assert.equal(r.urlSegment, segments.get(r.key) ?? null, `segment of ${r.id}`);
    const stored = new Map(
      all(
        `SELECT lower(n.uniqueId) AS k, count(*) AS c FROM umbracoPropertyData pd ` +
          `JOIN umbracoContentVersion v ON v.id = pd.versionId
      JOIN umbracoDocumentVersion dv ON dv.id = v.id AND dv.published = 1 JOIN umbracoNode n ON n.id = v.nodeId
      WHERE pd.languageId IS NULL OR pd.languageId = 1 GROUP BY 1`,
      ).map((r) => [r.k, r.c]),
    );
    for (const r of records.filter((x) => x.kind === 'document' && x.visible))
      assert.equal(Object.keys(r.values).length, stored.get(r.key) ?? 0, `values of ${r.id}`);
    const paths = new Map(
      all(
        `SELECT v.nodeId AS id, m.path FROM umbracoContentVersion v JOIN umbracoMediaVersion m ON m.id = v.id ` +
          `WHERE v."current" = 1`,
      ).map((r) => [r.id, r.path]),
    );
    for (const r of records.filter((x) => x.kind === 'media' && x.contentTypeAlias === 'Image')) {
      assert.equal((r.values.umbracoFile as { src: string }).src, paths.get(r.id));
    }
  });

  it('has a CLI that refuses to overwrite and reports every bad flag at once', () => {
    const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
    writeFileSync(file('taken.db'), 'keep me');
    const refused = cli('--out', file('taken.db'), '--items', '20');
    assert.equal(refused.status, 3);
    assert.match(refused.stderr, /already exists/);
    assert.equal(readFileSync(file('taken.db'), 'utf8'), 'keep me');
    const bad = cli('--items', 'many', '--languages', '9', '--colour', 'blue');
    assert.equal(bad.status, 2);
    assert.equal(bad.stderr.trim().split('\n').length, 1);
    for (const flag of ['--items', '--languages', '--colour', '--out'])
      assert.ok(bad.stderr.includes(flag), `mentions ${flag}`);
    const forced = cli('--out', file('taken.db'), '--items', '20', '--force');
    assert.equal(forced.status, 0, forced.stderr);
    assert.match(forced.stdout, /20 documents|16 documents/);
  });
});
