import { toServedValue } from '../catalog/property-values.ts';
import type { SiteCatalog } from '../catalog/site-catalog.ts';
import type { TreeNode } from '../catalog/tree.ts';
import { VARIES_BY_CULTURE } from '../catalog/type-catalog.ts';
import type { ContentNode } from '../readers/node-reader.ts';
import { listVersionValues, type PropertyDataRecord } from '../readers/property-reader.ts';

export interface ItemSummary {
  id: number;
  key: string;
  name: string;
  url: string;
  type: string;
  sortOrder: number;
  createDate: string | null;
  updateDate: string | null;
  children?: ItemSummary[];
}
/** What an item served outside the published tree (a draft, an unpublished or a trashed item) starts with. */
export interface HiddenItemHead {
  id: number;
  key: string;
  name: string;
  type: string;
  /** For a trashed item: −20 (content bin) or −21 (media bin) if trashed itself, its parent if trashed with it. */
  parentId: number;
  level: number;
  createDate: string | null;
}

export const hiddenItemHead = (c: SiteCatalog, node: ContentNode, type: string, name: string): HiddenItemHead => ({
  id: node.id,
  key: node.key,
  name,
  type,
  parentId: node.parentId,
  level: node.level,
  createDate: c.systemDate(node.createDate),
});

export interface ServedProperty {
  alias: string;
  editorAlias: string;
  value: unknown;
}

/** `children` is present exactly when the node's level is below maxLevel (an absolute tree level). */
export function toSummary(c: SiteCatalog, node: TreeNode, maxLevel: number): ItemSummary {
  const summary: ItemSummary = {
    id: node.id,
    key: node.key,
    name: node.name,
    url: urlOf(c, node),
    type: node.typeAlias,
    sortOrder: node.sortOrder,
    createDate: c.systemDate(node.createDate),
    updateDate: c.systemDate(node.updateDate),
  };
  if (node.level < maxLevel) summary.children = node.children.map((child) => toSummary(c, child, maxLevel));
  return summary;
}

function urlOf(c: SiteCatalog, node: TreeNode): string {
  return node.kind === 'media' ? (node.filePath ?? '') : c.urls.url(node);
}

/** Every property type of the item's type (compositions included), `null` where nothing is stored. */
export function readProperties(c: SiteCatalog, node: TreeNode): Map<number | null, Record<string, ServedProperty>> {
  const rows = listVersionValues(c.db, node.versionId);
  const byCulture = new Map<number | null, Record<string, ServedProperty>>();
  const languageIds =
    node.cultures.length > 0 ? node.cultures.map((x) => x.languageId) : [c.defaultLanguage?.id ?? null];
  const typeVariations = c.types.byId.get(node.contentTypeId)?.variations ?? 0;
  for (const languageId of languageIds) {
    // Aliases are source data: `__proto__` must be a key like any other, not the object's prototype.
    const properties: Record<string, ServedProperty> = Object.create(null) as Record<string, ServedProperty>;
    for (const type of c.types.allProperties(node.contentTypeId)) {
      const variesByCulture = node.cultures.length > 0 && (typeVariations & type.variations & VARIES_BY_CULTURE) !== 0;
      const row = pickRow(rows, type.id, variesByCulture ? languageId : null);
      properties[type.alias] = {
        alias: type.alias,
        editorAlias: c.types.dataTypes.get(type.dataTypeId)?.editorAlias ?? '',
        value: row ? toServedValue(row, c.propertyDate) : null,
      };
    }
    byCulture.set(languageId, properties);
  }
  return byCulture;
}

/** A culture-varying property reads its language's row, falling back to the invariant row (variation changed later). */
function pickRow(
  rows: PropertyDataRecord[],
  propertyTypeId: number,
  languageId: number | null,
): PropertyDataRecord | undefined {
  let invariant: PropertyDataRecord | undefined;
  for (const row of rows) {
    if (row.propertyTypeId !== propertyTypeId) continue;
    if (languageId !== null && row.languageId === languageId) return row;
    if (row.languageId === null) invariant = row;
  }
  return invariant;
}
