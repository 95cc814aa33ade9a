/**
 * The read service as its own process (`npm run source`), for tests that must see it survive: a crash inside the
 * test runner would take the runner down with it. Raw-socket helpers send what `fetch` refuses to send.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';

const CLI = path.resolve(import.meta.dirname, '..', '..', 'scripts', 'commands', 'source.ts');

export interface ServiceProcess {
  url: string;
  port: number;
  child: ChildProcess;
  stderr(): string;
  alive(): boolean;
  stop(): Promise<number | null>;
}

export async function startServiceProcess(args: string[], env: Record<string, string> = {}): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [CLI, '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`service exited ${code}: ${err}`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    child,
    stderr: () => err,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

export interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
  raw: string;
}

/** Writes `request` as bytes on a fresh connection and reads until the server closes or a full answer arrived. */
export function sendRaw(port: number, request: string | Buffer, timeoutMs = 3000): Promise<RawAnswer | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseAnswer(Buffer.concat(chunks).toString('utf8')));
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const answer = parseAnswer(Buffer.concat(chunks).toString('utf8'));
      if (
        answer !== undefined &&
        Buffer.byteLength(answer.body) >= Number(answer.headers.get('content-length') ?? Infinity)
      )
        finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(request);
  });
}

function parseAnswer(raw: string): RawAnswer | undefined {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const [statusLine = '', ...lines] = raw.slice(0, split).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
  const headers = new Map(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as [string, string];
    }),
  );
  return { status, headers, body: raw.slice(split + 4), raw };
}
