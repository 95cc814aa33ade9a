/** The flags of `npm run snapshot`, each with the text its --help shows (the build takes them too). */
import { defineFlags } from '../core/cli/flag-help.ts';

export const SNAPSHOT_FLAGS = defineFlags(
  {
    usage: 'npm run snapshot -- [--out DIR] [--source URL | --db FILE] [options]',
    about:
      'Crawls a Content Migration Read Service (or an Umbraco SQLite database through the local one) into a ' +
      'snapshot folder, replaced whole when the crawl is complete.',
    flags: [
      { name: 'out', value: 'DIR', text: 'snapshot folder (default: snapshot)' },
      {
        name: 'source',
        value: 'URL',
        text:
          'read service base URL (or env SNAPSHOT_SOURCE_URL); a URL ending in an operations path ' +
          '(/cms/Ext/Migrations/, /umbraco/Limbo/Migrations/, /api/limbo/migrations/) is used as given',
      },
      {
        name: 'api-path',
        value: 'PATH',
        text:
          'where the operations are mounted under --source (default /cms/Ext/Migrations/; the stock plugin: ' +
          '/umbraco/Limbo/Migrations/, or /api/limbo/migrations/ from Umbraco 10)',
      },
      {
        name: 'db',
        value: 'FILE',
        text:
          'serve this Umbraco SQLite database locally and crawl it (neither --source nor --db: a demo database ' +
          'generated once into .cache/demo, see --demo-items)',
      },
      {
        name: 'api-key-file',
        value: 'FILE',
        text: 'file holding the API key (or env SNAPSHOT_API_KEY); never on the command line',
      },
      {
        name: 'demo-items',
        value: 'N',
        text: 'size of the generated demo database (default 2000; env SNAPSHOT_CACHE_DIR moves .cache)',
      },
      { name: 'since-snapshot', value: 'DIR', text: 'reuse unchanged items from this earlier snapshot' },
      {
        name: 'full-refresh-every',
        value: 'N',
        text: 'with --since-snapshot: every Nth crawl in a row fetches every item (counted in the manifest)',
      },
      { name: 'full-refresh', text: 'fetch every item even with --since-snapshot' },
      {
        name: 'history',
        value: 'DIR',
        text: 'keep the snapshot at --out in DIR before replacing it (see npm run diff)',
      },
      { name: 'keep', value: 'N', text: 'snapshots kept in --history (default 1: the previous one)' },
      {
        name: 'compare-with',
        value: 'DIR',
        text: 'say what changed since this snapshot (default with --history: the newest one kept)',
      },
      {
        name: 'max-failures',
        value: 'N',
        text: 'permanent failures tolerated before the run counts as failed (default 0)',
      },
      { name: 'concurrency', value: 'N', text: 'requests at once (default 4)' },
      { name: 'timeout-ms', value: 'N', text: 'per request (default 30000)' },
      { name: 'retries', value: 'N', text: 'per request, on network errors, timeouts, 429 and 5xx (default 5)' },
      { name: 'retry-base-ms', value: 'N', text: 'first backoff ceiling (default 500)' },
      { name: 'retry-max-ms', value: 'N', text: 'caps any wait between retries (default 30000)' },
      {
        name: 'allow-shrink',
        text: 'accept a snapshot that is empty, or under half the items, where the one at --out was not',
      },
      {
        name: 'follow-redirects',
        text: 'follow redirects to another origin (never with the key); same-origin ones always are',
      },
      { name: 'max-content-types', value: 'N', text: 'content-type lookups per crawl (default 10000)' },
      { name: 'max-answer-bytes', value: 'N', text: 'size of one answer as sent (default 67108864: 64 MiB)' },
      {
        name: 'max-decompressed-bytes',
        value: 'N',
        text: 'size of one answer once unpacked (default 134217728: 128 MiB)',
      },
      {
        name: 'max-depth',
        value: 'N',
        text: 'array/object nesting of one answer (default 2048); past any cap, that request fails',
      },
      { name: 'quiet', text: 'no progress lines' },
      { name: 'verbose', text: 'stack traces on errors, tree windows as they narrow' },
    ],
    footer:
      'Exit codes: 0 ok, 1 incomplete beyond --max-failures, 2 usage, 3 key refused, 4 source unreachable, ' +
      '5 snapshot refused: empty or shrunk sharply against the previous one (see --allow-shrink), ' +
      '130/143 stopped by SIGINT/SIGTERM (nothing replaced).',
  },
  { refused: { 'api-key': '--api-key is not accepted: give the key by env SNAPSHOT_API_KEY or --api-key-file' } },
);
