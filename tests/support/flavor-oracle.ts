/**
 * What each generation of the interface must send for an item or a content type, from SQL written here against the
 * database and the rules read-api.md states per generation, never from the service's flavors:
 * - dates: every plugin generation writes milliseconds and `Z` at offset 0 (the Umbraco 7 XML cache's items `.000`);
 *   the local service seconds and `+00:00`. Property dates likewise, except Umbraco 7's, naive text to the second.
 * - values: the first stored column of int, decimal, date, varchar, text; JSON-looking text parsed. Decimals as
 *   numbers (local service, Umbraco 8) or the cache's text without trailing zeros (10+); `umbracoBytes` as a string
 *   from every plugin; Umbraco 7 sends every value as text and `""` for nothing.
 * - `sortOrder`: local service and 10+ on every summary, Umbraco 8 on content only, Umbraco 7 never.
 * - groups: the local service merges the type's and its compositions' groups by alias; the 10–13 plugin sends only
 *   the type's own; the 7/8 plugins list each group of the type and of each composition on its own.
 * The service is started with time zone UTC.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { FlavorName } from '../../scripts/source/flavors/flavor.ts';

export type Kind = 'document' | 'media';

export interface ExpectedItem {
  createDate: string;
  updateDate: string;
  sortOrder: number | undefined;
  properties: Record<string, { editorAlias: string; value: unknown }>;
}

interface StoredRow {
  intValue: number | null;
  decimalValue: string | number | null;
  dateValue: string | null;
  varcharValue: string | null;
  textValue: string | null;
}

const NAIVE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d+))?$/;

/** A naive UTC date as the generation writes an item date. */
export function expectedDate(flavor: FlavorName, naive: string): string {
  const [, day, time, fraction = ''] = NAIVE.exec(naive) ?? [];
  if (day === undefined) throw new Error(`not a stored date: ${naive}`);
  if (flavor === 'rich') return `${day}T${time}+00:00`;
  const ms = flavor === 'plugin-v7' ? '000' : fraction.padEnd(3, '0').slice(0, 3);
  return `${day}T${time}.${ms}Z`;
}

function expectedPropertyDate(flavor: FlavorName, naive: string): string {
  const [, day, time] = NAIVE.exec(naive) ?? [];
  return flavor === 'plugin-v7' ? `${day}T${time}` : expectedDate(flavor, naive);
}

/** `10.0` → `10`, `2.50` → `2.5`: the decimal's text as the published cache holds it. */
const cacheText = (decimal: string): string => (decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal);

function parsedText(text: string): unknown {
  const trimmed = text.trim();
  const json = (trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'));
  if (!json) return text;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return text;
  }
}

export function expectedValue(flavor: FlavorName, alias: string, row: StoredRow | undefined): unknown {
  const asText = flavor === 'plugin-v7';
  if (row === undefined) return asText ? '' : null;
  if (row.intValue !== null) {
    if (asText || (alias === 'umbracoBytes' && flavor !== 'rich')) return String(row.intValue);
    return Number(row.intValue);
  }
  if (row.decimalValue !== null) {
    const text = String(row.decimalValue);
    return flavor === 'rich' || flavor === 'plugin-v8' ? Number(text) : cacheText(text);
  }
  if (row.dateValue !== null) return expectedPropertyDate(flavor, row.dateValue);
  const text = row.varcharValue ?? row.textValue;
  if (text === null) return asText ? '' : null;
  return parsedText(text);
}

export function hasSortOrder(flavor: FlavorName, kind: Kind): boolean {
  return flavor === 'rich' || flavor === 'plugin-v10' || (flavor === 'plugin-v8' && kind === 'document');
}

/** The type and every type it composes or inherits from, transitively. */
export function listLineage(db: DatabaseSync, typeId: number): number[] {
  const links = db
    .prepare('SELECT childContentTypeId AS child, parentContentTypeId AS parent FROM cmsContentType2ContentType')
    .all() as Array<{ child: number; parent: number }>;
  const found = [typeId];
  for (let i = 0; i < found.length; i += 1)
    for (const { child, parent } of links) if (child === found[i] && !found.includes(parent)) found.push(parent);
  return found;
}

/** The served version: the published one of a document, the current one of a media item. */
function findVersion(db: DatabaseSync, kind: Kind, id: number): { versionId: number; versionDate: string } {
  const sql =
    kind === 'document'
      ? `SELECT v.id AS versionId, v.versionDate FROM umbracoContentVersion v
         JOIN umbracoDocumentVersion dv ON dv.id = v.id AND dv.published = 1 WHERE v.nodeId = ?`
      : 'SELECT id AS versionId, versionDate FROM umbracoContentVersion WHERE nodeId = ? AND current = 1';
  return db.prepare(sql).get(id) as { versionId: number; versionDate: string };
}

export function expectItem(db: DatabaseSync, flavor: FlavorName, kind: Kind, id: number): ExpectedItem {
  const node = db
    .prepare(
      `SELECT n.createDate, n.sortOrder, c.contentTypeId AS typeId, ct.variations FROM umbracoNode n
       JOIN umbracoContent c ON c.nodeId = n.id JOIN cmsContentType ct ON ct.nodeId = c.contentTypeId WHERE n.id = ?`,
    )
    .get(id) as { createDate: string; sortOrder: number; typeId: number; variations: number };
  const { versionId, versionDate } = findVersion(db, kind, id);
  const defaultLanguage = (
    db.prepare('SELECT id FROM umbracoLanguage ORDER BY isDefaultVariantLang DESC, id LIMIT 1').get() as
      { id: number } | undefined
  )?.id;
  const rows = db
    .prepare(
      `SELECT propertyTypeId, languageId, intValue, decimalValue, dateValue, varcharValue, textValue
       FROM umbracoPropertyData WHERE versionId = ? AND segment IS NULL`,
    )
    .all(versionId) as unknown as Array<StoredRow & { propertyTypeId: number; languageId: number | null }>;
  const lineage = listLineage(db, node.typeId);
  const propertyTypes = db
    .prepare(
      `SELECT pt.id, pt.Alias AS alias, pt.contentTypeId, pt.variations, dt.propertyEditorAlias AS editorAlias
       FROM cmsPropertyType pt JOIN umbracoDataType dt ON dt.nodeId = pt.dataTypeId`,
    )
    .all() as Array<{ id: number; alias: string; contentTypeId: number; variations: number; editorAlias: string }>;
  const properties: ExpectedItem['properties'] = Object.create(null) as ExpectedItem['properties'];
  for (const p of propertyTypes.filter((t) => lineage.includes(t.contentTypeId))) {
    const varies = (node.variations & p.variations & 1) !== 0;
    const mine = rows.filter((r) => r.propertyTypeId === p.id);
    const row =
      (varies ? mine.find((r) => r.languageId === defaultLanguage) : undefined) ??
      mine.find((r) => r.languageId === null);
    properties[p.alias] = { editorAlias: p.editorAlias, value: expectedValue(flavor, p.alias, row) };
  }
  return {
    createDate: expectedDate(flavor, node.createDate),
    updateDate: expectedDate(flavor, versionDate),
    sortOrder: hasSortOrder(flavor, kind) ? node.sortOrder : undefined,
    properties,
  };
}

export interface ExpectedGroup {
  /** The group's id; a merged group (local service) is known by its alias, lower-cased. */
  id: number | string;
  propertyIds: number[];
}

/** The groups a generation sends for a type, each with the ids of its property types, sorted. */
export function expectGroups(db: DatabaseSync, flavor: FlavorName, typeId: number): ExpectedGroup[] {
  const lineage = listLineage(db, typeId);
  const groups = (
    db.prepare('SELECT id, contenttypeNodeId AS typeId, alias FROM cmsPropertyTypeGroup').all() as Array<{
      id: number;
      typeId: number;
      alias: string;
    }>
  ).filter((g) => lineage.includes(g.typeId));
  const properties = db
    .prepare('SELECT id, propertyTypeGroupId AS groupId FROM cmsPropertyType WHERE propertyTypeGroupId IS NOT NULL')
    .all() as Array<{ id: number; groupId: number }>;
  const propertiesOf = (groupIds: number[]) =>
    properties
      .filter((p) => groupIds.includes(p.groupId))
      .map((p) => p.id)
      .sort((a, b) => a - b);
  const byKey = (a: ExpectedGroup, b: ExpectedGroup) => String(a.id).localeCompare(String(b.id));
  if (flavor === 'rich') {
    const aliases = [...new Set(groups.map((g) => g.alias.toLowerCase()))];
    return aliases
      .map((alias) => ({
        id: alias,
        propertyIds: propertiesOf(groups.filter((g) => g.alias.toLowerCase() === alias).map((g) => g.id)),
      }))
      .sort(byKey);
  }
  const listed = flavor === 'plugin-v10' ? groups.filter((g) => g.typeId === typeId) : groups;
  return listed.map((g) => ({ id: g.id, propertyIds: propertiesOf([g.id]) })).sort(byKey);
}
