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
import { hiddenItemHead, readProperties, type HiddenItemHead, type ServedProperty } from './item-view.ts';

export interface HiddenItem extends HiddenItemHead {
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
  edited: Map<number, string[]>;
  drafts: ContentNode[];
  unpublished: ContentNode[];
}

/** Which entries of a list to answer: all by default; the crawler pages long lists. */
export interface Page {
  skip: number;
  take: number;
}
export const WHOLE_LIST: Page = { skip: 0, take: Number.MAX_SAFE_INTEGER };

// The database is opened immutable, so which documents are drafts cannot change while the catalog lives: the
// lists are found once, and each page reads the values of its own items only.
const contexts = new WeakMap<SiteCatalog, Context>();

/** Documents not trashed whose current version differs from the published one (`umbracoDocument.edited`). */
export function listDrafts(c: SiteCatalog, page: Page = WHOLE_LIST): DraftItem[] {
  const context = loadContext(c);
  return context.drafts.slice(page.skip, page.skip + page.take).map((node) => {
    const v = context.versions.get(node.id)!;
    return {
      ...hiddenItem(context, node, v),
      publishedName: v.publishedName,
      publishedDate: c.systemDate(v.publishedVersionDate),
      editedCultures: context.edited.get(node.id) ?? [],
    };
  });
}

/** Documents not trashed that are not published (never, or unpublished: the document flag decides). */
export function listUnpublished(c: SiteCatalog, page: Page = WHOLE_LIST): UnpublishedItem[] {
  const context = loadContext(c);
  return context.unpublished.slice(page.skip, page.skip + page.take).map((node) => {
    const v = context.versions.get(node.id)!;
    return { ...hiddenItem(context, node, v), everPublished: v.publishedVersionId !== null };
  });
}

function loadContext(c: SiteCatalog): Context {
  const found = contexts.get(c);
  if (found !== undefined) return found;
  const iso = new Map(c.languages.map((l) => [l.id, l]));
  const cultureNames = new Map<number, CultureVariant[]>();
  for (const n of listCurrentCultureNames(c.db)) {
    const language = iso.get(n.languageId);
    if (language === undefined) continue;
    const list = cultureNames.get(n.nodeId) ?? [];
    list.push({ languageId: n.languageId, isoCode: language.isoCode, name: n.name, date: n.date });
    cultureNames.set(n.nodeId, list);
  }
  for (const list of cultureNames.values())
    list.sort(
      (a, b) => Number(b.languageId === c.defaultLanguage?.id) - Number(a.languageId === c.defaultLanguage?.id),
    );
  const edited = new Map<number, string[]>();
  for (const e of listEditedCultures(c.db)) {
    const code = iso.get(e.languageId)?.isoCode;
    if (code !== undefined) edited.set(e.nodeId, [...(edited.get(e.nodeId) ?? []), code]);
  }
  const versions = new Map(listDocumentVersions(c.db).map((v) => [v.nodeId, v]));
  const live = listLiveDocuments(c).filter((node) => versions.has(node.id));
  const context: Context = {
    c,
    versions,
    cultureNames,
    edited,
    drafts: live.filter((n) => versions.get(n.id)!.published && versions.get(n.id)!.edited),
    unpublished: live.filter((n) => !versions.get(n.id)!.published),
  };
  contexts.set(c, context);
  return context;
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
    ...hiddenItemHead(c, node, type.alias, tree.name),
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
