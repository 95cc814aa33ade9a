/**
 * The Umbraco 7 and 8 plugins (one ASP.NET Web API controller, anonymous objects): second-precision dates, `tabs`
 * holding the groups inherited from compositions, `allowedTemplate` (an array despite the name), four-field type and
 * template entries, transitive compositions, media ancestors mapped with their children, empty-bodied 401/404, and
 * `200 null` for an unknown type (the mapper returns null and Web API serialises it).
 */
import type { SiteCatalog } from '../catalog/site-catalog.ts';
import type { TemplateItem, TypeView } from '../handlers/content-type-handler.ts';
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
} from './plugin-shapes.ts';

export interface LegacyOptions {
  name: FlavorName;
  /** Item kinds whose summaries carry `sortOrder`. */
  sortOrderOn: ReadonlySet<ItemKind>;
  /** Allowed child types of a media type: the types, or `null` for each (the Umbraco 7 plugin's lookup misses). */
  mediaTypeChildren: 'items' | 'nulls';
}

const templateOf = (t: TemplateItem) => referenceOf(t);

function toTabs(view: TypeView) {
  return view.propertyGroups.map((g) => ({
    id: g.id,
    key: g.key,
    name: g.name,
    sortOrder: g.sortOrder,
    properties: g.propertyTypes.map(toPluginPropertyType),
  }));
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
    tabs: toTabs(view),
    defaultTemplate: view.defaultTemplate ? templateOf(view.defaultTemplate) : null,
    allowedAsRoot: view.allowedAsRoot,
    allowedContentTypes: view.allowedContentTypes.map(referenceOf),
    allowedTemplate: (view.allowedTemplates ?? []).map(templateOf),
    compositions: listTransitiveCompositions(c, view.id).map(referenceOf),
  });

  const mediaType = (view: TypeView, c: SiteCatalog) => ({
    ...typeFieldsOf(view),
    tabs: toTabs(view),
    allowedAsRoot: view.allowedAsRoot,
    allowedContentTypes: view.allowedContentTypes.map((t) =>
      options.mediaTypeChildren === 'nulls' ? null : referenceOf(t),
    ),
    compositions: listTransitiveCompositions(c, view.id).map(referenceOf),
  });

  return {
    name: options.name,
    datePrecision: 'seconds',
    // Omitted at root, each root is mapped with maxLevel = its level + 1.
    atRootMaxLevel: 2,
    params: lenientParameters,
    summary,
    item(item, context) {
      const { path, properties, ...rest } = withoutAdditiveFields(item);
      return {
        ...summary(rest, context.kind),
        path: pathOf(path, context),
        properties: toPluginProperties(properties),
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
