import type { Database } from '../db/database.ts';
import {
  listAllowedChildLinks,
  listCompositionLinks,
  listContentTypes,
  listDataTypes,
  listPropertyGroups,
  listPropertyTypes,
  listTypeTemplates,
  type ContentTypeRecord,
  type DataTypeRecord,
  type PropertyGroupRecord,
  type PropertyTypeRecord,
  type TypeTemplate,
} from '../readers/content-type-reader.ts';
import type { SchemaInfo } from '../readers/schema-reader.ts';
import { groupBy } from './group-by.ts';

/** `ContentVariation` flags: 1 = culture, 2 = segment. */
export const VARIES_BY_CULTURE = 1;

export interface TypeCatalog {
  byId: Map<number, ContentTypeRecord>;
  byKey: Map<string, ContentTypeRecord>;
  dataTypes: Map<number, DataTypeRecord>;
  /** Own groups of each type. */
  groups: Map<number, PropertyGroupRecord[]>;
  /** Own property types of each type. */
  ownProperties: Map<number, PropertyTypeRecord[]>;
  /** Direct compositions and parents of each type. */
  compositions: Map<number, number[]>;
  allowedChildren: Map<number, number[]>;
  templates: Map<number, TypeTemplate[]>;
  /** The type itself first, then every composition found walking the links transitively. */
  lineage(typeId: number): number[];
  /** Own and inherited property types, the type's own first. */
  allProperties(typeId: number): PropertyTypeRecord[];
  findByAlias(alias: string): ContentTypeRecord | undefined;
}

export function loadTypeCatalog(db: Database, schema: SchemaInfo): TypeCatalog {
  const types = listContentTypes(db);
  const byId = new Map(types.map((t) => [t.id, t]));
  const byKey = new Map(types.map((t) => [t.key, t]));
  // Aliases are case-insensitive in Umbraco; document types win over media/member types with the same alias.
  const byAlias = new Map<string, ContentTypeRecord>();
  for (const t of [...types].sort((a, b) => kindRank(b) - kindRank(a))) byAlias.set(t.alias.toLowerCase(), t);
  const compositions = groupBy(
    listCompositionLinks(db),
    (l) => l.fromId,
    (l) => l.toId,
  );
  const lineageCache = new Map<number, number[]>();
  const propertiesCache = new Map<number, PropertyTypeRecord[]>();
  const ownProperties = groupBy(listPropertyTypes(db), (p) => p.contentTypeId);

  const lineage = (typeId: number): number[] => {
    let found = lineageCache.get(typeId);
    if (!found) {
      found = walk(typeId, compositions);
      lineageCache.set(typeId, found);
    }
    return found;
  };
  return {
    byId,
    byKey,
    compositions,
    ownProperties,
    lineage,
    dataTypes: new Map(listDataTypes(db).map((d) => [d.id, d])),
    groups: groupBy(listPropertyGroups(db, schema), (g) => g.contentTypeId),
    allowedChildren: groupBy(
      listAllowedChildLinks(db),
      (l) => l.fromId,
      (l) => l.toId,
    ),
    templates: groupBy(listTypeTemplates(db), (t) => t.contentTypeId),
    allProperties(typeId) {
      let found = propertiesCache.get(typeId);
      if (!found) {
        const seen = new Set<string>();
        found = lineage(typeId)
          .flatMap((id) => ownProperties.get(id) ?? [])
          .filter((p) => !seen.has(p.alias.toLowerCase()) && seen.add(p.alias.toLowerCase()));
        propertiesCache.set(typeId, found);
      }
      return found;
    },
    findByAlias: (alias) => byAlias.get(alias.toLowerCase()),
  };
}

function kindRank(type: ContentTypeRecord): number {
  return type.kind === 'document' ? 2 : type.kind === 'media' ? 1 : 0;
}

/** Breadth-first over composition links; a cycle in bad data cannot loop. */
function walk(start: number, links: Map<number, number[]>): number[] {
  const order = [start];
  const seen = new Set(order);
  for (let i = 0; i < order.length; i++) {
    for (const next of links.get(order[i]!) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        order.push(next);
      }
    }
  }
  return order;
}
