/**
 * One GET on node:http or node:https over keep-alive connections (at most `maxSockets` per origin), its body decoded
 * (gzip, deflate, br) by node:zlib streams and read within the answer caps. A deadline or an abort destroys the
 * request and its socket, so nothing is left reading. Node's `fetch` did this before and cost more CPU per request
 * (WHATWG streams, abort-signal plumbing) than all the crawler does with an answer; the source shares the machine.
 */
import http, { type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { urlToHttpOptions } from 'node:url';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import type { Transform } from 'node:stream';
import { AnswerLimitError, getBodyCap, type AnswerLimits } from './answer-body.ts';

export const ACCEPT_ENCODING = 'gzip, deflate, br';

/** The deadline passed before the whole answer had arrived. */
export class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
}

/** A failure below HTTP that Node gives no code of its own: a body that does not decode, a URL not sent to. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  readonly code: string;
  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

export interface SendOptions {
  headers: Record<string, string>;
  /** Epoch milliseconds by which the body must have been read. */
  deadline: number;
}

export interface TransportAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The decoded body; rejects with an AnswerLimitError past the caps. Call this or `discard`, once. */
  readBody(limits: AnswerLimits): Promise<Buffer>;
  /** Drops the body with its connection. */
  discard(): void;
}

export interface Transport {
  send(url: URL, options: SendOptions): Promise<TransportAnswer>;
  /** Closes the idle connections; the process need not wait for them. */
  close(): void;
}

/** Aborting `signal` destroys every request still under way, at any point until its body is read. */
export function createTransport(maxSockets: number, signal: AbortSignal): Transport {
  const agents: Record<string, http.Agent> = {
    'http:': new http.Agent({ keepAlive: true, maxSockets }),
    'https:': new https.Agent({ keepAlive: true, maxSockets }),
  };
  // One listener for the run rather than one per request: EventTarget listeners cost more than a Set entry.
  const live = new Set<Exchange>();
  signal.addEventListener('abort', () => live.forEach((exchange) => exchange.fail(signal.reason)), { once: true });

  function send(url: URL, options: SendOptions): Promise<TransportAnswer> {
    const agent = agents[url.protocol];
    if (agent === undefined)
      return Promise.reject(new TransportError('EPROTO', `unsupported protocol ${url.protocol}`));
    if (url.username !== '' || url.password !== '')
      return Promise.reject(new TransportError('ECREDENTIALS', 'refused to send to a URL holding credentials'));
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const lib = url.protocol === 'https:' ? https : http;
      const request = lib.request({ ...urlToHttpOptions(url), headers: options.headers, agent });
      const exchange = new Exchange(request, options.deadline, reject, live);
      request.once('response', (response) => exchange.answer(response, resolve));
      request.end();
    });
  }

  return { send, close: () => Object.values(agents).forEach((agent) => agent.destroy()) };
}

/** One request's life: where its failure goes (the send, then the body read) and what to stop on the way out. */
class Exchange {
  private pending: ((error: unknown) => void) | undefined;
  private failure: { error: unknown } | undefined;
  private ended = false;
  private response: IncomingMessage | undefined;
  private decoders: Transform[] = [];
  private readonly request: ClientRequest;
  private readonly timer: NodeJS.Timeout;
  private readonly live: Set<Exchange>;

  constructor(request: ClientRequest, deadline: number, reject: (error: unknown) => void, live: Set<Exchange>) {
    this.request = request;
    this.pending = reject;
    this.timer = setTimeout(() => this.fail(new DeadlineError('deadline passed')), deadline - Date.now());
    this.live = live;
    live.add(this);
    request.on('error', (error) => this.fail(error));
  }

  answer(response: IncomingMessage, resolve: (answer: TransportAnswer) => void): void {
    this.response = response;
    this.pending = undefined;
    response.on('error', (error) => this.fail(error));
    response.on('close', () => {
      if (!response.complete) this.fail(new TransportError('ECONNRESET', 'the connection closed mid-answer'));
    });
    resolve({
      status: response.statusCode ?? 0,
      headers: response.headers,
      readBody: (limits) => this.readBody(response, limits),
      discard: () => this.fail(new TransportError('EDISCARDED', 'answer discarded')),
    });
  }

  private readBody(response: IncomingMessage, limits: AnswerLimits): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      if (this.failure !== undefined) return reject(this.failure.error);
      this.pending = reject;
      let cap: ReturnType<typeof getBodyCap>;
      try {
        cap = getBodyCap(response.headers, limits);
      } catch (error) {
        return this.fail(error);
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      const take = (chunk: Buffer): void => {
        bytes += chunk.length;
        if (bytes > cap.bytes) return this.fail(new AnswerLimitError('too-large', cap.message));
        chunks.push(chunk);
      };
      const end = (): void => {
        if (this.failure !== undefined) return;
        this.finish();
        resolve(Buffer.concat(chunks, bytes));
      };
      this.pipeBody(response, listCodings(response.headers['content-encoding']), take, end);
    });
  }

  /** Decoders are made on the first chunk, which tells zlib-wrapped deflate from raw deflate (both are sent). */
  private pipeBody(response: IncomingMessage, codings: string[], take: (chunk: Buffer) => void, end: () => void) {
    let head: Transform | undefined;
    response.on('data', (chunk: Buffer) => {
      if (this.failure !== undefined) return;
      if (codings.length === 0) return take(chunk);
      head ??= this.makeDecoders(codings, chunk[0] ?? 0, take, end);
      if (head !== undefined && !head.write(chunk)) {
        response.pause();
        head.once('drain', () => response.resume());
      }
    });
    response.on('end', () => (head === undefined ? end() : head.end()));
  }

  private makeDecoders(codings: string[], firstByte: number, take: (chunk: Buffer) => void, end: () => void) {
    try {
      this.decoders = codings.map((coding, index) => makeDecoder(coding, index === 0 ? firstByte : 0x78));
    } catch (error) {
      return void this.fail(error);
    }
    this.decoders.forEach((decoder, index) => {
      decoder.on('error', (error: NodeJS.ErrnoException) => {
        const message = `the ${codings[index]} body does not decode (${error.message})`;
        this.fail(new TransportError(error.code ?? 'EDECODE', message, { cause: error }));
      });
      const next = this.decoders[index + 1];
      if (next !== undefined) decoder.pipe(next);
    });
    const tail = this.decoders.at(-1) as Transform;
    tail.on('data', take);
    tail.on('end', end);
    return this.decoders[0];
  }

  private finish(): void {
    this.ended = true;
    clearTimeout(this.timer);
    this.live.delete(this);
  }

  fail(error: unknown): void {
    if (this.failure !== undefined || this.ended) return;
    this.failure = { error };
    this.finish();
    this.request.destroy();
    this.response?.destroy();
    for (const decoder of this.decoders) decoder.destroy();
    this.pending?.(error);
    this.pending = undefined;
  }
}

/** Content-Encoding lists codings in the order applied; they are undone last first. */
function listCodings(header: string | undefined): string[] {
  if (header === undefined) return [];
  return header
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .reverse();
}

function makeDecoder(coding: string, firstByte: number): Transform {
  if (coding === 'gzip' || coding === 'x-gzip') return createGunzip();
  if (coding === 'br') return createBrotliDecompress();
  // A zlib header's low nibble is 8 (deflate); anything else is a raw deflate stream.
  if (coding === 'deflate') return (firstByte & 0x0f) === 0x08 ? createInflate() : createInflateRaw();
  throw new TransportError('EENCODING', `unsupported content-encoding ${coding}`);
}
