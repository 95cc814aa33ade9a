/**
 * The `rich` flavor's extension operations: what only a database read can give (drafts, unpublished items, the
 * recycle bin, scheduled publishing, the dictionary, languages, domains, redirect URLs). Deployed plugins do not have
 * them, so every other flavor answers 404 for them, and so does `--no-type-lists` (the nine operations only).
 */
import type { SiteCatalog } from '../catalog/site-catalog.ts';
import { listDrafts, listUnpublished } from '../handlers/draft-handler.ts';
import {
  listDictionary,
  listDomains,
  listLanguages,
  listRedirects,
  listScheduled,
} from '../handlers/settings-handler.ts';
import { listRecycleBin } from '../handlers/trash-handler.ts';
import type { FlavorName } from '../flavors/flavor.ts';
import { BASE_PATH } from './routes.ts';

type Extension = (catalog: SiteCatalog) => unknown[];

/** By lower-cased name, as routing is case-insensitive. */
export const EXTENSION_OPERATIONS = new Map<string, Extension>([
  ['getdrafts', listDrafts],
  ['getunpublishedcontent', listUnpublished],
  ['getrecyclebin', listRecycleBin],
  ['getcontentschedule', listScheduled],
  ['getdictionary', listDictionary],
  ['getlanguages', listLanguages],
  ['getdomains', listDomains],
  ['getredirecturls', listRedirects],
]);

/** The extension operation a path names, when the flavor serves extensions. */
export function findExtension(pathname: string, flavor: FlavorName, typeLists: boolean) {
  if (flavor !== 'rich' || !typeLists || !pathname.toLowerCase().startsWith(BASE_PATH.toLowerCase())) return undefined;
  const extension = EXTENSION_OPERATIONS.get(pathname.slice(BASE_PATH.length).replace(/\/$/, '').toLowerCase());
  return extension === undefined ? undefined : (catalog: SiteCatalog) => extension(catalog);
}
