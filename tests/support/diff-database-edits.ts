/**
 * Edits made to a copy of tdufrane_searchcourse.db for the diff tests, and the changes they must cause, named from
 * the database itself (keys, aliases, languages) and never from the diff code. The schema guide (§2) explains the
 * tables: a document's published values are the rows of its published version in umbracoPropertyData.
 */
import { randomUUID } from 'node:crypto';
import { copyFile } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { sharedDatabase } from './shared-databases.ts';

export interface PlannedEdits {
  added: string;
  removed: string;
  moved: { key: string; id: number; toParentId: number; toParentKey: string; toPath: string };
  renamed: { key: string; id: number; to: string };
  values: { key: string; alias: string; culture: string | null; rowId: number; column: 'textValue' | 'varcharValue' }[];
  propertyAdded: { typeAlias: string; typeKey: string; typeId: number; groupId: number; alias: string };
  editorChanged: { typeAlias: string; alias: string; dataTypeId: number; to: string };
}

/** Appended to the rich text values. */
export const TEXT_EDIT = ' Edited by the test.';
/** One string inside the home page's testimonials (a Block List), in English only. */
export const BLOCK_EDIT = { alias: 'testimonials', find: 'Poornima Nayar', replace: 'Poornima Nayar (edited)' };

type Row = Record<string, string | number | null>;
const all = (db: DatabaseSync, sql: string, ...args: (string | number)[]): Row[] =>
  db.prepare(sql).all(...args) as Row[];
const one = (db: DatabaseSync, sql: string, ...args: (string | number)[]): Row => {
  const [row] = all(db, sql, ...args);
  if (row === undefined) throw new Error(`no row for ${sql} ${args.join(', ')}`);
  return row;
};

const NODES_OF_TYPE = `SELECT n.id, lower(n.uniqueId) AS key, n.text, n.path FROM umbracoNode n
  JOIN umbracoContent c ON c.nodeId = n.id JOIN cmsContentType t ON t.nodeId = c.contentTypeId
  WHERE t.alias = ? AND n.trashed = 0 ORDER BY n.level, n.sortOrder, n.id`;

/** The published row of one property of one document, in one language (`null`: invariant). */
const PUBLISHED_VALUE = `SELECT pd.id, pd.textValue, pd.varcharValue FROM umbracoPropertyData pd
  JOIN umbracoContentVersion v ON v.id = pd.versionId
  JOIN umbracoDocumentVersion dv ON dv.id = v.id AND dv.published = 1
  JOIN cmsPropertyType pt ON pt.id = pd.propertyTypeId LEFT JOIN umbracoLanguage l ON l.id = pd.languageId
  WHERE v.nodeId = ? AND pt.Alias = ? AND coalesce(l.languageIsoCode, '') = ?`;

function valueRow(db: DatabaseSync, node: Row, alias: string, culture: string | null): PlannedEdits['values'][number] {
  const row = one(db, PUBLISHED_VALUE, Number(node.id), alias, culture ?? '');
  if (alias === BLOCK_EDIT.alias && !String(row.textValue).includes(BLOCK_EDIT.find))
    throw new Error('block text missing');
  const column = row.textValue !== null ? 'textValue' : 'varcharValue';
  return { key: String(node.key), alias, culture, rowId: Number(row.id), column };
}

export function planEdits(db: DatabaseSync): PlannedEdits {
  const people = all(db, NODES_OF_TYPE, 'person');
  const [added, removed, renamed, moved] = people;
  const blogs = one(db, NODES_OF_TYPE, 'blogs');
  if (!added || !removed || !renamed || !moved) throw new Error('expected four person items');
  const person = one(
    db,
    `SELECT t.nodeId, lower(n.uniqueId) AS key FROM cmsContentType t JOIN umbracoNode n ON n.id = t.nodeId
    WHERE t.alias = 'person'`,
  );
  const group = one(
    db,
    'SELECT id FROM cmsPropertyTypeGroup WHERE contenttypeNodeId = ? ORDER BY id',
    Number(person.nodeId),
  );
  const radio = one(
    db,
    `SELECT pt.dataTypeId, pt.Alias, t.alias AS typeAlias FROM cmsPropertyType pt
    JOIN umbracoDataType d ON d.nodeId = pt.dataTypeId JOIN cmsContentType t ON t.nodeId = pt.contentTypeId
    WHERE d.propertyEditorAlias = 'Umbraco.RadioButtonList'`,
  );
  return {
    added: String(added.key),
    removed: String(removed.key),
    moved: {
      key: String(moved.key),
      id: Number(moved.id),
      toParentId: Number(blogs.id),
      toParentKey: String(blogs.key),
      toPath: `${String(blogs.path)},${Number(moved.id)}`,
    },
    renamed: { key: String(renamed.key), id: Number(renamed.id), to: 'Renamed by the test' },
    values: [
      valueRow(db, one(db, NODES_OF_TYPE, 'blog'), 'bodyText', null),
      valueRow(db, one(db, NODES_OF_TYPE, 'homePage'), BLOCK_EDIT.alias, 'en-US'),
      valueRow(
        db,
        one(db, `${NODES_OF_TYPE.replace('ORDER BY', 'AND n.level = 3 ORDER BY')}`, 'textPage'),
        'bodyText',
        'da',
      ),
    ],
    propertyAdded: {
      typeAlias: 'person',
      typeKey: String(person.key),
      typeId: Number(person.nodeId),
      groupId: Number(group.id),
      alias: 'addedByTheTest',
    },
    editorChanged: {
      typeAlias: String(radio.typeAlias),
      alias: String(radio.Alias),
      dataTypeId: Number(radio.dataTypeId),
      to: 'Umbraco.DropDown.Flexible',
    },
  };
}

/** The older copy lacks one published item, which the newer one therefore adds. */
export function applyOlderEdits(db: DatabaseSync, plan: PlannedEdits): void {
  db.prepare(
    'UPDATE umbracoDocument SET published = 0 WHERE nodeId = (SELECT id FROM umbracoNode WHERE lower(uniqueId) = ?)',
  ).run(plan.added);
}

/** Every other edit goes into the newer copy. */
export function applyNewerEdits(db: DatabaseSync, plan: PlannedEdits): void {
  db.prepare(
    'UPDATE umbracoDocument SET published = 0 WHERE nodeId = (SELECT id FROM umbracoNode WHERE lower(uniqueId) = ?)',
  ).run(plan.removed);
  const { moved, renamed, propertyAdded, editorChanged } = plan;
  db.prepare('UPDATE umbracoNode SET parentId = ?, path = ? WHERE id = ?').run(
    moved.toParentId,
    moved.toPath,
    moved.id,
  );
  const published = `SELECT v.id FROM umbracoContentVersion v
    JOIN umbracoDocumentVersion dv ON dv.id = v.id AND dv.published = 1 WHERE v.nodeId = ?`;
  db.prepare(`UPDATE umbracoContentVersion SET text = ? WHERE id IN (${published})`).run(renamed.to, renamed.id);
  db.prepare('UPDATE umbracoNode SET text = ? WHERE id = ?').run(renamed.to, renamed.id);
  for (const value of plan.values) {
    // Text appended to text keeps rich text and plain text valid; inside a block, to one string of its JSON.
    const sql =
      value.alias === BLOCK_EDIT.alias
        ? `UPDATE umbracoPropertyData SET textValue = replace(textValue, ?, ?) WHERE id = ?`
        : `UPDATE umbracoPropertyData SET ${value.column} = ${value.column} || ? WHERE id = ?`;
    const args = value.alias === BLOCK_EDIT.alias ? [BLOCK_EDIT.find, BLOCK_EDIT.replace] : [TEXT_EDIT];
    const { changes } = db.prepare(sql).run(...args, value.rowId);
    if (changes !== 1) throw new Error(`the edit of ${value.alias} changed ${changes} rows`);
  }
  db.prepare(
    `INSERT INTO cmsPropertyType
      (dataTypeId, contentTypeId, propertyTypeGroupId, Alias, Name, sortOrder, variations, UniqueID)
    VALUES (-88, ?, ?, ?, 'Added by the test', 99, 0, ?)`,
  ).run(propertyAdded.typeId, propertyAdded.groupId, propertyAdded.alias, randomUUID());
  db.prepare('UPDATE umbracoDataType SET propertyEditorAlias = ? WHERE nodeId = ?').run(
    editorChanged.to,
    editorChanged.dataTypeId,
  );
}

/** The shared database the edits are planned on. */
export const EDITED_DATABASE = sharedDatabase('tdufrane_searchcourse.db');

/** A copy of the edited database at `file`, changed by `edit`. */
export async function editedCopy(file: string, edit: (db: DatabaseSync) => void): Promise<string> {
  await copyFile(EDITED_DATABASE, file);
  const db = new DatabaseSync(file);
  try {
    edit(db);
  } finally {
    db.close();
  }
  return file;
}
