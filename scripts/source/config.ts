import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { assertTimeZone } from './catalog/dates.ts';
import { FLAVOR_NAMES, type FlavorName } from './flavors/flavor.ts';

export const USAGE = `Usage: npm run source -- --db <Umbraco.sqlite.db> [options]

Serves the Content Migration Read Service over an Umbraco (v10+) SQLite database, read-only.

Options:
  --db FILE              the Umbraco database (required)
  --host H               address to bind (default 127.0.0.1; other hosts need an API key of 16+ characters)
  --port N               port (default 0: a free port)
  --api-key-file F       file holding the API key (or env SOURCE_API_KEY)
  --time-zone Z          IANA zone of stored dates before Umbraco 17 and of date properties (default UTC)
  --flavor F             answer as: rich (default; this service's own shape), plugin-v10, plugin-v8, plugin-v7
  --no-type-lists        answer only the nine operations (no GetContentTypes, GetMediaTypes, GetMediaTypeBy*)
  --show-top-level       keep the top-level segment in URLs (HideTopLevelNodeFromPath = false)
  --no-trailing-slash    URLs without a trailing slash (AddTrailingSlash = false)
  --log-requests         one line per request on stderr
  --verbose              stack traces on errors
  --help                 this text`;

export interface SourceConfig {
  dbPath: string;
  host: string;
  port: number;
  apiKey: string | undefined;
  timeZone: string;
  hideTopLevelNodeFromPath: boolean;
  addTrailingSlash: boolean;
  flavor: FlavorName;
  typeLists: boolean;
  logRequests: boolean;
  verbose: boolean;
  help: boolean;
}

const schema = z.object({
  db: z.string({ error: '--db is required' }).min(1, '--db is required'),
  host: z.string().min(1).default('127.0.0.1'),
  port: z.coerce
    .number({ error: '--port must be a number' })
    .int('--port must be an integer')
    .min(0, '--port must be 0–65535')
    .max(65535, '--port must be 0–65535')
    .default(0),
  flavor: z.enum(FLAVOR_NAMES, { error: `--flavor must be one of ${FLAVOR_NAMES.join(', ')}` }).default('rich'),
  timeZone: z
    .string()
    .default('UTC')
    .refine((zone) => {
      try {
        assertTimeZone(zone);
        return true;
      } catch {
        return false;
      }
    }, '--time-zone must be an IANA time zone such as Europe/Copenhagen'),
});

/** Parses flags and env into a frozen config, reporting every problem at once. */
export function parseSourceConfig(argv: string[], env: NodeJS.ProcessEnv): SourceConfig | { errors: string[] } {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: argv,
      allowPositionals: false,
      strict: true,
      options: {
        db: { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        'api-key-file': { type: 'string' },
        'time-zone': { type: 'string' },
        flavor: { type: 'string' },
        'no-type-lists': { type: 'boolean' },
        'show-top-level': { type: 'boolean' },
        'no-trailing-slash': { type: 'boolean' },
        'log-requests': { type: 'boolean' },
        verbose: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    return { errors: [(error as Error).message] };
  }
  if (values.help) return Object.freeze({ help: true } as SourceConfig);
  const errors: string[] = [];
  const parsed = schema.safeParse({
    db: values.db,
    host: values.host,
    port: values.port,
    timeZone: values['time-zone'],
    flavor: values.flavor,
  });
  if (!parsed.success) errors.push(...parsed.error.issues.map((i) => i.message));
  const apiKey = readApiKey(values['api-key-file'] as string | undefined, env, errors);
  if (!parsed.success || errors.length > 0) return { errors };
  return Object.freeze({
    dbPath: parsed.data.db,
    host: parsed.data.host,
    port: parsed.data.port,
    apiKey,
    timeZone: parsed.data.timeZone,
    flavor: parsed.data.flavor,
    typeLists: !values['no-type-lists'],
    hideTopLevelNodeFromPath: !values['show-top-level'],
    addTrailingSlash: !values['no-trailing-slash'],
    logRequests: values['log-requests'] === true,
    verbose: values.verbose === true,
    help: false,
  });
}

/** The key comes from a file or the environment, never the command line (it would land in shell history). */
function readApiKey(file: string | undefined, env: NodeJS.ProcessEnv, errors: string[]): string | undefined {
  if (file !== undefined) {
    try {
      const key = readFileSync(file, 'utf8').trim();
      if (key === '') errors.push(`--api-key-file ${file} is empty`);
      return key;
    } catch {
      errors.push(`--api-key-file ${file} cannot be read`);
      return undefined;
    }
  }
  const key = env.SOURCE_API_KEY?.trim();
  return key === '' ? undefined : key;
}
