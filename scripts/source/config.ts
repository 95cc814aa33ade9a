import { z } from 'zod';
import { parseFlags } from '../core/cli/flags.ts';
import { readSecret } from '../core/cli/secret-file.ts';
import { assertTimeZone } from './catalog/dates.ts';
import { FLAVOR_NAMES, type FlavorName } from './flavors/flavor.ts';
import { BASE_PATH, toMountPath } from './http/routes.ts';
import { SOURCE_FLAGS } from './source-flags.ts';

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
  apiPath: string;
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
export async function parseSourceConfig(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd = process.cwd(),
): Promise<SourceConfig | { errors: string[] }> {
  const { values, switches, problems: errors } = parseFlags(argv, SOURCE_FLAGS);
  if (switches.has('help')) return Object.freeze({ help: true } as SourceConfig);
  const parsed = schema.safeParse({
    db: values.db,
    host: values.host,
    port: values.port,
    timeZone: values['time-zone'],
    flavor: values.flavor,
  });
  if (!parsed.success) errors.push(...parsed.error.issues.map((i) => i.message));
  const apiPath = toMountPath(values['api-path'] ?? BASE_PATH);
  if (apiPath === undefined) errors.push('--api-path must be a URL path such as /umbraco/Limbo/Migrations/');
  // The key comes from a file or the environment, never the command line (it would land in shell history).
  const key = readSecret(values['api-key-file'], env.SOURCE_API_KEY?.trim(), cwd);
  if ('problem' in key) errors.push(`--api-key-file: ${key.problem}`);
  if (!parsed.success || errors.length > 0 || !('secret' in key) || apiPath === undefined) return { errors };
  return Object.freeze({
    dbPath: parsed.data.db,
    host: parsed.data.host,
    port: parsed.data.port,
    apiKey: key.secret,
    timeZone: parsed.data.timeZone,
    flavor: parsed.data.flavor,
    typeLists: !switches.has('no-type-lists'),
    apiPath,
    hideTopLevelNodeFromPath: !switches.has('show-top-level'),
    addTrailingSlash: !switches.has('no-trailing-slash'),
    logRequests: switches.has('log-requests'),
    verbose: switches.has('verbose'),
    help: false,
  });
}
