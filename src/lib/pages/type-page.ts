/** A content type's definition (groups, properties, compositions, children, templates) and how the snapshot uses it. */
import type { ContentTypeRecord } from '#core/snapshot-format.ts';
import type { PropertyInfo } from '../content-types/type-index.ts';
import { loadSiteData } from '../site-data/load-site-data.ts';
import type { PropertyFill, TypeUsage } from '../site-data/site-data-format.ts';
import { href, itemHref, missingValuesPath, typeHref } from '../site-paths.ts';
import { listObservedEdges, readTypeDiagram } from './model-page.ts';
import type { LinkItem } from './page-context.ts';
import { describeTypeKind } from '../content-types/type-kind.ts';

export interface PropertyGroupView {
  name: string;
  properties: Array<PropertyInfo & { fill?: PropertyFill; blockFill?: PropertyFill; missingHref?: string }>;
}
export interface TypePage {
  type: ContentTypeRecord;
  isElement: boolean;
  /** `element type`, `document type`, or `element or document (the source does not say)`. */
  kind: string;
  usage?: TypeUsage;
  languages: string[];
  groups: PropertyGroupView[];
  compositions: LinkItem[];
  composedBy: LinkItem[];
  allowedChildren: LinkItem[];
  templates: string[];
  defaultTemplate?: string;
  items: LinkItem[];
  parentOf: LinkItem[];
  allowedUnder: LinkItem[];
  blockHolders: LinkItem[];
  /** Types this one sits below in the type tree. */
  parents: LinkItem[];
  /** Block elements held and references made by its items, and by other types' items to it (with counts). */
  observed: LinkItem[];
  /** Its neighbourhood in the model, drawn as inline SVG at build time. */
  diagram: string;
}

const nameOf = (v: unknown): string | undefined => {
  if (typeof v === 'string') return v;
  const o = v as { name?: unknown; alias?: unknown } | null;
  return typeof o?.name === 'string' ? o.name : typeof o?.alias === 'string' ? o.alias : undefined;
};

export async function listTypeKeys(): Promise<Array<{ params: { key: string } }>> {
  const data = await loadSiteData();
  return data.types.list.map((t) => ({ params: { key: t.key } }));
}

export async function getTypePage(key: string): Promise<TypePage> {
  const data = await loadSiteData();
  const type = data.types.findByKey(key);
  if (type === undefined) throw new Error(`no content type ${key} in the snapshot`);
  const usage = data.findTypeUsage('content', type.alias);
  const link = (ref: { key: string; alias?: string | undefined; name?: string | undefined }): LinkItem => {
    const found = data.types.findByKey(ref.key);
    return found
      ? { name: found.name, href: typeHref(found.key), note: found.alias }
      : { name: ref.name ?? ref.alias ?? ref.key, href: '', note: 'not in the snapshot' };
  };
  const byAlias = (alias: string): LinkItem => {
    const found = data.types.findByAlias(alias);
    return found ? link(found) : { name: alias, href: '' };
  };
  const groups: PropertyGroupView[] = [];
  for (const p of data.types.listProperties(type)) {
    let group = groups.find((g) => g.name === p.group);
    if (group === undefined) groups.push((group = { name: p.group, properties: [] }));
    const fill = usage?.fill[p.alias];
    const blockFill = usage?.blockFill[p.alias];
    const missingHref = fill && fill.filled < fill.total ? href(missingValuesPath(type.alias, p.alias)) : undefined;
    group.properties.push({
      ...p,
      ...(fill ? { fill } : {}),
      ...(blockFill ? { blockFill } : {}),
      ...(missingHref ? { missingHref } : {}),
    });
  }
  const languages = [...new Set(Object.values(usage?.fill ?? {}).flatMap((f) => Object.keys(f.cultures ?? {})))].sort();
  const defaultTemplate = nameOf(type.defaultTemplate);
  return {
    type,
    isElement: type.element === true,
    kind: describeTypeKind(type),
    ...(usage ? { usage } : {}),
    languages,
    groups,
    compositions: type.compositions.map(link),
    composedBy: data.types.list
      .filter((t) => t.compositions.some((c) => c.key.toLowerCase() === type.key))
      .map((t) => link(t)),
    allowedChildren: type.allowedContentTypes.map(link),
    templates: type.allowedTemplates.map(nameOf).filter((n): n is string => n !== undefined),
    ...(defaultTemplate ? { defaultTemplate } : {}),
    parentOf: (usage?.parentOf ?? []).map(byAlias),
    parents: data.typeUsage
      .filter((u) => u.defined && u.key !== undefined && u.parentOf.includes(type.alias))
      .map((u) => link({ key: u.key as string })),
    observed: await listObservedEdges(type.key),
    diagram: await readTypeDiagram(type.key),
    allowedUnder: (usage?.allowedUnder ?? []).map(byAlias),
    blockHolders: (usage?.blockHolders ?? []).map((h) => ({
      name: h.name,
      href: itemHref(h.kind, h.key),
      note: `in ${h.properties.join(', ')}`,
    })),
    items: (usage?.sample ?? [])
      .map((k) => data.lookup.findNode(k))
      .filter((n) => n !== undefined)
      .map((n) => ({ name: n.name, href: itemHref(n.kind, n.key) })),
  };
}
