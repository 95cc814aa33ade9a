/** Every internal link goes through here so the whole site honours the configured base (`--base /path/`). */
import { pathSegment } from '../../scripts/core/path-segment.ts';
import { readSiteConfig } from './site-config.ts';
import type { ItemKind } from './values/reference-target.ts';

/** Astro's base inside `astro build` and `astro dev`; the site config's in the item page writer, outside Astro. */
export const BASE: string = (import.meta.env?.BASE_URL ?? readSiteConfig().base).replace(/\/?$/, '/');

export const href = (path = ''): string => `${BASE}${path.replace(/^\/+/, '')}`;
export const itemHref = (kind: ItemKind, key: string): string => href(`${kind}/${key}/`);
export const typeHref = (key: string): string => href(`types/${key}/`);
export const childrenHref = (kind: ItemKind, key: string, page: number): string =>
  href(`${kind}/${key}/children/${page}/`);
export const downloadHref = (name: string, ext: 'csv' | 'json'): string => href(`downloads/${name}.${ext}`);
/** Site path (no base) of the list of items of a type whose property is empty; see pages/inventories/missing. */
export const missingValuesPath = (typeAlias: string, property: string): string =>
  `inventories/missing/${pathSegment(typeAlias)}/${pathSegment(property)}/`;
/** Site path (no base) of a property editor's page in the census; see pages/inventories/editors. */
export const editorPagePath = (editorAlias: string): string => `inventories/editors/${pathSegment(editorAlias)}/`;
export const inventoryHref = (name: string): string => href(`inventories/${name}/`);
