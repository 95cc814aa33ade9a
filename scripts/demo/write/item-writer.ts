import type { RawValue } from '../values/block-values.ts';
import type { Inserts } from './database-writer.ts';
import type { GeneratedDocument } from './document-generator.ts';
import type { PropertyRow } from '../values/document-values.ts';
import type { GeneratedMedia } from './media-generator.ts';
import type { DbType } from '../model/site-model.ts';
import { ADMIN_USER_ID, OBJECT_TYPE } from '../model/umbraco-constants.ts';
import type { PlannedNode } from '../plan/tree-plan.ts';

/**
 * Writes one generated document or media item across the content tables. Culture-variation rows and
 * per-culture names exist only for variant documents; URL rows exist for every language, with an
 * `isDraft=0` row only where the culture is published.
 */
export function writeDocument(insert: Inserts, doc: GeneratedDocument, tags: TagWriter): void {
  const { plan, type, cultures } = doc;
  const [first] = cultures;
  if (!first) throw new Error(`document ${plan.id} has no culture`);
  writeNode(insert, plan, {
    name: first.draftName,
    objectType: OBJECT_TYPE.document,
    createDate: doc.createDate,
    typeId: type.id,
  });
  insert.umbracoDocument(plan.id, doc.published ? 1 : 0, doc.edited ? 1 : 0);
  for (const v of doc.versions) {
    insert.umbracoContentVersion(
      v.id,
      plan.id,
      v.date,
      ADMIN_USER_ID,
      v.current ? 1 : 0,
      v.draft ? first.draftName : first.publishedName,
      0,
    );
    insert.umbracoDocumentVersion(v.id, doc.templateId, v.published ? 1 : 0);
    if (type.variant) {
      for (const c of cultures)
        insert.umbracoContentVersionCultureVariation(
          v.id,
          c.language.id,
          (v.draft ? c.draftName : c.publishedName) ?? c.draftName,
          v.date,
          ADMIN_USER_ID,
        );
    }
    writeRows(insert, v.id, v.rows);
  }
  for (const c of cultures) {
    if (type.variant)
      insert.umbracoDocumentCultureVariation(
        plan.id,
        c.language.id,
        c.edited ? 1 : 0,
        1,
        c.published ? 1 : 0,
        c.draftName,
      );
    if (doc.published && c.published && c.publishedSegment !== null)
      insert.umbracoDocumentUrl(plan.key, 0, c.language.id, c.publishedSegment, 1);
    insert.umbracoDocumentUrl(plan.key, 1, c.language.id, c.draftSegment, 1);
  }
  const source = doc.versions.find((v) => v.published) ?? doc.versions.find((v) => v.current);
  if (source) tags.relate(plan.id, source.rows);
}

export function writeMedia(insert: Inserts, media: GeneratedMedia): void {
  const { plan } = media;
  writeNode(insert, plan, {
    name: plan.name,
    objectType: OBJECT_TYPE.media,
    createDate: media.createDate,
    typeId: media.typeId,
  });
  for (const v of media.versions) {
    insert.umbracoContentVersion(v.id, plan.id, v.date, ADMIN_USER_ID, v.current ? 1 : 0, plan.name, 0);
    insert.umbracoMediaVersion(v.id, v.path);
    writeRows(insert, v.id, v.rows);
  }
}

/** The umbracoNode and umbracoContent rows every document and media item has. */
function writeNode(
  insert: Inserts,
  plan: PlannedNode,
  node: { name: string; objectType: string; createDate: string; typeId: number },
): void {
  insert.umbracoNode(
    plan.id,
    plan.key,
    plan.parentId,
    plan.level,
    plan.path,
    plan.sortOrder,
    plan.trashed ? 1 : 0,
    ADMIN_USER_ID,
    node.name,
    node.objectType,
    node.createDate,
  );
  insert.umbracoContent(plan.id, node.typeId);
}

function writeRows(insert: Inserts, versionId: number, rows: readonly PropertyRow[]): void {
  for (const row of rows) {
    insert.umbracoPropertyData(
      versionId,
      row.property.id,
      row.languageId,
      null,
      ...valueColumns(row.property.dataType.dbType, row.raw),
    );
  }
}

type Columns = [RawValue | null, RawValue | null, RawValue | null, RawValue | null, RawValue | null];

/** `umbracoDataType.dbType` decides the column: exactly one of the five is set. */
function valueColumns(dbType: DbType, raw: RawValue): Columns {
  switch (dbType) {
    case 'Integer':
      return [raw, null, null, null, null];
    case 'Decimal':
      return [null, raw, null, null, null];
    case 'Date':
      return [null, null, raw, null, null];
    case 'Nvarchar':
      return [null, null, null, raw, null];
    default:
      return [null, null, null, null, raw];
  }
}

/** cmsTags rows are shared by group and tag; cmsTagRelationship links a document to each tag it uses. */
export interface TagWriter {
  relate(nodeId: number, rows: readonly PropertyRow[]): void;
  count(): number;
}

export function createTagWriter(insert: Inserts): TagWriter {
  const ids = new Map<string, number>();
  const tagId = (group: string, tag: string): number => {
    const key = `${group}|${tag}`;
    const known = ids.get(key);
    if (known !== undefined) return known;
    const id = ids.size + 1;
    ids.set(key, id);
    insert.cmsTags(id, group, null, tag);
    return id;
  };
  return {
    relate(nodeId, rows) {
      const related = new Set<string>();
      for (const row of rows) {
        if (row.property.dataType.editorAlias !== 'Umbraco.Tags') continue;
        const group = (JSON.parse(row.property.dataType.config ?? '{}') as { group?: string }).group ?? 'default';
        for (const tag of JSON.parse(String(row.raw)) as string[]) {
          const id = tagId(group, tag);
          if (related.has(`${id}|${row.property.id}`)) continue;
          related.add(`${id}|${row.property.id}`);
          insert.cmsTagRelationship(nodeId, id, row.property.id);
        }
      }
    },
    count: () => ids.size,
  };
}
