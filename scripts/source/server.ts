import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_CATALOG_OPTIONS, loadSiteCatalog, type SiteCatalog } from './catalog/site-catalog.ts';
import { openSqliteDatabase } from './db/sqlite-database.ts';
import type { FlavorName } from './flavors/flavor.ts';
import { getFlavor } from './flavors/flavors.ts';
import { isLoopbackHost } from './http/auth.ts';
import { createRequestHandler, type RequestLog } from './http/request-handler.ts';
import { BASE_PATH, toMountPath } from './http/routes.ts';
import { limitConnections } from './http/connection-limit.ts';
import { answerClientError, answerConnect, answerExpectation } from './http/socket-problem.ts';

/** A key anyone on the network may guess at must not be guessable; loopback binds may use any key. */
export const MIN_PUBLIC_KEY_LENGTH = 16;

export interface ReadServiceOptions {
  dbPath: string;
  host?: string;
  /** 0 or omitted: a free port. */
  port?: number;
  apiKey?: string;
  /** Zone of naive dates (system dates before v17, property dates always). Default UTC. */
  timeZone?: string;
  hideTopLevelNodeFromPath?: boolean;
  addTrailingSlash?: boolean;
  /** Which generation of the interface to speak (README "Flavors"). Default `rich`. */
  flavor?: FlavorName;
  /** false: answer only the nine operations of read-api.md (no list-all or media-type operations). Default true. */
  typeLists?: boolean;
  /** Where the operations are mounted, with slashes at both ends (see toMountPath). Default `/cms/Ext/Migrations/`. */
  apiPath?: string;
  log?: (entry: RequestLog) => void;
  /** Open connections at most; idle ones are closed first to make room (http/connection-limit.ts). Default 256. */
  maxConnections?: number;
}

export interface RunningReadService {
  /** Base URL before the operations path. */
  url: string;
  /** The operations path, with slashes at both ends. */
  apiPath: string;
  catalog: SiteCatalog;
  close(): Promise<void>;
}

/** Refused configuration, reported before anything is opened or bound. */
export class ServiceConfigError extends Error {
  override readonly name = 'ServiceConfigError';
}

export async function startReadService(options: ReadServiceOptions): Promise<RunningReadService> {
  const host = options.host ?? '127.0.0.1';
  if (options.apiKey === undefined && !isLoopbackHost(host)) {
    throw new ServiceConfigError(
      `refusing to serve on ${host} without an API key: set SOURCE_API_KEY or --api-key-file, or bind to 127.0.0.1`,
    );
  }
  if (options.apiKey !== undefined && options.apiKey.trim() === '')
    throw new ServiceConfigError('the API key is empty');
  if (options.apiKey !== undefined && !isLoopbackHost(host) && options.apiKey.length < MIN_PUBLIC_KEY_LENGTH) {
    throw new ServiceConfigError(
      `the API key for a bind to ${host} must have at least ${MIN_PUBLIC_KEY_LENGTH} characters`,
    );
  }
  const flavor = getFlavor(options.flavor ?? 'rich');
  const apiPath = options.apiPath ?? BASE_PATH;
  if (toMountPath(apiPath) !== apiPath)
    throw new ServiceConfigError('the operations path must be a URL path with slashes at both ends');
  const db = openSqliteDatabase(options.dbPath);
  let catalog: SiteCatalog;
  try {
    catalog = loadSiteCatalog(db, {
      timeZone: options.timeZone ?? DEFAULT_CATALOG_OPTIONS.timeZone,
      hideTopLevelNodeFromPath: options.hideTopLevelNodeFromPath ?? DEFAULT_CATALOG_OPTIONS.hideTopLevelNodeFromPath,
      addTrailingSlash: options.addTrailingSlash ?? DEFAULT_CATALOG_OPTIONS.addTrailingSlash,
      datePrecision: flavor.datePrecision,
      propertyDatePrecision: flavor.propertyDatePrecision,
    });
  } catch (error) {
    db.close();
    throw error;
  }
  const server = createServer(
    { requireHostHeader: false },
    createRequestHandler(catalog, flavor, options.apiKey, options.log, options.typeLists ?? true, apiPath),
  );
  server.keepAliveTimeout = 5000;
  server.on('clientError', answerClientError);
  server.on('connect', answerConnect);
  server.on('checkExpectation', answerExpectation);
  limitConnections(server, options.maxConnections);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    apiPath,
    catalog,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          db.close();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

export { BASE_PATH, toMountPath };
