import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiteCatalog } from '../catalog/site-catalog.ts';
import { DatabaseUnavailableError } from '../db/database.ts';
import { NotFoundError } from '../handlers/errors.ts';
import { createAuthCheck } from './auth.ts';
import { parseQuery } from './params.ts';
import { ParameterError, problem, sendJson } from './problem.ts';
import { BASE_PATH, findOperation } from './routes.ts';

export interface RequestLog { method: string; path: string; status: number; ms: number; error?: string }

/** Routes only parse, validate and call a handler; the handler builds the body. */
export function createRequestHandler(catalog: SiteCatalog, apiKey: string | undefined, log?: (entry: RequestLog) => void) {
  const authorized = createAuthCheck(apiKey);
  return (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    const headOnly = req.method === 'HEAD';
    let status = 200;
    let error: string | undefined;
    const send = (code: number, body: unknown, headers?: Record<string, string>) => {
      status = code;
      sendJson(res, code, body, headOnly, headers);
    };
    try {
      const operation = findOperation(url.pathname);
      if (!operation) send(404, problem(404, `Unknown operation '${url.pathname}'. Operations live under ${BASE_PATH}.`));
      else if (req.method !== 'GET' && req.method !== 'HEAD') send(405, problem(405, `Method ${req.method} is not allowed; use GET or HEAD.`), { Allow: 'GET, HEAD' });
      else if (!authorized(req)) send(401, problem(401, 'Missing or wrong API key: send HTTP Basic credentials with user "api" and the key as password.'), { 'WWW-Authenticate': 'Basic realm="Content Migration Read Service"' });
      else send(200, operation(catalog, parseQuery(url.searchParams)));
    } catch (caught) {
      if (caught instanceof ParameterError) send(400, problem(400, caught.message, { invalidParams: [{ name: caught.parameter, reason: caught.message }] }));
      else if (caught instanceof NotFoundError) send(404, problem(404, caught.message));
      else if (caught instanceof DatabaseUnavailableError) {
        error = caught.message;
        send(503, problem(503, 'The Umbraco database could not be read. The service log has the cause.'));
      } else {
        error = caught instanceof Error ? caught.message : String(caught);
        send(500, problem(500, 'The request failed unexpectedly. The service log has the cause.'));
      }
    }
    log?.({ method: req.method ?? '', path: url.pathname + url.search, status, ms: performance.now() - started, ...(error ? { error } : {}) });
  };
}
