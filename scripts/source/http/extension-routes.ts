/**
 * The `rich` flavor's extension operations: what only a database read can give (drafts, unpublished items, the
 * recycle bin, scheduled publishing, the dictionary, languages, domains, redirect URLs). Deployed plugins do not have
 * them, so every other flavor answers 404 for them, and so does `--no-type-lists` (the nine operations only).
 */
import type { SiteCatalog } from '../catalog/site-catalog.ts';
import { WHOLE_LIST, listDrafts, listUnpublished, type Page } from '../handlers/draft-handler.ts';
import {
  listDictionary,
  listDomains,
  listLanguages,
  listRedirects,
  listScheduled,
} from '../handlers/settings-handler.ts';
import { listRecycleBin } from '../handlers/trash-handler.ts';
import type { FlavorName } from '../flavors/flavor.ts';
import { optionalCount, type Query } from './params.ts';
import { BASE_PATH } from './routes.ts';

type Extension = (catalog: SiteCatalog, page: Page) => unknown[];

/**
 * Lists read whole once per catalog, then paged; drafts and unpublished items page before reading their values. The
 * database is opened immutable, so a list cannot change while its catalog lives: reading it again for every page made
 * a long list quadratic (the recycle bin reads every node, a million at 1M items, for each page of 500).
 */
function paged(list: (catalog: SiteCatalog) => unknown[]): Extension {
  const lists = new WeakMap<SiteCatalog, unknown[]>();
  return (catalog, page) => {
    let all = lists.get(catalog);
    if (all === undefined) {
      all = list(catalog);
      lists.set(catalog, all);
    }
    return all.slice(page.skip, page.skip + page.take);
  };
}

/** By lower-cased name, as routing is case-insensitive. */
export const EXTENSION_OPERATIONS = new Map<string, Extension>([
  ['getdrafts', listDrafts],
  ['getunpublishedcontent', listUnpublished],
  ['getrecyclebin', paged(listRecycleBin)],
  ['getcontentschedule', paged(listScheduled)],
  ['getdictionary', paged(listDictionary)],
  ['getlanguages', paged(listLanguages)],
  ['getdomains', paged(listDomains)],
  ['getredirecturls', paged(listRedirects)],
]);

/** The extension operation a path names, when the flavor serves extensions. */
export function findExtension(pathname: string, flavor: FlavorName, typeLists: boolean, basePath = BASE_PATH) {
  if (flavor !== 'rich' || !typeLists || !pathname.toLowerCase().startsWith(basePath.toLowerCase())) return undefined;
  const extension = EXTENSION_OPERATIONS.get(pathname.slice(basePath.length).replace(/\/$/, '').toLowerCase());
  return extension === undefined
    ? undefined
    : (catalog: SiteCatalog, query: Query) => extension(catalog, readPage(query));
}

/** `skip` and `take` (optional non-negative integers) page a list; without them the whole list is answered. */
function readPage(query: Query): Page {
  return {
    skip: optionalCount(query, 'skip') ?? 0,
    take: optionalCount(query, 'take') ?? WHOLE_LIST.take,
  };
}
