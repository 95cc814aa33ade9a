/**
 * The Umbraco 7 and 8 plugins (one ASP.NET Web API controller, anonymous objects): millisecond dates, `tabs` holding
 * `CompositionPropertyGroups` (the type's own groups, then each composition's, not merged by name), `allowedTemplate`
 * (an array despite the name), four-field type and template entries, transitive compositions, media ancestors mapped
 * with their children, empty-bodied 401/404, and `200 null` for an unknown type (the mapper returns null and Web API
 * serialises it).
 */
import type { DatePrecision } from '../catalog/dates.ts';
import type { SiteCatalog } from '../catalog/site-catalog.ts';
import type { PropertyTypeView, TemplateItem, TypeView } from '../handlers/content-type-handler.ts';
import type { ItemKind } from '../handlers/item-handler.ts';
import { toSummary, type ItemSummary } from '../handlers/item-view.ts';
import type { Flavor, FlavorName, ItemContext } from './flavor.ts';
import { lenientParameters } from './plugin-parameters.ts';
import {
  emptyReply,
  listTransitiveCompositions,
  referenceOf,
  toPluginProperties,
  toPluginPropertyType,
  typeFieldsOf,
  withoutAdditiveFields,
  type ValueStyle,
} from './plugin-shapes.ts';

export interface LegacyOptions {
  name: FlavorName;
  /** Item kinds whose summaries carry `sortOrder`. */
  sortOrderOn: ReadonlySet<ItemKind>;
  /** Allowed child types of a media type: the types, or `null` for each (the Umbraco 7 plugin's lookup misses). */
  mediaTypeChildren: 'items' | 'nulls';
  /** Item dates, and date property values (the Umbraco 7 XML cache holds them as naive text). */
  dates: { system: DatePrecision; property: DatePrecision };
  values: ValueStyle;
}

const templateOf = (t: TemplateItem) => referenceOf(t);

/** Each group of the type and of each composition on its own, with the property types it holds. */
function toTabs(view: TypeView, c: SiteCatalog) {
  const viewOf = new Map<number, PropertyTypeView>();
  for (const group of view.propertyGroups) for (const p of group.propertyTypes) viewOf.set(p.id, p);
  const bySortOrder = (a: { sortOrder: number; id: number }, b: { sortOrder: number; id: number }) =>
    a.sortOrder - b.sortOrder || a.id - b.id;
  return c.types.lineage(view.id).flatMap((typeId) => {
    const own = c.types.ownProperties.get(typeId) ?? [];
    return [...(c.types.groups.get(typeId) ?? [])].sort(bySortOrder).map((g) => ({
      id: g.id,
      key: g.key,
      name: g.name,
      sortOrder: g.sortOrder,
      properties: own
        .filter((p) => p.groupId === g.id)
        .sort(bySortOrder)
        .flatMap((p) => {
          const found = viewOf.get(p.id);
          return found === undefined ? [] : [toPluginPropertyType(found)];
        }),
    }));
  });
}

export function createLegacyFlavor(options: LegacyOptions): Flavor {
  function summary(s: ItemSummary, kind: ItemKind): object {
    const { sortOrder, children, ...rest } = s;
    return {
      ...rest,
      ...(options.sortOrderOn.has(kind) ? { sortOrder } : {}),
      ...(children === undefined ? {} : { children: children.map((child) => summary(child, kind)) }),
    };
  }

  /** Media ancestors are mapped like the item: with children down to maxLevel (their own children if omitted). */
  function pathOf(path: ItemSummary[], { catalog, kind, maxLevel }: ItemContext): object[] {
    if (kind === 'document') return path.map((p) => summary(p, kind));
    return path.map((p) => {
      const node = catalog.media.get(p.id);
      return summary(node === undefined ? p : toSummary(catalog, node, maxLevel ?? node.level + 1), kind);
    });
  }

  const contentType = (view: TypeView, c: SiteCatalog) => ({
    ...typeFieldsOf(view),
    tabs: toTabs(view, c),
    defaultTemplate: view.defaultTemplate ? templateOf(view.defaultTemplate) : null,
    allowedAsRoot: view.allowedAsRoot,
    allowedContentTypes: view.allowedContentTypes.map(referenceOf),
    allowedTemplate: (view.allowedTemplates ?? []).map(templateOf),
    compositions: listTransitiveCompositions(c, view.id).map(referenceOf),
  });

  const mediaType = (view: TypeView, c: SiteCatalog) => ({
    ...typeFieldsOf(view),
    tabs: toTabs(view, c),
    allowedAsRoot: view.allowedAsRoot,
    allowedContentTypes: view.allowedContentTypes.map((t) =>
      options.mediaTypeChildren === 'nulls' ? null : referenceOf(t),
    ),
    compositions: listTransitiveCompositions(c, view.id).map(referenceOf),
  });

  return {
    name: options.name,
    datePrecision: options.dates.system,
    propertyDatePrecision: options.dates.property,
    // Omitted at root, each root is mapped with maxLevel = its level + 1.
    atRootMaxLevel: 2,
    params: lenientParameters,
    summary,
    item(item, context) {
      const { path, properties, ...rest } = withoutAdditiveFields(item);
      return {
        ...summary(rest, context.kind),
        path: pathOf(path, context),
        properties: toPluginProperties(properties, options.values),
      };
    },
    contentType,
    mediaType,
    notFound(missing, detail) {
      if (missing === 'content type' || missing === 'media type') return { status: 200, body: null };
      if (missing === 'operation')
        return { status: 404, body: { Message: `No HTTP resource was found that matches the request URI. ${detail}` } };
      return emptyReply(404);
    },
    unauthorized: () => emptyReply(401),
    methodNotAllowed: (method) => ({
      status: 405,
      body: { Message: `The requested resource does not support http method '${method}'.` },
    }),
  };
}
