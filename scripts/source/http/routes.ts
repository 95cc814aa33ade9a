import type { SiteCatalog } from '../catalog/site-catalog.ts';
import { getContentType, getMediaType, listTypes } from '../handlers/content-type-handler.ts';
import { getItemById, getItemByKey, listAtRoot, type FullItem, type ItemKind } from '../handlers/item-handler.ts';
import type { Flavor } from '../flavors/flavor.ts';
import type { Query } from './params.ts';

export const BASE_PATH = '/cms/Ext/Migrations/';

const MOUNT_PATH = /^(\/[A-Za-z0-9._~-]+)*\/?$/;

/**
 * Another mount path, as deployments have (the stock plugin: `/umbraco/Limbo/Migrations/`), with slashes at both
 * ends; undefined when it is not a plain path.
 */
export function toMountPath(text: string): string | undefined {
  const path = `/${text.trim().replace(/^\/+/, '')}`;
  if (!MOUNT_PATH.test(path)) return undefined;
  return path.endsWith('/') ? path : `${path}/`;
}

/** Reads the parameters the flavor's way, calls a handler, and returns the flavor's body. */
type Operation = (catalog: SiteCatalog, query: Query, flavor: Flavor) => unknown;

function atRoot(kind: ItemKind): Operation {
  return (c, q, f) => listAtRoot(c, kind, f.params.maxLevel(q) ?? f.atRootMaxLevel).map((s) => f.summary(s, kind));
}

function item(kind: ItemKind, by: 'id' | 'key'): Operation {
  return (c, q, f) => {
    const full: FullItem =
      by === 'id'
        ? getItemById(c, kind, f.params.id(q), f.params.maxLevel(q))
        : getItemByKey(c, kind, f.params.key(q), f.params.maxLevel(q));
    return f.item(full, { catalog: c, kind, maxLevel: f.params.maxLevel(q) });
  };
}

function contentType(by: 'id' | 'key' | 'alias'): Operation {
  return (c, q, f) => f.contentType(getContentType(c, by, f.params[by](q)), c);
}

function mediaType(by: 'id' | 'key' | 'alias'): Operation {
  return (c, q, f) => f.mediaType(getMediaType(c, by, f.params[by](q)), c);
}

/**
 * The nine operations of read-api.md, then the plugin's list-all and media-type operations (outside the nine; the
 * crawler asks for the lists and carries on without them). By lower-cased name: routing is case-insensitive on ASP.NET.
 */
export const OPERATIONS = new Map<string, Operation>([
  ['getcontentatroot', atRoot('document')],
  ['getcontentbyid', item('document', 'id')],
  ['getcontentbykey', item('document', 'key')],
  ['getmediaatroot', atRoot('media')],
  ['getmediabyid', item('media', 'id')],
  ['getmediabykey', item('media', 'key')],
  ['getcontenttypebyid', contentType('id')],
  ['getcontenttypebykey', contentType('key')],
  ['getcontenttypebyalias', contentType('alias')],
  ['getcontenttypes', (c, _q, f) => listTypes(c, 'content type').map((view) => f.contentType(view, c))],
  ['getmediatypebyid', mediaType('id')],
  ['getmediatypebykey', mediaType('key')],
  ['getmediatypebyalias', mediaType('alias')],
  ['getmediatypes', (c, _q, f) => listTypes(c, 'media type').map((view) => f.mediaType(view, c))],
]);

const NINE = new Set([...OPERATIONS.keys()].slice(0, 9));

/** The operation a path names, or undefined when the path is outside the interface (or outside the nine). */
export function findOperation(pathname: string, typeLists = true, basePath = BASE_PATH): Operation | undefined {
  if (!pathname.toLowerCase().startsWith(basePath.toLowerCase())) return undefined;
  const name = pathname.slice(basePath.length).replace(/\/$/, '').toLowerCase();
  if (name.includes('/') || (!typeLists && !NINE.has(name))) return undefined;
  return OPERATIONS.get(name);
}
