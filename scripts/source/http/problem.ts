import type { ServerResponse } from 'node:http';

/** RFC 9457 problem details; every non-2xx answer of the service is one of these. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  invalidParams?: Array<{ name: string; reason: string }>;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  417: 'Expectation Failed',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problem(status: number, detail: string, extra: Partial<Problem> = {}): Problem {
  return { type: 'about:blank', title: TITLES[status] ?? 'Error', status, detail, ...extra };
}

/** A request parameter is missing or malformed; the problem names it. */
export class ParameterError extends Error {
  override readonly name = 'ParameterError';
  readonly parameter: string;
  constructor(parameter: string, reason: string) {
    super(reason);
    this.parameter = parameter;
  }
}

/** Sends a reply: JSON (problem+json for problems), or an empty body when the reply has none. */
export function sendReply(
  res: ServerResponse,
  reply: { status: number; body?: unknown; problem?: boolean },
  headOnly: boolean,
  headers: Record<string, string> = {},
): void {
  const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
  const type = reply.problem ? 'application/problem+json; charset=utf-8' : 'application/json; charset=utf-8';
  const typeHeader: Record<string, string> = reply.body === undefined ? {} : { 'Content-Type': type };
  res.writeHead(reply.status, {
    ...typeHeader,
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(headOnly ? undefined : text);
}
