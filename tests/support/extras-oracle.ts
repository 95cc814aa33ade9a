/**
 * Each extra's entries as the database holds them, by SQL written here from the schema (docs: umbraco-schema.md):
 * pending drafts, unpublished documents, trashed documents and media, schedule rows, dictionary keys, languages,
 * domains and redirect rows. The oracle of the crawl's extras, the site data's inventories and their pages.
 */
import type { ExtraName } from '../../scripts/core/snapshot-extras.ts';
import { openForOracle } from './shared-databases.ts';
import { DOCUMENT, MEDIA } from './umbraco-object-types.ts';

export function extraCountsBySql(file: string): Record<ExtraName, number> {
  const db = openForOracle(file);
  try {
    const count = (sql: string, ...args: string[]) => Number((db.prepare(sql).get(...args) as { n: number }).n);
    const documents = `FROM umbracoDocument d JOIN umbracoNode n ON n.id = d.nodeId
      WHERE n.nodeObjectType = ? AND n.trashed = 0`;
    return {
      drafts: count(`SELECT count(*) AS n ${documents} AND d.published = 1 AND d.edited = 1`, DOCUMENT),
      unpublished: count(`SELECT count(*) AS n ${documents} AND d.published = 0`, DOCUMENT),
      'recycle-bin': count(
        'SELECT count(*) AS n FROM umbracoNode WHERE trashed = 1 AND nodeObjectType IN (?, ?)',
        DOCUMENT,
        MEDIA,
      ),
      schedule: count('SELECT count(*) AS n FROM umbracoContentSchedule'),
      dictionary: count('SELECT count(*) AS n FROM cmsDictionary'),
      languages: count('SELECT count(*) AS n FROM umbracoLanguage'),
      domains: count('SELECT count(*) AS n FROM umbracoDomain'),
      'redirect-urls': count('SELECT count(*) AS n FROM umbracoRedirectUrl'),
    };
  } finally {
    db.close();
  }
}
