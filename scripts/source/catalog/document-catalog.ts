import type { Database } from '../db/database.ts';
import {
  listCultureStates,
  listDocumentStates,
  listPublishedCultureNames,
  type CultureName,
  type DocumentState,
} from '../readers/document-reader.ts';
import type { Language } from '../readers/language-reader.ts';
import { listContentNodes, type ContentNode } from '../readers/node-reader.ts';
import { groupBy } from './group-by.ts';
import { nodeFields, type CultureVariant, type TreeNode } from './tree.ts';
import { VARIES_BY_CULTURE, type TypeCatalog } from './type-catalog.ts';

/**
 * Documents in the published view: not trashed (trashing does not unpublish in v8+), `umbracoDocument.published`
 * (unpublishing leaves the version flag set), a published version, and for culture-variant documents the
 * default language published. Documents published only in other languages are left out, as deployed
 * sources leave them out of the default-language tree.
 */
export function loadPublishedDocuments(db: Database, types: TypeCatalog, languages: Language[]): Map<number, TreeNode> {
  const states = new Map(
    listDocumentStates(db)
      .filter((s) => s.published)
      .map((s) => [s.nodeId, s]),
  );
  const publishedCultures = new Set(
    listCultureStates(db)
      .filter((c) => c.published)
      .map((c) => `${c.nodeId}:${c.languageId}`),
  );
  const namesByVersion = groupBy(listPublishedCultureNames(db), (n) => n.versionId);
  const languageById = new Map(languages.map((l) => [l.id, l]));
  const defaultLanguage = languages.find((l) => l.isDefault);
  const documents = new Map<number, TreeNode>();
  for (const node of listContentNodes(db, 'document')) {
    const state = states.get(node.id);
    const type = types.byId.get(node.contentTypeId);
    if (node.trashed || !state || !type) continue;
    const names = (namesByVersion.get(state.versionId) ?? []).filter(
      (n) => publishedCultures.has(`${node.id}:${n.languageId}`) && languageById.has(n.languageId),
    );
    const variant = (type.variations & VARIES_BY_CULTURE) !== 0 && names.length > 0;
    const cultures = variant ? toCultures(names, languageById, defaultLanguage) : [];
    if (variant && cultures[0]?.languageId !== defaultLanguage?.id) continue;
    documents.set(node.id, toTreeNode(node, state, type.alias, cultures));
  }
  return documents;
}

function toCultures(
  names: CultureName[],
  languages: Map<number, Language>,
  defaultLanguage: Language | undefined,
): CultureVariant[] {
  return names
    .map((n) => ({
      languageId: n.languageId,
      isoCode: languages.get(n.languageId)!.isoCode,
      name: n.name,
      date: n.date,
    }))
    .sort(
      (a, b) =>
        Number(b.languageId === defaultLanguage?.id) - Number(a.languageId === defaultLanguage?.id) ||
        a.languageId - b.languageId,
    );
}

function toTreeNode(node: ContentNode, state: DocumentState, typeAlias: string, cultures: CultureVariant[]): TreeNode {
  const defaultCulture = cultures[0];
  return {
    ...nodeFields('document', node, typeAlias),
    updateDate: state.versionDate,
    name: defaultCulture?.name ?? state.versionName,
    versionId: state.versionId,
    templateId: state.templateId,
    filePath: null,
    cultures,
    children: [],
  };
}
