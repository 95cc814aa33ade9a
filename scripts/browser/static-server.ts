/** A minimal static file server for a built site, on a free loopback port (tests only). */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.csv': 'text/csv; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** The decoded path of a request-target, or undefined when it is no URL path or its escapes do not decode. */
function decodePath(target: string | undefined): string | undefined {
  try {
    return decodeURIComponent(new URL(target ?? '/', 'http://x').pathname);
  } catch {
    return undefined;
  }
}

/** Serves `root` under `base` (e.g. `/snap/`); directories answer with their index.html. */
export async function startStaticServer(root: string, base = '/'): Promise<StaticServer> {
  // A request that fails past the checks (a file gone between stat and read) ends its own answer, never the server.
  const server = createServer((req, res) => {
    serve(req, res).catch(() => (res.headersSent ? res.destroy() : res.writeHead(500).end()));
  });
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = decodePath(req.url);
    if (pathname === undefined) return void res.writeHead(400).end('bad request-target');
    if (!pathname.startsWith(base)) return void res.writeHead(404).end('not under base');
    let file = path.join(root, pathname.slice(base.length));
    const inside = path.relative(root, file);
    if (inside.startsWith('..') || path.isAbsolute(inside)) return void res.writeHead(403).end();
    let info = await stat(file).catch(() => undefined);
    if (info?.isDirectory()) {
      file = path.join(file, 'index.html');
      info = await stat(file).catch(() => undefined);
    }
    if (!info?.isFile()) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return void createReadStream(path.join(root, '404.html'))
        .on('error', () => res.end())
        .pipe(res);
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
    });
    createReadStream(file).pipe(res);
  }
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
