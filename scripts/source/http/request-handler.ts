import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiteCatalog } from '../catalog/site-catalog.ts';
import { DatabaseChangedError, DatabaseUnavailableError } from '../db/database.ts';
import type { Flavor, Reply } from '../flavors/flavor.ts';
import { NotFoundError } from '../handlers/errors.ts';
import { createAuthCheck } from './auth.ts';
import { parseQuery } from './params.ts';
import { ParameterError, problem, sendReply } from './problem.ts';
import { findExtension } from './extension-routes.ts';
import { BASE_PATH, findOperation } from './routes.ts';

export interface RequestLog {
  method: string;
  path: string;
  status: number;
  ms: number;
  error?: string;
}

const AUTHENTICATE = { 'WWW-Authenticate': 'Basic realm="Content Migration Read Service"' };
const problemReply = (status: number, detail: string, extra = {}): Reply => ({
  status,
  body: problem(status, detail, extra),
  problem: true,
});

class TargetError extends Error {
  override readonly name = 'TargetError';
}

/** Inside the handler's error boundary: `//[` or `http://%zz/` make URL parsing throw. */
function parseTarget(raw: string | undefined): URL {
  try {
    return new URL(raw ?? '/', 'http://localhost');
  } catch {
    throw new TargetError('The request-target is not a valid URL path.');
  }
}

/** Routes only parse, validate and call a handler; the handler builds the body and the flavor shapes it. */
export function createRequestHandler(
  catalog: SiteCatalog,
  flavor: Flavor,
  apiKey: string | undefined,
  log?: (entry: RequestLog) => void,
  typeLists = true,
  basePath = BASE_PATH,
) {
  const authorized = createAuthCheck(apiKey);
  return (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    let target = (req.url ?? '/').slice(0, 200);
    const method = req.method ?? '';
    let status = 200;
    let error: string | undefined;
    const send = (reply: Reply, headers?: Record<string, string>) => {
      status = reply.status;
      sendReply(res, reply, method === 'HEAD', headers);
    };
    try {
      // Node answers a missing Host with a bare 400 of its own unless told not to (server.ts): said here instead.
      if (req.httpVersion === '1.1' && req.headers.host === undefined)
        throw new TargetError('The Host header is missing; HTTP/1.1 requests must carry one.');
      const url = parseTarget(req.url);
      target = url.pathname + url.search;
      const operation =
        findOperation(url.pathname, typeLists, basePath) ??
        findExtension(url.pathname, flavor.name, typeLists, basePath);
      if (!operation)
        send(flavor.notFound('operation', `Unknown operation '${url.pathname}'. Operations live under ${basePath}.`));
      else if (method !== 'GET' && method !== 'HEAD')
        send(flavor.methodNotAllowed(method, `Method ${method} is not allowed; use GET or HEAD.`), {
          Allow: 'GET, HEAD',
        });
      else if (!authorized(req))
        send(
          flavor.unauthorized(
            'Missing or wrong API key: send HTTP Basic credentials with user "api" and the key as password.',
          ),
          AUTHENTICATE,
        );
      else {
        catalog.db.assertUnchanged();
        send({ status: 200, body: operation(catalog, parseQuery(url.searchParams), flavor) });
      }
    } catch (caught) {
      if (caught instanceof TargetError) send(problemReply(400, caught.message));
      else if (caught instanceof ParameterError)
        send(
          problemReply(400, caught.message, { invalidParams: [{ name: caught.parameter, reason: caught.message }] }),
        );
      else if (caught instanceof NotFoundError) send(flavor.notFound(caught.missing, caught.message));
      else if (caught instanceof DatabaseChangedError) {
        error = caught.message;
        send(
          problemReply(
            503,
            'The Umbraco database file changed since the service started; restart the service to serve it.',
          ),
        );
      } else if (caught instanceof DatabaseUnavailableError) {
        error = caught.message;
        send(problemReply(503, 'The Umbraco database could not be read. The service log has the cause.'));
      } else {
        error = caught instanceof Error ? caught.message : String(caught);
        send(problemReply(500, 'The request failed unexpectedly. The service log has the cause.'));
      }
    }
    log?.({ method, path: target, status, ms: performance.now() - started, ...(error ? { error } : {}) });
  };
}
