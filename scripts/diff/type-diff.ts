/**
 * Content and media types between two snapshots, matched by key: types added and removed, and per type the drift a
 * migration mapping cares about (properties, editors, data types, groups, variance, compositions, allowed children,
 * templates, element). Compositions, allowed children, templates and properties are matched by key too, so a renamed
 * alias is one change where it happened: on the type itself, never on every type composed of it. A property a type
 * has through a composition is listed on the composition only.
 */
import type { ContentTypeRecord, ContentTypesFile } from '../core/snapshot-format.ts';
import type { ChangedType, PropertyTypeRef, TypeChanges, TypeRef } from '../core/diff-format.ts';
import { compareTemplates } from './template-diff.ts';

type TypeKind = TypeRef['kind'];
const TYPE_FIELDS = ['alias', 'name', 'element', 'variesByCulture', 'allowedAsRoot', 'icon'] as const;

interface PropertyTypeAt extends PropertyTypeRef {
  key: string | null;
  variesByCulture: boolean | null;
}

type TypesByKey = Map<string, ContentTypeRecord>;

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
      variesByCulture: typeof property.variesByCulture === 'boolean' ? property.variesByCulture : null,
    })),
  );
}

const identity = (property: PropertyTypeAt): string => property.key ?? `alias:${property.alias}`;

/** The identities of the properties a type has through its compositions, transitively. */
function listInherited(type: ContentTypeRecord, byKey: TypesByKey): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>([type.key]);
  const queue = type.compositions.map((ref) => ref.key);
  for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
    const composition = byKey.get(key);
    if (composition === undefined || seen.has(key)) continue;
    seen.add(key);
    for (const property of listPropertyTypes(composition)) found.add(identity(property));
    queue.push(...composition.compositions.map((ref) => ref.key));
  }
  return found;
}

function listOwnProperties(type: ContentTypeRecord, byKey: TypesByKey): PropertyTypeAt[] {
  const inherited = listInherited(type, byKey);
  return listPropertyTypes(type).filter((property) => !inherited.has(identity(property)));
}

const withoutKey = ({ alias, name, editorAlias, dataTypeId, group }: PropertyTypeAt): PropertyTypeRef => ({
  alias,
  name,
  editorAlias,
  dataTypeId,
  group,
});

/** Property types are matched by key (an alias can be renamed), or by alias when the source sends no keys. */
function compareProperties(before: PropertyTypeAt[], after: PropertyTypeAt[]): ChangedType['properties'] {
  const result: ChangedType['properties'] = {
    added: [],
    removed: [],
    renamed: [],
    editorChanged: [],
    dataTypeChanged: [],
    groupChanged: [],
    varianceChanged: [],
  };
  const old = new Map(before.map((property) => [identity(property), property]));
  for (const now of after) {
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
    if (was.variesByCulture !== now.variesByCulture)
      result.varianceChanged.push({ alias, from: was.variesByCulture, to: now.variesByCulture });
  }
  result.removed.push(...[...old.values()].map(withoutKey));
  return result;
}

/** By key: a composition or child type whose alias was renamed is still the same one (its own change says so). */
function compareRefs(before: ContentTypeRecord['compositions'], after: ContentTypeRecord['compositions']) {
  const name = (ref: ContentTypeRecord['compositions'][number]): string => ref.alias ?? ref.key;
  const [old, now] = [new Set(before.map((ref) => ref.key)), new Set(after.map((ref) => ref.key))];
  return {
    added: after
      .filter((ref) => !old.has(ref.key))
      .map(name)
      .sort(),
    removed: before
      .filter((ref) => !now.has(ref.key))
      .map(name)
      .sort(),
  };
}

interface Sides {
  from: TypesByKey;
  to: TypesByKey;
}

function compareType(
  before: ContentTypeRecord,
  after: ContentTypeRecord,
  kind: TypeKind,
  sides: Sides,
): ChangedType | undefined {
  const fields: ChangedType['fields'] = TYPE_FIELDS.filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  ).map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));
  fields.push(...compareTemplates(before, after));
  const properties = compareProperties(listOwnProperties(before, sides.from), listOwnProperties(after, sides.to));
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

function diffTypeList(
  before: ContentTypeRecord[],
  after: ContentTypeRecord[],
  kind: TypeKind,
  sides: Sides,
  out: TypeChanges,
): void {
  const old = new Map(before.map((type) => [type.key, type]));
  for (const now of after) {
    const was = old.get(now.key);
    old.delete(now.key);
    if (was === undefined) out.added.push(refOf(now, kind));
    else {
      const changed = compareType(was, now, kind, sides);
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
  const byKey = (file: ContentTypesFile): TypesByKey =>
    new Map([...file.contentTypes, ...(file.mediaTypes ?? [])].map((type) => [type.key, type]));
  const sides = { from: byKey(before), to: byKey(after) };
  diffTypeList(before.contentTypes, after.contentTypes, 'content', sides, out);
  if (before.mediaTypes !== undefined && after.mediaTypes !== undefined) {
    diffTypeList(before.mediaTypes, after.mediaTypes, 'media', sides, out);
  }
  return out;
}
