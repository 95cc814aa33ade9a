/**
 * Random edits to a copy of an Umbraco database, each made the way Umbraco itself makes it (schema guide §1–§4):
 * an edit to an item saves and publishes it, so its published version's `versionDate` moves; an edit to the model
 * (property types, data types, variance, templates, aliases) touches no item, as in Umbraco. A seeded generator
 * picks the edit and its target, so a failing sequence can be replayed from its seed.
 */
import type { DatabaseSync } from 'node:sqlite';
import { seededRandom } from './fault-source.ts';

type Row = Record<string, string | number | null>;

const DOCUMENT = 'C66BA18E-EAF3-4CFF-8A22-41B16D66A972';

/** A seeded whole number under `below` (mulberry32, `seededRandom`); plenty for choosing edits. */
export function createRandom(seed: number): (below: number) => number {
  const next = seededRandom(seed);
  return (below) => Math.floor(next() * below);
}

interface EditContext {
  db: DatabaseSync;
  pick: <T>(rows: readonly T[]) => T | undefined;
  step: number;
}

/** Row fields are typed `… | undefined` when read by name; a field that is not there binds as NULL. */
type Arg = string | number | null | undefined;
const bind = (args: Arg[]) => args.map((arg) => arg ?? null);
const all = (db: DatabaseSync, sql: string, ...args: Arg[]): Row[] => db.prepare(sql).all(...bind(args)) as Row[];
const run = (db: DatabaseSync, sql: string, ...args: Arg[]): number =>
  Number(db.prepare(sql).run(...bind(args)).changes);

const LIVE_DOCUMENTS = `SELECT n.id, n.path, n.level FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id
  WHERE n.nodeObjectType = '${DOCUMENT}' AND n.trashed = 0 AND d.published = 1 ORDER BY n.id`;
const PUBLISHED_VERSION = `SELECT v.id FROM umbracoContentVersion v
  JOIN umbracoDocumentVersion dv ON dv.id = v.id AND dv.published = 1 WHERE v.nodeId = ?`;
const DOCUMENT_PROPERTIES = `SELECT pt.id, pt.Alias, pt.dataTypeId, pt.variations, t.variations AS typeVariations
  FROM cmsPropertyType pt JOIN cmsContentType t ON t.nodeId = pt.contentTypeId ORDER BY pt.id`;

/** Saving and publishing gives the published version a new date (seconds apart, so every step differs). */
function republish(db: DatabaseSync, nodeId: number, step: number): void {
  const date = `2031-01-01 00:${String(Math.floor(step / 60) % 60).padStart(2, '0')}:${String(step % 60).padStart(2, '0')}`;
  run(db, `UPDATE umbracoContentVersion SET versionDate = ? WHERE id IN (${PUBLISHED_VERSION})`, date, nodeId);
}

function editValue({ db, pick, step }: EditContext): string | undefined {
  const row = pick(
    all(
      db,
      `SELECT pd.id, v.nodeId, pd.intValue, pd.varcharValue, pd.textValue FROM umbracoPropertyData pd
      JOIN umbracoContentVersion v ON v.id = pd.versionId JOIN umbracoDocumentVersion dv ON dv.id = v.id
      JOIN umbracoNode n ON n.id = v.nodeId JOIN umbracoDocument d ON d.nodeId = n.id
      WHERE dv.published = 1 AND d.published = 1 AND n.trashed = 0
        AND (pd.varcharValue IS NOT NULL OR pd.textValue IS NOT NULL OR pd.intValue IS NOT NULL) ORDER BY pd.id`,
    ),
  );
  if (row === undefined) return undefined;
  if (row.intValue !== null) run(db, 'UPDATE umbracoPropertyData SET intValue = intValue + 1 WHERE id = ?', row.id);
  else {
    const column = row.varcharValue !== null ? 'varcharValue' : 'textValue';
    run(db, `UPDATE umbracoPropertyData SET ${column} = ${column} || ? WHERE id = ?`, ` edit ${step}`, row.id);
  }
  republish(db, Number(row.nodeId), step);
  return `value ${row.id} of item ${row.nodeId}`;
}

function renameItem({ db, pick, step }: EditContext): string | undefined {
  const node = pick(all(db, LIVE_DOCUMENTS));
  if (node === undefined) return undefined;
  renameDocument(db, Number(node.id), step);
  return `item ${node.id} renamed`;
}

/** Renames a published document (by its key) as saving and publishing it under a new name does. */
export function renameDocumentByKey(db: DatabaseSync, key: string, step: number): void {
  const row = all(db, 'SELECT id FROM umbracoNode WHERE lower(uniqueId) = lower(?)', key)[0];
  if (row === undefined) throw new Error(`no node ${key}`);
  renameDocument(db, Number(row.id), step);
}

function renameDocument(db: DatabaseSync, id: number, step: number): void {
  const suffix = ` renamed ${step}`;
  run(db, 'UPDATE umbracoNode SET text = text || ? WHERE id = ?', suffix, id);
  run(db, `UPDATE umbracoContentVersion SET text = text || ? WHERE id IN (${PUBLISHED_VERSION})`, suffix, id);
  run(
    db,
    `UPDATE umbracoContentVersionCultureVariation SET name = name || ? WHERE versionId IN (${PUBLISHED_VERSION})`,
    suffix,
    id,
  );
  run(db, 'UPDATE umbracoDocumentCultureVariation SET name = name || ? WHERE nodeId = ?', suffix, id);
  republish(db, id, step);
}

/** Moves a subtree: its root's parent, and the path and level of everything in it. */
function moveSubtree(db: DatabaseSync, node: Row, parentId: number, parentPath: string, parentLevel: number): void {
  const oldPath = String(node.path);
  const newPath = `${parentPath},${Number(node.id)}`;
  const delta = parentLevel + 1 - Number(node.level);
  const sortOrder = all(
    db,
    'SELECT coalesce(max(sortOrder), -1) + 1 AS next FROM umbracoNode WHERE parentId = ?',
    parentId,
  )[0]?.next as number;
  run(db, 'UPDATE umbracoNode SET parentId = ?, sortOrder = ? WHERE id = ?', parentId, sortOrder, node.id);
  run(
    db,
    `UPDATE umbracoNode SET path = ? || substr(path, ?), level = level + ? WHERE path = ? OR path LIKE ? || ',%'`,
    newPath,
    oldPath.length + 1,
    delta,
    oldPath,
    oldPath,
  );
}

function moveItem({ db, pick }: EditContext): string | undefined {
  const documents = all(db, LIVE_DOCUMENTS);
  const node = pick(documents.filter((row) => Number(row.level) >= 2));
  if (node === undefined) return undefined;
  const inside = (row: Row) => `${String(row.path)},`.startsWith(`${String(node.path)},`);
  const target = pick(documents.filter((row) => !inside(row) && row.id !== node.id));
  if (target === undefined) return undefined;
  moveSubtree(db, node, Number(target.id), String(target.path), Number(target.level));
  return `item ${node.id} moved under ${target.id}`;
}

function trashItem({ db, pick }: EditContext): string | undefined {
  const node = pick(all(db, LIVE_DOCUMENTS).filter((row) => Number(row.level) >= 2));
  if (node === undefined) return undefined;
  const path = String(node.path);
  run(db, `UPDATE umbracoNode SET trashed = 1 WHERE path = ? OR path LIKE ? || ',%'`, path, path);
  moveSubtree(db, node, -20, '-1,-20', 0);
  return `item ${node.id} trashed`;
}

function changeItemTemplate({ db, pick, step }: EditContext): string | undefined {
  const node = pick(all(db, LIVE_DOCUMENTS));
  const template = pick(all(db, 'SELECT nodeId FROM cmsTemplate ORDER BY nodeId'));
  if (node === undefined || template === undefined) return undefined;
  run(
    db,
    `UPDATE umbracoDocumentVersion SET templateId = ? WHERE id IN (${PUBLISHED_VERSION})`,
    template.nodeId,
    node.id,
  );
  republish(db, Number(node.id), step);
  return `item ${node.id} template ${template.nodeId}`;
}

function deletePropertyType({ db, pick }: EditContext): string | undefined {
  const property = pick(all(db, DOCUMENT_PROPERTIES));
  if (property === undefined) return undefined;
  run(db, 'DELETE FROM umbracoPropertyData WHERE propertyTypeId = ?', property.id);
  run(db, 'DELETE FROM cmsPropertyType WHERE id = ?', property.id);
  return `property type ${property.Alias} deleted`;
}

function renamePropertyType({ db, pick, step }: EditContext, ofComposition = false): string | undefined {
  const sql = ofComposition
    ? `${DOCUMENT_PROPERTIES.replace('ORDER BY', 'WHERE pt.contentTypeId IN (SELECT parentContentTypeId FROM cmsContentType2ContentType) ORDER BY')}`
    : DOCUMENT_PROPERTIES;
  const property = pick(all(db, sql));
  if (property === undefined) return undefined;
  run(db, 'UPDATE cmsPropertyType SET Alias = ? WHERE id = ?', `${String(property.Alias)}Renamed${step}`, property.id);
  return `property type ${property.Alias} renamed${ofComposition ? ' (in a composition)' : ''}`;
}

function changeEditor({ db, pick }: EditContext): string | undefined {
  const property = pick(all(db, DOCUMENT_PROPERTIES));
  if (property === undefined) return undefined;
  const other = pick(
    all(db, 'SELECT nodeId FROM umbracoDataType WHERE nodeId <> ? ORDER BY nodeId', property.dataTypeId),
  );
  if (other === undefined) return undefined;
  if (pick([0, 1]) === 0) {
    run(
      db,
      'UPDATE umbracoDataType SET propertyEditorAlias = propertyEditorAlias || ? WHERE nodeId = ?',
      '.Edited',
      property.dataTypeId,
    );
    return `data type ${property.dataTypeId} editor changed`;
  }
  run(db, 'UPDATE cmsPropertyType SET dataTypeId = ? WHERE id = ?', other.nodeId, property.id);
  return `property type ${property.Alias} data type → ${other.nodeId}`;
}

/** Umbraco keeps the default language's value when a property stops varying, and deletes the others' (§3). */
function switchVariance({ db, pick }: EditContext): string | undefined {
  const property = pick(all(db, DOCUMENT_PROPERTIES).filter((row) => (Number(row.typeVariations) & 1) === 1));
  const language = all(db, 'SELECT id FROM umbracoLanguage WHERE isDefaultVariantLang = 1')[0];
  if (property === undefined || language === undefined) return undefined;
  const varies = (Number(property.variations) & 1) === 1;
  run(db, 'UPDATE cmsPropertyType SET variations = ? WHERE id = ?', Number(property.variations) ^ 1, property.id);
  if (varies) {
    run(
      db,
      'DELETE FROM umbracoPropertyData WHERE propertyTypeId = ? AND (languageId IS NULL OR languageId <> ?)',
      property.id,
      language.id,
    );
    run(db, 'UPDATE umbracoPropertyData SET languageId = NULL WHERE propertyTypeId = ?', property.id);
  } else {
    run(
      db,
      'UPDATE umbracoPropertyData SET languageId = ? WHERE propertyTypeId = ? AND languageId IS NULL',
      language.id,
      property.id,
    );
  }
  return `property type ${property.Alias} ${varies ? 'invariant' : 'per language'}`;
}

function changeTypeTemplate({ db, pick }: EditContext): string | undefined {
  const allowed = pick(all(db, 'SELECT contentTypeNodeId, templateNodeId FROM cmsDocumentType ORDER BY 1, 2'));
  const template = pick(all(db, 'SELECT nodeId FROM cmsTemplate ORDER BY nodeId'));
  if (allowed === undefined || template === undefined) return undefined;
  run(
    db,
    'DELETE FROM cmsDocumentType WHERE contentTypeNodeId = ? AND templateNodeId = ?',
    allowed.contentTypeNodeId,
    template.nodeId,
  );
  run(
    db,
    'UPDATE cmsDocumentType SET templateNodeId = ? WHERE contentTypeNodeId = ? AND templateNodeId = ?',
    template.nodeId,
    allowed.contentTypeNodeId,
    allowed.templateNodeId,
  );
  return `type ${allowed.contentTypeNodeId} template ${allowed.templateNodeId} → ${template.nodeId}`;
}

function renameType({ db, pick, step }: EditContext, composition: boolean): string | undefined {
  const sql = composition
    ? 'SELECT nodeId, alias FROM cmsContentType WHERE nodeId IN (SELECT parentContentTypeId FROM cmsContentType2ContentType) ORDER BY nodeId'
    : 'SELECT nodeId, alias FROM cmsContentType ORDER BY nodeId';
  const type = pick(all(db, sql));
  if (type === undefined) return undefined;
  run(db, 'UPDATE cmsContentType SET alias = ? WHERE nodeId = ?', `${String(type.alias)}Renamed${step}`, type.nodeId);
  return `type ${type.alias} renamed`;
}

const EDITS: ((context: EditContext) => string | undefined)[] = [
  editValue,
  renameItem,
  moveItem,
  trashItem,
  changeItemTemplate,
  deletePropertyType,
  (context) => renamePropertyType(context),
  (context) => renamePropertyType(context, true),
  changeEditor,
  switchVariance,
  changeTypeTemplate,
  (context) => renameType(context, false),
  (context) => renameType(context, true),
];

const ITEM_EDITS = { value: editValue, rename: renameItem, move: moveItem, trash: trashItem };

/** One edit of the kind named, to items the generator picks; what it did, for the assertion message. */
export function applyItemEdit(
  db: DatabaseSync,
  kind: keyof typeof ITEM_EDITS,
  random: (below: number) => number,
  step: number,
): string {
  const pick = <T>(rows: readonly T[]): T | undefined => rows[random(rows.length)];
  const done = ITEM_EDITS[kind]({ db, pick, step });
  if (done === undefined) throw new Error(`no item to ${kind}`);
  return done;
}

/** One random edit; what it did, for the assertion message. */
export function applyRandomEdit(db: DatabaseSync, random: (below: number) => number, step: number): string {
  const pick = <T>(rows: readonly T[]): T | undefined => rows[random(rows.length)];
  for (;;) {
    const edit = EDITS[random(EDITS.length)];
    const done = edit?.({ db, pick, step });
    if (done !== undefined) return done;
  }
}
