/** Shapes every plugin generation shares: values as the published cache holds them, items without additives. */
import { StoredDecimal } from '../catalog/property-values.ts';
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
 * How a generation sends property values (read-api.md): `cache-text` (Umbraco 10+: decimals as the published
 * cache's text), `numbers` (Umbraco 8: decimals as JSON numbers), `text` (Umbraco 7: every value as its XML cache's
 * text, `""` when nothing is stored). Every generation sends `umbracoBytes` as a string.
 */
export type ValueStyle = 'cache-text' | 'numbers' | 'text';

/** The cache's text of a decimal: .NET's invariant text of the value, no trailing zeros added (`10`, `24.99`). */
export function toDecimalText(value: number): string {
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '') : text;
}

export function toPluginValue(property: ServedProperty, style: ValueStyle): unknown {
  const { value } = property;
  if (value instanceof StoredDecimal) return style === 'numbers' ? value.value : toDecimalText(value.value);
  if (style === 'text') {
    if (value === null || value === undefined) return '';
    return typeof value === 'number' ? String(value) : value;
  }
  if (typeof value === 'number' && property.alias === 'umbracoBytes') return String(value);
  return value;
}

export function toPluginProperties(
  properties: Record<string, ServedProperty>,
  style: ValueStyle,
): Record<string, ServedProperty> {
  return Object.fromEntries(
    Object.entries(properties).map(([alias, p]) => [alias, { ...p, value: toPluginValue(p, style) }]),
  );
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

/** Property types as the plugin maps them: no `variesByCulture`, no Block Grid areas. */
export function toPluginPropertyType(
  p: PropertyTypeView,
): Omit<PropertyTypeView, 'variesByCulture' | 'blockGridAreas'> {
  const { variesByCulture: _varies, blockGridAreas: _areas, ...rest } = p;
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
