import { DatabaseUnavailableError } from '../source/db/database.ts';
import { formatHelp } from '../core/cli/flag-help.ts';
import { parseSourceConfig } from '../source/config.ts';
import { SOURCE_FLAGS } from '../source/source-flags.ts';
import { UnsupportedSchemaError } from '../source/readers/schema-reader.ts';
import { ServiceConfigError, startReadService, type RunningReadService } from '../source/server.ts';

export const EXIT = { ok: 0, usage: 2, database: 3, bind: 4 } as const;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Starts the service; resolves with the running service, or an exit code when it could not start. */
export async function runSource(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
): Promise<RunningReadService | number> {
  const config = await parseSourceConfig(argv, env);
  if ('errors' in config) {
    for (const message of config.errors) io.err(`source: ${message}`);
    io.err('source: see --help');
    return EXIT.usage;
  }
  if (config.help) {
    io.out(formatHelp(SOURCE_FLAGS.help));
    return EXIT.ok;
  }
  try {
    const service = await startReadService({
      dbPath: config.dbPath,
      host: config.host,
      port: config.port,
      apiKey: config.apiKey,
      timeZone: config.timeZone,
      hideTopLevelNodeFromPath: config.hideTopLevelNodeFromPath,
      addTrailingSlash: config.addTrailingSlash,
      flavor: config.flavor,
      typeLists: config.typeLists,
      apiPath: config.apiPath,
      log: (e) => {
        if (e.error) io.err(`source: ${e.method} ${e.path} → ${e.status}: ${e.error}`);
        else if (config.logRequests) io.err(`${e.method} ${e.path} ${e.status} ${e.ms.toFixed(1)}ms`);
      },
    });
    const c = service.catalog;
    io.out(
      `Serving ${config.dbPath} (Umbraco ${c.schema.version}+, ${c.documents.size} published content items, ` +
        `${c.media.size} media items, ${c.languages.length} language(s))`,
    );
    io.out(
      `${service.url}${service.apiPath}${config.apiKey ? ' (API key required)' : ''}, answering as ${config.flavor}`,
    );
    return service;
  } catch (error) {
    if (config.verbose) io.err(String((error as Error).stack));
    const message = (error as Error).message;
    if (error instanceof UnsupportedSchemaError || error instanceof DatabaseUnavailableError) {
      io.err(`source: ${config.dbPath}: ${message}`);
      return EXIT.database;
    }
    if (error instanceof ServiceConfigError) {
      io.err(`source: ${message}`);
      return EXIT.usage;
    }
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      io.err(`source: cannot listen on ${config.host}:${config.port} (${code})`);
      return EXIT.bind;
    }
    throw error;
  }
}

if (import.meta.main) {
  const io: CliIo = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };
  const result = await runSource(process.argv.slice(2), process.env, io);
  if (typeof result === 'number') process.exit(result);
  const stop = () => {
    io.err('source: stopping');
    void result.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
