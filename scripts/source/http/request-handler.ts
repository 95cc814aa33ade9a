import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiteCatalog } from '../catalog/site-catalog.ts';
import { DatabaseChangedError, DatabaseUnavailableError } from '../db/database.ts';
import { NotFoundError } from '../handlers/errors.ts';
import { createAuthCheck } from './auth.ts';
import { parseQuery } from './params.ts';
import { ParameterError, problem, sendJson } from './problem.ts';
import { BASE_PATH, findOperation } from './routes.ts';

export interface RequestLog { method: string; path: string; status: number; ms: number; error?: string }

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

/** Routes only parse, validate and call a handler; the handler builds the body. */
export function createRequestHandler(catalog: SiteCatalog, apiKey: string | undefined, log?: (entry: RequestLog) => void) {
  const authorized = createAuthCheck(apiKey);
  return (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    let target = (req.url ?? '/').slice(0, 200);
    const headOnly = req.method === 'HEAD';
    let status = 200;
    let error: string | undefined;
    const send = (code: number, body: unknown, headers?: Record<string, string>) => {
      status = code;
      sendJson(res, code, body, headOnly, headers);
    };
    try {
      const url = parseTarget(req.url);
      target = url.pathname + url.search;
      const operation = findOperation(url.pathname);
      if (!operation) send(404, problem(404, `Unknown operation '${url.pathname}'. Operations live under ${BASE_PATH}.`));
      else if (req.method !== 'GET' && req.method !== 'HEAD') send(405, problem(405, `Method ${req.method} is not allowed; use GET or HEAD.`), { Allow: 'GET, HEAD' });
      else if (!authorized(req)) send(401, problem(401, 'Missing or wrong API key: send HTTP Basic credentials with user "api" and the key as password.'), { 'WWW-Authenticate': 'Basic realm="Content Migration Read Service"' });
      else {
        catalog.db.assertUnchanged();
        send(200, operation(catalog, parseQuery(url.searchParams)));
      }
    } catch (caught) {
      if (caught instanceof TargetError) send(400, problem(400, caught.message));
      else if (caught instanceof ParameterError) send(400, problem(400, caught.message, { invalidParams: [{ name: caught.parameter, reason: caught.message }] }));
      else if (caught instanceof NotFoundError) send(404, problem(404, caught.message));
      else if (caught instanceof DatabaseChangedError) {
        error = caught.message;
        send(503, problem(503, 'The Umbraco database file changed since the service started; restart the service to serve it.'));
      } else if (caught instanceof DatabaseUnavailableError) {
        error = caught.message;
        send(503, problem(503, 'The Umbraco database could not be read. The service log has the cause.'));
      } else {
        error = caught instanceof Error ? caught.message : String(caught);
        send(500, problem(500, 'The request failed unexpectedly. The service log has the cause.'));
      }
    }
    log?.({ method: req.method ?? '', path: target, status, ms: performance.now() - started, ...(error ? { error } : {}) });
  };
}
