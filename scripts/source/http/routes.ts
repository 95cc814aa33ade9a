import type { SiteCatalog } from '../catalog/site-catalog.ts';
import { getContentType } from '../handlers/content-type-handler.ts';
import { getItemById, getItemByKey, listAtRoot } from '../handlers/item-handler.ts';
import { optionalMaxLevel, requireAlias, requireId, requireKey, type Query } from './params.ts';

export const BASE_PATH = '/cms/Ext/Migrations/';

type Operation = (catalog: SiteCatalog, query: Query) => unknown;

/** The nine operations, by lower-cased name (routing is case-insensitive, as on ASP.NET). */
export const OPERATIONS = new Map<string, Operation>([
  ['getcontentatroot', (c, q) => listAtRoot(c, 'document', optionalMaxLevel(q))],
  ['getcontentbyid', (c, q) => getItemById(c, 'document', requireId(q), optionalMaxLevel(q))],
  ['getcontentbykey', (c, q) => getItemByKey(c, 'document', requireKey(q), optionalMaxLevel(q))],
  ['getmediaatroot', (c, q) => listAtRoot(c, 'media', optionalMaxLevel(q))],
  ['getmediabyid', (c, q) => getItemById(c, 'media', requireId(q), optionalMaxLevel(q))],
  ['getmediabykey', (c, q) => getItemByKey(c, 'media', requireKey(q), optionalMaxLevel(q))],
  ['getcontenttypebyid', (c, q) => getContentType(c, 'id', requireId(q))],
  ['getcontenttypebykey', (c, q) => getContentType(c, 'key', requireKey(q))],
  ['getcontenttypebyalias', (c, q) => getContentType(c, 'alias', requireAlias(q))],
]);

/** The operation a path names, or undefined when the path is outside the interface. */
export function findOperation(pathname: string): Operation | undefined {
  if (!pathname.toLowerCase().startsWith(BASE_PATH.toLowerCase())) return undefined;
  const name = pathname.slice(BASE_PATH.length).replace(/\/$/, '');
  return name.includes('/') ? undefined : OPERATIONS.get(name.toLowerCase());
}
