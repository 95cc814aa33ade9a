/**
 * Answers for what never reaches the request handler: requests Node's parser refuses (bad request line, oversized
 * headers), CONNECT, an `Expect` Node does not know. Without these Node sends a bare 400/417/431 or nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { problem, sendReply } from './problem.ts';

/** Node's parser error codes that mean "headers too large" (the rest of its parse errors are plain 400s). */
const TOO_LARGE = new Set(['HPE_HEADER_OVERFLOW']);

export function writeSocketProblem(
  socket: Duplex,
  status: number,
  detail: string,
  headers: Record<string, string> = {},
): void {
  if (!socket.writable) return void socket.destroy();
  const body = JSON.stringify(problem(status, detail));
  const lines = [
    `HTTP/1.1 ${status} ${problem(status, '').title}`,
    'Content-Type: application/problem+json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET') return void socket.destroy();
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return writeSocketProblem(socket, 408, 'The request did not arrive in time.');
  if (error.code !== undefined && TOO_LARGE.has(error.code)) {
    return writeSocketProblem(socket, 431, 'The request headers are too large.');
  }
  writeSocketProblem(socket, 400, 'The request is not valid HTTP/1.1.');
}

/** An `Expect` other than `100-continue`: Node would send a bare 417. */
export function answerExpectation(_req: IncomingMessage, res: ServerResponse): void {
  sendReply(
    res,
    { status: 417, body: problem(417, 'Only "Expect: 100-continue" is understood.'), problem: true },
    false,
  );
}

export function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  writeSocketProblem(socket, 405, 'Method CONNECT is not allowed; use GET or HEAD.', { Allow: 'GET, HEAD' });
}
