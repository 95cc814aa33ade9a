/**
 * What the published view hides (extension operations of this service; deployed plugins do not have them): pending
 * drafts, unpublished content items and the recycle bin, each read from the database's own version flags.
 */
import type { SiteCatalog } from '../catalog/site-catalog.ts';
import { nodeFields, type CultureVariant, type TreeNode } from '../catalog/tree.ts';
import { VARIES_BY_CULTURE } from '../catalog/type-catalog.ts';
import {
  listCurrentCultureNames,
  listDocumentVersions,
  listEditedCultures,
  type DocumentVersions,
} from '../readers/draft-reader.ts';
import { listContentNodes, type ContentNode } from '../readers/node-reader.ts';
import { readProperties, type ServedProperty } from './item-view.ts';

export interface HiddenItem {
  id: number;
  key: string;
  name: string;
  type: string;
  parentId: number;
  level: number;
  createDate: string | null;
  updateDate: string | null;
  properties: Record<string, ServedProperty>;
  cultures?: Record<string, { name: string; updateDate: string | null; properties: Record<string, ServedProperty> }>;
}
export interface DraftItem extends HiddenItem {
  publishedName: string | null;
  publishedDate: string | null;
  /** Languages whose draft differs from the published version (culture-variant items only). */
  editedCultures: string[];
}
export interface UnpublishedItem extends HiddenItem {
  /** A version is still flagged published: the item was published once, then unpublished. */
  everPublished: boolean;
}

interface Context {
  c: SiteCatalog;
  versions: Map<number, DocumentVersions>;
  cultureNames: Map<number, CultureVariant[]>;
}

/** Documents not trashed whose current version differs from the published one (`umbracoDocument.edited`). */
export function listDrafts(c: SiteCatalog): DraftItem[] {
  const context = loadContext(c);
  const edited = new Map<number, string[]>();
  for (const e of listEditedCultures(c.db)) {
    const iso = c.languages.find((l) => l.id === e.languageId)?.isoCode;
    if (iso !== undefined) edited.set(e.nodeId, [...(edited.get(e.nodeId) ?? []), iso]);
  }
  return listLiveDocuments(c).flatMap((node) => {
    const v = context.versions.get(node.id);
    if (v === undefined || !v.published || !v.edited) return [];
    return [
      {
        ...hiddenItem(context, node, v),
        publishedName: v.publishedName,
        publishedDate: c.systemDate(v.publishedVersionDate),
        editedCultures: edited.get(node.id) ?? [],
      },
    ];
  });
}

/** Documents not trashed that are not published (never, or unpublished: the document flag decides). */
export function listUnpublished(c: SiteCatalog): UnpublishedItem[] {
  const context = loadContext(c);
  return listLiveDocuments(c).flatMap((node) => {
    const v = context.versions.get(node.id);
    if (v === undefined || v.published) return [];
    return [{ ...hiddenItem(context, node, v), everPublished: v.publishedVersionId !== null }];
  });
}

function loadContext(c: SiteCatalog): Context {
  const cultureNames = new Map<number, CultureVariant[]>();
  for (const n of listCurrentCultureNames(c.db)) {
    const language = c.languages.find((l) => l.id === n.languageId);
    if (language === undefined) continue;
    const list = cultureNames.get(n.nodeId) ?? [];
    list.push({ languageId: n.languageId, isoCode: language.isoCode, name: n.name, date: n.date });
    cultureNames.set(n.nodeId, list);
  }
  for (const list of cultureNames.values())
    list.sort(
      (a, b) => Number(b.languageId === c.defaultLanguage?.id) - Number(a.languageId === c.defaultLanguage?.id),
    );
  return { c, versions: new Map(listDocumentVersions(c.db).map((v) => [v.nodeId, v])), cultureNames };
}

const listLiveDocuments = (c: SiteCatalog): ContentNode[] =>
  listContentNodes(c.db, 'document').filter((n) => !n.trashed && c.types.byId.has(n.contentTypeId));

/** The current version's names and values, read like a published item's (every property type, `null` when empty). */
function hiddenItem({ c, cultureNames }: Context, node: ContentNode, v: DocumentVersions): HiddenItem {
  const type = c.types.byId.get(node.contentTypeId)!;
  const variant = (type.variations & VARIES_BY_CULTURE) !== 0;
  const cultures = variant ? (cultureNames.get(node.id) ?? []) : [];
  const tree: TreeNode = {
    ...nodeFields('document', node, type.alias),
    updateDate: v.currentVersionDate,
    name: cultures[0]?.name ?? v.currentName,
    versionId: v.currentVersionId,
    templateId: null,
    filePath: null,
    cultures,
    children: [],
  };
  const byCulture = readProperties(c, tree);
  const item: HiddenItem = {
    id: node.id,
    key: node.key,
    name: tree.name,
    type: type.alias,
    parentId: node.parentId,
    level: node.level,
    createDate: c.systemDate(node.createDate),
    updateDate: c.systemDate(v.currentVersionDate),
    properties: byCulture.values().next().value ?? {},
  };
  if (cultures.length > 0)
    item.cultures = Object.fromEntries(
      cultures.map((x) => [
        x.isoCode,
        { name: x.name, updateDate: c.systemDate(x.date), properties: byCulture.get(x.languageId) ?? {} },
      ]),
    );
  return item;
}
