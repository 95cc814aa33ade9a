import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiteCatalog } from '../catalog/site-catalog.ts';
import { DatabaseUnavailableError } from '../db/database.ts';
import type { Flavor, Reply } from '../flavors/flavor.ts';
import { NotFoundError } from '../handlers/errors.ts';
import { createAuthCheck } from './auth.ts';
import { parseQuery } from './params.ts';
import { ParameterError, problem, sendReply } from './problem.ts';
import { BASE_PATH, findOperation } from './routes.ts';

export interface RequestLog { method: string; path: string; status: number; ms: number; error?: string }

const AUTHENTICATE = { 'WWW-Authenticate': 'Basic realm="Content Migration Read Service"' };
const problemReply = (status: number, detail: string, extra = {}): Reply => ({ status, body: problem(status, detail, extra), problem: true });

/** Routes only parse, validate and call a handler; the handler builds the body and the flavor shapes it. */
export function createRequestHandler(catalog: SiteCatalog, flavor: Flavor, apiKey: string | undefined, log?: (entry: RequestLog) => void, typeLists = true) {
  const authorized = createAuthCheck(apiKey);
  return (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? '';
    let status = 200;
    let error: string | undefined;
    const send = (reply: Reply, headers?: Record<string, string>) => {
      status = reply.status;
      sendReply(res, reply, method === 'HEAD', headers);
    };
    try {
      const operation = findOperation(url.pathname, typeLists);
      if (!operation) send(flavor.notFound('operation', `Unknown operation '${url.pathname}'. Operations live under ${BASE_PATH}.`));
      else if (method !== 'GET' && method !== 'HEAD') send(flavor.methodNotAllowed(method, `Method ${method} is not allowed; use GET or HEAD.`), { Allow: 'GET, HEAD' });
      else if (!authorized(req)) send(flavor.unauthorized('Missing or wrong API key: send HTTP Basic credentials with user "api" and the key as password.'), AUTHENTICATE);
      else send({ status: 200, body: operation(catalog, parseQuery(url.searchParams), flavor) });
    } catch (caught) {
      if (caught instanceof ParameterError) send(problemReply(400, caught.message, { invalidParams: [{ name: caught.parameter, reason: caught.message }] }));
      else if (caught instanceof NotFoundError) send(flavor.notFound(caught.missing, caught.message));
      else if (caught instanceof DatabaseUnavailableError) {
        error = caught.message;
        send(problemReply(503, 'The Umbraco database could not be read. The service log has the cause.'));
      } else {
        error = caught instanceof Error ? caught.message : String(caught);
        send(problemReply(500, 'The request failed unexpectedly. The service log has the cause.'));
      }
    }
    log?.({ method, path: url.pathname + url.search, status, ms: performance.now() - started, ...(error ? { error } : {}) });
  };
}
