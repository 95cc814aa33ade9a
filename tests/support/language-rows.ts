/**
 * The name and URL the multilingual shared database gives each culture-variant item in each language, read from the
 * database itself: names and URL segments from Umbraco's published cache (cmsContentNu), languages and domains by SQL,
 * each URL built as Umbraco does for path domains (the domain's path, then the segments below the domain's root).
 */
import { readPublishedCache } from './published-cache.ts';
import { openForOracle, sharedDatabase } from './shared-databases.ts';

const DB = sharedDatabase('tdufrane_searchcourse.db');

export interface Expected {
  name: string;
  url: string;
}

/** `key language` → the name and URL the database gives that item in that language. */
export function expectedLanguageRows(file: string = DB): Map<string, Expected> {
  const db = openForOracle(file);
  const nodes = new Map(
    (
      db.prepare('SELECT id, parentId, lower(uniqueId) AS key FROM umbracoNode').all() as Array<Record<string, unknown>>
    ).map((r) => [Number(r.id), { parent: Number(r.parentId), key: String(r.key) }]),
  );
  const isoOf = new Map(
    (db.prepare('SELECT id, languageISOCode AS iso FROM umbracoLanguage').all() as Array<Record<string, unknown>>).map(
      (r) => [Number(r.id), String(r.iso)],
    ),
  );
  const domains = new Map<string, string>();
  for (const d of db
    .prepare('SELECT domainName, domainRootStructureID AS root, domainDefaultLanguage AS lang FROM umbracoDomain')
    .all() as Array<Record<string, unknown>>)
    domains.set(`${Number(d.root)} ${isoOf.get(Number(d.lang))}`, String(d.domainName).replace(/\/$/, ''));
  db.close();
  const cache = new Map(
    readPublishedCache(file)
      .filter((e) => e.published)
      .map((e) => [e.nodeId, e]),
  );
  const out = new Map<string, Expected>();
  for (const [id, entry] of cache) {
    for (const [lower, culture] of Object.entries(entry.cultures)) {
      const iso = [...isoOf.values()].find((i) => i.toLowerCase() === lower) as string;
      const segments: string[] = [];
      let url: string | undefined;
      for (let at = id; nodes.has(at); at = nodes.get(at)!.parent) {
        const domain = domains.get(`${at} ${iso}`);
        if (domain !== undefined) {
          url = `${[domain, ...segments].join('/')}/`;
          break;
        }
        segments.unshift(cache.get(at)?.cultures[lower]?.urlSegment ?? '?');
      }
      out.set(`${nodes.get(id)!.key} ${iso}`, { name: culture.name, url: url ?? '' });
    }
  }
  return out;
}
