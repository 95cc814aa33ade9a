/**
 * Run once before any test file (`--test-global-setup` in `npm test`): most files read the shared Umbraco databases, so
 * without them the run stops here with one message instead of every file failing on its own.
 */
import { existsSync, readdirSync } from 'node:fs';
import { SHARED_DB_DIR } from './shared-databases.ts';

export function globalSetup(): void {
  if (existsSync(SHARED_DB_DIR) && readdirSync(SHARED_DB_DIR).some((f) => f.endsWith('.db'))) return;
  process.stderr.write(
    `The shared Umbraco databases are missing: no *.db file in ${SHARED_DB_DIR}. ` +
      'Put them there, or name their folder with UMBRACO_DBS_DIR.\n',
  );
  process.exit(1);
}
