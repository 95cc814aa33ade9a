/**
 * The sites the browser tests run against, each built once (tests/support/built-site.ts) whichever files use it:
 * the demo database with a hostile item injected into a copy of its snapshot, hosted under a sub-path; a multilingual
 * shared database; and the largest shared database (the Umbraco Commerce demo store), named by --title.
 */
import path from 'node:path';
import { crawl, xssItem } from './site-e2e.ts';
import { copyWithInjectedContent } from './site-fixture-snapshot.ts';
import type { ServedBuild } from './site-session.ts';
import { sharedDatabase } from './shared-databases.ts';

const PROBE_SNAPSHOT = 'demo-probe-snapshot';

export const DEMO_PROBE_SITE = {
  name: 'demo' as const,
  base: '/snap/',
  snapshot: PROBE_SNAPSHOT,
  args: ['--snapshot', `{dir}/${PROBE_SNAPSHOT}`, '--base', '/snap/'],
  async prepare(dir) {
    const demoSnap = path.join(dir, 'demo-snapshot');
    await crawl(['--out', demoSnap, '--demo-items', '300'], { SNAPSHOT_CACHE_DIR: path.join(dir, 'demo-cache') });
    await copyWithInjectedContent(demoSnap, path.join(dir, PROBE_SNAPSHOT), [xssItem()]);
  },
} satisfies ServedBuild;

export const MULTILINGUAL_SITE = {
  name: 'multilingual' as const,
  args: ['--db', sharedDatabase('tdufrane_searchcourse.db')],
} satisfies ServedBuild;

export const COMMERCE_DB = sharedDatabase('umbraco_umbraco.commerce.demostore_15.x.db');
export const COMMERCE_TITLE = 'Commerce demo «store»';

export const COMMERCE_SITE = {
  name: 'largest' as const,
  args: ['--db', COMMERCE_DB, '--title', COMMERCE_TITLE],
} satisfies ServedBuild;
