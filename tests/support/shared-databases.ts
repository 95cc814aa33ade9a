import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';

/** The real Umbraco databases live beside the repository, never inside it (UMBRACO_DBS_DIR moves them). */
export const SHARED_DB_DIR = resolve(
  process.env.UMBRACO_DBS_DIR ?? resolve(import.meta.dirname, '../../../shared/umbraco-dbs'),
);

export function listSharedDatabases(): string[] {
  if (!existsSync(SHARED_DB_DIR))
    throw new Error(`the shared databases are missing: expected them in ${SHARED_DB_DIR}`);
  return readdirSync(SHARED_DB_DIR)
    .filter((f) => f.endsWith('.db'))
    .sort()
    .map((f) => join(SHARED_DB_DIR, f));
}

export function sharedDatabase(name: string): string {
  return join(SHARED_DB_DIR, name);
}

/** Test-side SQL access, independent of the code under test; immutable so nothing is created beside the file. */
export function openForOracle(path: string): DatabaseSync {
  const url = pathToFileURL(path);
  url.searchParams.set('immutable', '1');
  url.searchParams.set('mode', 'ro');
  return new DatabaseSync(url, { readOnly: true });
}
