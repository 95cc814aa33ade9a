/**
 * The Umbraco 10–13 plugin: dates with milliseconds (`Z` at offset 0), `element: false` on every type (the plugin
 * never sets it), only the type's own groups without alias or type (properties outside a group left out), transitive
 * compositions, both list names (`tabs`/`propertyGroups`, `properties`/`propertyTypes`), and `{ meta }` errors.
 */
import type { SiteCatalog } from '../catalog/site-catalog.ts';
import type { ContentTypeItem, PropertyGroupView, TypeView } from '../handlers/content-type-handler.ts';
import type { Flavor, Reply } from './flavor.ts';
import { lenientParameters } from './plugin-parameters.ts';
import {
  emptyReply,
  listTransitiveCompositions,
  toPluginProperties,
  toPluginPropertyType,
  withoutAdditiveFields,
} from './plugin-shapes.ts';

const MESSAGES = {
  'content item': 'Content not found.',
  'media item': 'Media not found.',
  'content type': 'Content type not found.',
  'media type': 'Media type not found.',
} as const;

const envelope = (status: number, error: string): Reply => ({ status, body: { meta: { code: status, error } } });

const asPluginItem = (t: ContentTypeItem): ContentTypeItem => ({ ...t, element: false });

/** `IContentType.PropertyGroups`: the type's own groups holding its own property types. */
function listOwnGroups(view: TypeView, c: SiteCatalog) {
  const ownGroups = new Set((c.types.groups.get(view.id) ?? []).map((g) => g.id));
  const ownProperties = new Set((c.types.ownProperties.get(view.id) ?? []).map((p) => p.id));
  return view.propertyGroups
    .filter((g) => ownGroups.has(g.id))
    .map((group: PropertyGroupView) => {
      const propertyTypes = group.propertyTypes.filter((p) => ownProperties.has(p.id)).map(toPluginPropertyType);
      return {
        id: group.id,
        key: group.key,
        name: group.name,
        sortOrder: group.sortOrder,
        propertyTypes,
        properties: propertyTypes,
      };
    });
}

function toPluginType(view: TypeView, c: SiteCatalog, withTemplates: boolean) {
  const { id, key, alias, path, name, icon, createDate, updateDate } = view;
  const groups = listOwnGroups(view, c);
  return {
    id,
    key,
    alias,
    path,
    name,
    icon,
    element: false,
    createDate,
    updateDate,
    allowedAsRoot: view.allowedAsRoot,
    ...(withTemplates ? { defaultTemplate: view.defaultTemplate ?? null } : {}),
    allowedContentTypes: view.allowedContentTypes.map(asPluginItem),
    ...(withTemplates ? { allowedTemplates: view.allowedTemplates ?? [] } : {}),
    compositions: listTransitiveCompositions(c, view.id).map(asPluginItem),
    propertyGroups: groups,
    tabs: groups,
  };
}

export const pluginV10Flavor: Flavor = {
  name: 'plugin-v10',
  datePrecision: 'milliseconds',
  propertyDatePrecision: 'milliseconds',
  atRootMaxLevel: Number.MAX_SAFE_INTEGER,
  params: lenientParameters,
  summary: (summary) => summary,
  item: (item) => ({ ...withoutAdditiveFields(item), properties: toPluginProperties(item.properties, 'cache-text') }),
  contentType: (view, c) => toPluginType(view, c, true),
  mediaType: (view, c) => toPluginType(view, c, false),
  notFound: (missing) => (missing === 'operation' ? emptyReply(404) : envelope(404, MESSAGES[missing])),
  unauthorized: () => envelope(401, 'No or invalid API key specified in request.'),
  methodNotAllowed: () => emptyReply(405),
};
