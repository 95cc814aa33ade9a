/** The flags of `npm run source`, each with the text its --help shows. */
import { defineFlags } from '../core/cli/flag-help.ts';

export const SOURCE_FLAGS = defineFlags(
  {
    usage: 'npm run source -- --db <Umbraco.sqlite.db> [options]',
    about: 'Serves the Content Migration Read Service over an Umbraco (v10+) SQLite database, read-only.',
    flags: [
      { name: 'db', value: 'FILE', text: 'the Umbraco database (required)' },
      {
        name: 'host',
        value: 'H',
        text: 'address to bind (default 127.0.0.1; other hosts need an API key of 16+ characters)',
      },
      { name: 'port', value: 'N', text: 'port (default 0: a free port)' },
      { name: 'api-key-file', value: 'F', text: 'file holding the API key (or env SOURCE_API_KEY)' },
      {
        name: 'time-zone',
        value: 'Z',
        text: 'IANA zone of stored dates before Umbraco 17 and of date properties (default UTC)',
      },
      {
        name: 'flavor',
        value: 'F',
        text: "answer as: rich (default; this service's own shape), plugin-v10, plugin-v8, plugin-v7",
      },
      {
        name: 'api-path',
        value: 'PATH',
        text:
          "serve the operations under PATH (default /cms/Ext/Migrations/; the stock plugin's: " +
          '/umbraco/Limbo/Migrations/, or /api/limbo/migrations/)',
      },
      {
        name: 'no-type-lists',
        text: 'answer only the nine operations (no type lists, media types or extension operations)',
      },
      { name: 'show-top-level', text: 'keep the top-level segment in URLs (HideTopLevelNodeFromPath = false)' },
      { name: 'no-trailing-slash', text: 'URLs without a trailing slash (AddTrailingSlash = false)' },
      { name: 'log-requests', text: 'one line per request on stderr' },
      { name: 'verbose', text: 'stack traces on errors' },
    ],
    footer: 'Exit codes: 0 stopped by SIGINT/SIGTERM, 2 usage, 3 the database unusable, 4 cannot listen.',
  },
  { refused: { 'api-key': '--api-key is not accepted: give the key by env SOURCE_API_KEY or --api-key-file' } },
);
