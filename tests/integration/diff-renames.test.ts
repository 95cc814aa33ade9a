/**
 * Renames are renames in the diff: on copies of a shared database, a type alias, a composition alias and a property
 * alias renamed (as Umbraco does it: only the alias column changes) each give exactly one content type change and
 * no item change; a JSON value stored with its keys in another order gives no change at all; an item's template
 * changed and a property switched from per-language to invariant are listed. Expectations come from SQL on the
 * database, never from the diff code.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { diffSnapshots } from '../../scripts/diff/diff-snapshots.ts';
import { ITEM_CHANGE_KINDS, type SnapshotDiff } from '../../scripts/core/diff-format.ts';
import { editedCopy, EDITED_DATABASE } from '../support/diff-database-edits.ts';
import { openForOracle } from '../support/shared-databases.ts';

type Row = Record<string, string | number | null>;
const all = (db: DatabaseSync, sql: string, ...args: (string | number)[]): Row[] =>
  db.prepare(sql).all(...args) as Row[];
const first = (db: DatabaseSync, sql: string, ...args: (string | number)[]): Row => {
  const [row] = all(db, sql, ...args);
  if (row === undefined) throw new Error(`no row for ${sql}`);
  return row;
};

async function crawl(db: string, out: string): Promise<void> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const code = await runSnapshotCli(['--quiet', '--db', db, '--out', out], {}, { stdout: sink, stderr: sink });
  assert.equal(code, 0, output);
}

const itemChanges = (diff: SnapshotDiff): string[] =>
  ITEM_CHANGE_KINDS.flatMap((kind) => diff.items[kind].map((change) => `${kind} ${change.key}`));

/** Every object's keys in reverse order, strings holding JSON included. */
function reverseKeys(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
    try {
      return JSON.stringify(reverseKeys(JSON.parse(value)));
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, reverseKeys(item)]),
  );
}

const PUBLISHED_ROWS = `SELECT pd.id, pd.textValue, lower(n.uniqueId) AS key FROM umbracoPropertyData pd
  JOIN umbracoDocumentVersion dv ON dv.id = pd.versionId AND dv.published = 1
  JOIN umbracoContentVersion v ON v.id = pd.versionId JOIN umbracoNode n ON n.id = v.nodeId
  JOIN umbracoDocument d ON d.nodeId = n.id JOIN cmsPropertyType pt ON pt.id = pd.propertyTypeId
  WHERE n.trashed = 0 AND d.published = 1 AND pt.Alias = ?`;

describe('renames, reordered JSON, templates and variance in the diff of a shared database', () => {
  let work: string;
  let base: string;
  let oracle: DatabaseSync;

  async function diffAfter(name: string, edit: (db: DatabaseSync) => void): Promise<SnapshotDiff> {
    const out = path.join(work, name);
    await crawl(await editedCopy(path.join(work, `${name}.db`), edit), out);
    return diffSnapshots(base, out);
  }

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'diff-renames-'));
    base = path.join(work, 'base');
    await crawl(await editedCopy(path.join(work, 'base.db'), () => undefined), base);
    oracle = openForOracle(EDITED_DATABASE);
  });
  after(async () => {
    oracle.close();
    await rm(work, { recursive: true, force: true });
  });

  it('a type alias renamed is one type change and re-types no item', async () => {
    const type = first(
      oracle,
      `SELECT t.nodeId, t.alias, count(*) AS items FROM cmsContentType t JOIN umbracoContent c ON c.contentTypeId = t.nodeId
      GROUP BY t.nodeId HAVING items > 1 ORDER BY items DESC, t.alias`,
    );
    const diff = await diffAfter('type-alias', (db) => {
      db.prepare('UPDATE cmsContentType SET alias = ? WHERE nodeId = ?').run('renamedType', Number(type.nodeId));
    });
    assert.deepEqual(
      diff.contentTypes.changed.map((t) => [t.alias, t.fields]),
      [['renamedType', [{ field: 'alias', from: type.alias, to: 'renamedType' }]]],
    );
    assert.deepEqual([diff.contentTypes.added, diff.contentTypes.removed, itemChanges(diff)], [[], [], []]);
  });

  it('a composition alias renamed is one type change, not one on every type composed of it', async () => {
    const composition = first(
      oracle,
      `SELECT t.nodeId, t.alias, count(*) AS uses FROM cmsContentType t
      JOIN cmsContentType2ContentType cc ON cc.parentContentTypeId = t.nodeId GROUP BY t.nodeId HAVING uses > 1
      ORDER BY uses DESC, t.alias`,
    );
    const diff = await diffAfter('composition-alias', (db) => {
      db.prepare('UPDATE cmsContentType SET alias = ? WHERE nodeId = ?').run(
        'renamedComposition',
        Number(composition.nodeId),
      );
    });
    assert.deepEqual(
      diff.contentTypes.changed.map((t) => t.alias),
      ['renamedComposition'],
    );
    assert.deepEqual([diff.contentTypes.added, diff.contentTypes.removed, itemChanges(diff)], [[], [], []]);
  });

  it('a property alias renamed is one property rename, and its values are compared across the rename', async () => {
    const property = first(
      oracle,
      `SELECT pt.id, pt.Alias, t.alias AS type, count(pd.id) AS rows FROM cmsPropertyType pt
      JOIN cmsContentType t ON t.nodeId = pt.contentTypeId JOIN umbracoPropertyData pd ON pd.propertyTypeId = pt.id
      WHERE t.isElement = 0 AND t.nodeId NOT IN (SELECT parentContentTypeId FROM cmsContentType2ContentType)
      GROUP BY pt.id HAVING rows > 1 ORDER BY rows DESC, pt.id`,
    );
    const diff = await diffAfter('property-alias', (db) => {
      db.prepare('UPDATE cmsPropertyType SET Alias = ? WHERE id = ?').run('renamedProperty', Number(property.id));
    });
    assert.deepEqual(
      diff.contentTypes.changed.map((t) => [t.alias, t.properties.renamed.map((p) => [p.fromAlias, p.toAlias])]),
      [[property.type, [[property.Alias, 'renamedProperty']]]],
    );
    const [changed] = diff.contentTypes.changed;
    const { renamed, ...others } = changed?.properties ?? { renamed: [] };
    assert.ok(
      Object.values(others).every((list) => list.length === 0),
      JSON.stringify(others),
    );
    assert.equal(renamed.length, 1);
    assert.deepEqual(itemChanges(diff), []);
  });

  it('a JSON value with its keys in another order is no change', async () => {
    const row = all(oracle, PUBLISHED_ROWS, 'testimonials').find((r) => String(r.textValue).trim().startsWith('{'));
    assert.ok(row, 'a published block value');
    const reordered = JSON.stringify(reverseKeys(JSON.parse(String(row.textValue))));
    assert.notEqual(reordered, row.textValue);
    const diff = await diffAfter('reordered-json', (db) => {
      db.prepare('UPDATE umbracoPropertyData SET textValue = ? WHERE id = ?').run(reordered, Number(row.id));
    });
    assert.deepEqual([diff.contentTypes.changed, itemChanges(diff)], [[], []]);
  });

  it("an item's template changed is listed with both template aliases", async () => {
    const item = first(
      oracle,
      `SELECT lower(n.uniqueId) AS key, v.id AS versionId, t.alias AS template FROM umbracoNode n
      JOIN umbracoDocument d ON d.nodeId = n.id JOIN umbracoContentVersion v ON v.nodeId = n.id
      JOIN umbracoDocumentVersion dv ON dv.id = v.id AND dv.published = 1 JOIN cmsTemplate t ON t.nodeId = dv.templateId
      WHERE n.trashed = 0 AND d.published = 1 ORDER BY n.level, n.sortOrder LIMIT 1`,
    );
    const other = first(
      oracle,
      'SELECT nodeId, alias FROM cmsTemplate WHERE alias <> ? ORDER BY alias',
      String(item.template),
    );
    const diff = await diffAfter('template', (db) => {
      db.prepare('UPDATE umbracoDocumentVersion SET templateId = ? WHERE id = ?').run(
        Number(other.nodeId),
        Number(item.versionId),
      );
    });
    assert.deepEqual(
      diff.items.templateChanged.map((change) => [change.key, change.from, change.to]),
      [[item.key, item.template, other.alias]],
    );
    assert.deepEqual(itemChanges(diff), [`templateChanged ${item.key}`]);
  });

  it('a property switched to invariant is a type change, and the values it deleted are listed', async () => {
    const property = first(
      oracle,
      `SELECT pt.id, pt.Alias, t.alias AS type FROM cmsPropertyType pt JOIN cmsContentType t ON t.nodeId = pt.contentTypeId
      JOIN umbracoPropertyData pd ON pd.propertyTypeId = pt.id
      WHERE (pt.variations & 1) = 1 AND t.isElement = 0
        AND t.nodeId NOT IN (SELECT parentContentTypeId FROM cmsContentType2ContentType)
      GROUP BY pt.id HAVING count(DISTINCT pd.languageId) > 1 ORDER BY count(*) DESC, pt.id`,
    );
    const language = first(oracle, 'SELECT id FROM umbracoLanguage WHERE isDefaultVariantLang = 1');
    // Each other published language's value that differs from the default language's is gone after the switch.
    const expected = all(
      oracle,
      `SELECT lower(n.uniqueId) AS key, l.languageISOCode AS culture FROM umbracoPropertyData pd
      JOIN umbracoDocumentVersion dv ON dv.id = pd.versionId AND dv.published = 1
      JOIN umbracoContentVersion v ON v.id = pd.versionId JOIN umbracoNode n ON n.id = v.nodeId
      JOIN umbracoDocument d ON d.nodeId = n.id JOIN umbracoLanguage l ON l.id = pd.languageId
      JOIN umbracoDocumentCultureVariation dcv ON dcv.nodeId = n.id AND dcv.languageId = l.id AND dcv.published = 1
      LEFT JOIN umbracoPropertyData main ON main.versionId = pd.versionId AND main.propertyTypeId = pd.propertyTypeId
        AND main.languageId = ?
      WHERE pd.propertyTypeId = ? AND pd.languageId <> ? AND n.trashed = 0 AND d.published = 1
        AND coalesce(pd.textValue, pd.varcharValue, pd.intValue, pd.decimalValue, pd.dateValue)
          IS NOT coalesce(main.textValue, main.varcharValue, main.intValue, main.decimalValue, main.dateValue)`,
      Number(language.id),
      Number(property.id),
      Number(language.id),
    ).map((row) => `${String(row.key)} ${String(property.Alias)} ${String(row.culture)}`);
    assert.ok(expected.length > 0, 'values in other languages that differ from the default one');
    const diff = await diffAfter('variance', (db) => {
      db.prepare('UPDATE cmsPropertyType SET variations = variations & ~1 WHERE id = ?').run(Number(property.id));
      db.prepare(
        'DELETE FROM umbracoPropertyData WHERE propertyTypeId = ? AND (languageId IS NULL OR languageId <> ?)',
      ).run(Number(property.id), Number(language.id));
      db.prepare('UPDATE umbracoPropertyData SET languageId = NULL WHERE propertyTypeId = ?').run(Number(property.id));
    });
    assert.deepEqual(
      diff.contentTypes.changed.map((t) => [t.alias, t.properties.varianceChanged]),
      [[property.type, [{ alias: property.Alias, from: true, to: false }]]],
    );
    const listed = diff.items.changed.flatMap((item) =>
      item.properties.map((p) => `${item.key} ${p.alias} ${String(p.culture)}`),
    );
    assert.deepEqual(listed.sort(), expected.sort());
  });
});
