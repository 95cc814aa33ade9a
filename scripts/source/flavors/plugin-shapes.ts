/** Shapes every plugin generation shares: values as the published cache holds them, items without additives. */
import type { SiteCatalog } from '../catalog/site-catalog.ts';
import {
  toItem,
  type ContentTypeItem,
  type PropertyTypeView,
  type TypeView,
} from '../handlers/content-type-handler.ts';
import type { FullItem } from '../handlers/item-handler.ts';
import type { ServedProperty } from '../handlers/item-view.ts';
import type { Reply } from './flavor.ts';

/**
 * The plugin sends `GetSourceValue()`: decimals as their invariant string (`10.0`; .NET keeps the scale, a whole
 * number stored through the decimal editor has one decimal place) and `umbracoBytes` as the label's text.
 */
export function toPluginValue(property: ServedProperty): unknown {
  const { value } = property;
  if (typeof value !== 'number') return value;
  if (property.editorAlias === 'Umbraco.Decimal') return Number.isInteger(value) ? value.toFixed(1) : String(value);
  if (property.alias === 'umbracoBytes') return String(value);
  return value;
}

export function toPluginProperties(properties: Record<string, ServedProperty>): Record<string, ServedProperty> {
  return Object.fromEntries(Object.entries(properties).map(([alias, p]) => [alias, { ...p, value: toPluginValue(p) }]));
}

/** The README's additive fields, which no plugin sends. */
export function withoutAdditiveFields(item: FullItem): Omit<FullItem, 'urlSegment' | 'template' | 'cultures'> {
  const { urlSegment: _segment, template: _template, cultures: _cultures, ...rest } = item;
  return rest;
}

/** `CompositionIds()`: compositions of compositions too (and parents), each once, without the type itself. */
export function listTransitiveCompositions(c: SiteCatalog, typeId: number): ContentTypeItem[] {
  return c.types
    .lineage(typeId)
    .slice(1)
    .flatMap((id) => {
      const type = c.types.byId.get(id);
      return type === undefined ? [] : [toItem(c, type)];
    });
}

/** Property types as the plugin maps them: no `variesByCulture`. */
export function toPluginPropertyType(p: PropertyTypeView): Omit<PropertyTypeView, 'variesByCulture'> {
  const { variesByCulture: _varies, ...rest } = p;
  return rest;
}

export const referenceOf = (t: { id: number; key: string; alias: string; name: string }) => ({
  id: t.id,
  key: t.key,
  alias: t.alias,
  name: t.name,
});

export type TypeFields = Pick<TypeView, 'id' | 'key' | 'alias' | 'name' | 'icon'>;
export const typeFieldsOf = (v: TypeView): TypeFields => ({
  id: v.id,
  key: v.key,
  alias: v.alias,
  name: v.name,
  icon: v.icon,
});

export const emptyReply = (status: number): Reply => ({ status });
