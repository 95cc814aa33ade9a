/**
 * Model edits made to a copy of tdufrane_searchcourse.db for the mapping round trip, and the drift rows they must
 * cause, named from the database with SQL (schema guide §4), never from the mapping code: a property alias and a type
 * alias renamed, a property added, one deleted, and a data type's editor changed.
 */
import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';

type Row = Record<string, string | number | null>;
const one = (db: DatabaseSync, sql: string, ...args: (string | number)[]): Row => {
  const row = db.prepare(sql).get(...args) as Row | undefined;
  if (row === undefined) throw new Error(`no row for ${sql} ${args.join(', ')}`);
  return row;
};
const keys = (db: DatabaseSync, sql: string, ...args: (string | number)[]): string[] =>
  (db.prepare(sql).all(...args) as Row[]).map((r) => String(r.key)).sort();

export interface MappingEdits {
  renamedProperty: { id: number; from: string; to: string; typeKeys: string[]; propertyKey: string };
  renamedType: { id: number; key: string; from: string; to: string };
  added: { typeId: number; groupId: number; alias: string; key: string; typeKeys: string[] };
  deleted: { id: number; alias: string; typeKeys: string[]; propertyKey: string };
  editor: { dataTypeId: number; from: string; to: string; rowKeys: string[] };
}

/** Keys of the types whose full property set holds the properties of type `typeId` (itself and its composers). */
const HOLDERS = `WITH RECURSIVE holders(id) AS (SELECT ?
  UNION SELECT r.childContentTypeId FROM cmsContentType2ContentType r JOIN holders h ON r.parentContentTypeId = h.id)
  SELECT lower(n.uniqueId) AS key FROM holders h JOIN umbracoNode n ON n.id = h.id`;

function property(db: DatabaseSync, typeAlias: string, alias: string): Row {
  return one(
    db,
    `SELECT pt.id, pt.contentTypeId, lower(pt.UniqueID) AS key, pt.propertyTypeGroupId FROM cmsPropertyType pt
     JOIN cmsContentType ct ON ct.nodeId = pt.contentTypeId WHERE ct.alias = ? AND pt.Alias = ?`,
    typeAlias,
    alias,
  );
}

export function planMappingEdits(db: DatabaseSync): MappingEdits {
  const twitter = property(db, 'person', 'twitterHandle');
  const price = property(db, 'product', 'price');
  const blog = one(
    db,
    `SELECT ct.nodeId AS id, lower(n.uniqueId) AS key FROM cmsContentType ct
    JOIN umbracoNode n ON n.id = ct.nodeId WHERE ct.alias = 'blog'`,
  );
  const radio = one(
    db,
    `SELECT d.nodeId FROM umbracoDataType d JOIN cmsPropertyType pt ON pt.dataTypeId = d.nodeId
     WHERE d.propertyEditorAlias = 'Umbraco.RadioButtonList' LIMIT 1`,
  );
  const usesRadio = db
    .prepare(`SELECT pt.contentTypeId, lower(pt.UniqueID) AS key FROM cmsPropertyType pt WHERE pt.dataTypeId = ?`)
    .all(Number(radio.nodeId)) as Row[];
  const rowKeys = usesRadio.flatMap((p) =>
    keys(db, HOLDERS, Number(p.contentTypeId)).map((t) => `${t}/${String(p.key)}`),
  );
  const addedKey = randomUUID();
  return {
    renamedProperty: {
      id: Number(twitter.id),
      from: 'twitterHandle',
      to: 'twitterAccount',
      typeKeys: keys(db, HOLDERS, Number(twitter.contentTypeId)),
      propertyKey: String(twitter.key),
    },
    renamedType: { id: Number(blog.id), key: String(blog.key), from: 'blog', to: 'blogPost' },
    added: {
      typeId: Number(twitter.contentTypeId),
      groupId: Number(twitter.propertyTypeGroupId),
      alias: 'addedByTheTest',
      key: addedKey,
      typeKeys: keys(db, HOLDERS, Number(twitter.contentTypeId)),
    },
    deleted: {
      id: Number(price.id),
      alias: 'price',
      typeKeys: keys(db, HOLDERS, Number(price.contentTypeId)),
      propertyKey: String(price.key),
    },
    editor: {
      dataTypeId: Number(radio.nodeId),
      from: 'Umbraco.RadioButtonList',
      to: 'Umbraco.DropDown.Flexible',
      rowKeys,
    },
  };
}

export function applyMappingEdits(db: DatabaseSync, edits: MappingEdits): void {
  const { renamedProperty, renamedType, added, deleted, editor } = edits;
  db.prepare('UPDATE cmsPropertyType SET Alias = ? WHERE id = ?').run(renamedProperty.to, renamedProperty.id);
  db.prepare('UPDATE cmsContentType SET alias = ? WHERE nodeId = ?').run(renamedType.to, renamedType.id);
  db.prepare(
    `INSERT INTO cmsPropertyType
      (dataTypeId, contentTypeId, propertyTypeGroupId, Alias, Name, sortOrder, variations, UniqueID)
    VALUES (-88, ?, ?, ?, 'Added by the test', 99, 0, ?)`,
  ).run(added.typeId, added.groupId, added.alias, added.key);
  db.prepare('DELETE FROM umbracoPropertyData WHERE propertyTypeId = ?').run(deleted.id);
  db.prepare('DELETE FROM cmsPropertyType WHERE id = ?').run(deleted.id);
  db.prepare('UPDATE umbracoDataType SET propertyEditorAlias = ? WHERE nodeId = ?').run(editor.to, editor.dataTypeId);
}
