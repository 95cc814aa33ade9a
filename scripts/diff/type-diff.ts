/**
 * Content and media types between two snapshots, matched by key: types added and removed, and per type the drift a
 * migration mapping cares about (properties, editors, data types, groups, compositions, allowed children, element).
 */
import type { ContentTypeRecord, ContentTypesFile } from '../core/snapshot-format.ts';
import type { ChangedType, PropertyTypeRef, TypeChanges, TypeRef } from '../core/diff-format.ts';

type TypeKind = TypeRef['kind'];
const TYPE_FIELDS = ['alias', 'name', 'element', 'variesByCulture', 'allowedAsRoot', 'icon'] as const;

interface PropertyTypeAt extends PropertyTypeRef {
  key: string | null;
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

const refOf = (type: ContentTypeRecord, kind: TypeKind): TypeRef => ({
  key: type.key,
  alias: type.alias,
  name: type.name,
  kind,
  element: type.element === true,
});

function listPropertyTypes(type: ContentTypeRecord): PropertyTypeAt[] {
  return type.propertyGroups.flatMap((group) =>
    group.propertyTypes.map((property) => ({
      key: textOrNull(property.key),
      alias: property.alias,
      name: textOrNull(property.name),
      editorAlias: property.editorAlias ?? null,
      dataTypeId: numberOrNull(property.dataTypeId),
      group: textOrNull(group.alias) ?? textOrNull(group.name),
    })),
  );
}

const withoutKey = ({ alias, name, editorAlias, dataTypeId, group }: PropertyTypeAt): PropertyTypeRef => ({
  alias,
  name,
  editorAlias,
  dataTypeId,
  group,
});

/** Property types are matched by key (an alias can be renamed), or by alias when the source sends no keys. */
function compareProperties(before: ContentTypeRecord, after: ContentTypeRecord): ChangedType['properties'] {
  const result: ChangedType['properties'] = {
    added: [],
    removed: [],
    renamed: [],
    editorChanged: [],
    dataTypeChanged: [],
    groupChanged: [],
  };
  const identity = (property: PropertyTypeAt): string => property.key ?? `alias:${property.alias}`;
  const old = new Map(listPropertyTypes(before).map((property) => [identity(property), property]));
  for (const now of listPropertyTypes(after)) {
    const was = old.get(identity(now));
    old.delete(identity(now));
    if (was === undefined) {
      result.added.push(withoutKey(now));
      continue;
    }
    const alias = now.alias;
    if (was.alias !== now.alias || was.name !== now.name) {
      result.renamed.push({
        key: now.key,
        fromAlias: was.alias,
        toAlias: now.alias,
        fromName: was.name,
        toName: now.name,
      });
    }
    if (was.editorAlias !== now.editorAlias)
      result.editorChanged.push({ alias, from: was.editorAlias, to: now.editorAlias });
    if (was.dataTypeId !== now.dataTypeId)
      result.dataTypeChanged.push({ alias, from: was.dataTypeId, to: now.dataTypeId });
    if (was.group !== now.group) result.groupChanged.push({ alias, from: was.group, to: now.group });
  }
  result.removed.push(...[...old.values()].map(withoutKey));
  return result;
}

function compareRefs(before: ContentTypeRecord['compositions'], after: ContentTypeRecord['compositions']) {
  const name = (ref: ContentTypeRecord['compositions'][number]): string => ref.alias ?? ref.key;
  const [old, now] = [new Set(before.map(name)), new Set(after.map(name))];
  return {
    added: [...now].filter((alias) => !old.has(alias)).sort(),
    removed: [...old].filter((alias) => !now.has(alias)).sort(),
  };
}

function compareType(before: ContentTypeRecord, after: ContentTypeRecord, kind: TypeKind): ChangedType | undefined {
  const fields = TYPE_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field])).map(
    (field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }),
  );
  const properties = compareProperties(before, after);
  const compositions = compareRefs(before.compositions, after.compositions);
  const allowedChildren = compareRefs(before.allowedContentTypes, after.allowedContentTypes);
  const counted = [
    fields,
    ...Object.values(properties),
    ...Object.values(compositions),
    ...Object.values(allowedChildren),
  ];
  if (counted.every((list) => list.length === 0)) return undefined;
  return { ...refOf(after, kind), fields, properties, compositions, allowedChildren };
}

function diffTypeList(before: ContentTypeRecord[], after: ContentTypeRecord[], kind: TypeKind, out: TypeChanges): void {
  const old = new Map(before.map((type) => [type.key, type]));
  for (const now of after) {
    const was = old.get(now.key);
    old.delete(now.key);
    if (was === undefined) out.added.push(refOf(now, kind));
    else {
      const changed = compareType(was, now, kind);
      if (changed !== undefined) out.changed.push(changed);
    }
  }
  for (const was of old.values()) out.removed.push(refOf(was, kind));
}

/**
 * Media types are compared only when both snapshots listed them: a source that stopped offering the list has not
 * removed every media type.
 */
export function diffContentTypes(before: ContentTypesFile, after: ContentTypesFile): TypeChanges {
  const out: TypeChanges = { added: [], removed: [], changed: [] };
  diffTypeList(before.contentTypes, after.contentTypes, 'content', out);
  if (before.mediaTypes !== undefined && after.mediaTypes !== undefined) {
    diffTypeList(before.mediaTypes, after.mediaTypes, 'media', out);
  }
  return out;
}
