import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const CLI = resolve(import.meta.dirname, '../scripts/commands/source.ts');

export interface ServiceProcess {
  url: string;
  close(): Promise<void>;
}

/** The read service in its own process, as a crawl meets it in production: not sharing the crawler's event loop. */
export function startServiceProcess(dbPath: string): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [CLI, '--db', dbPath, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolveStart, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+)\/cms\/Ext\/Migrations\//.exec(out);
      if (match)
        resolveStart({
          url: match[1]!,
          close: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.once('exit', (code) => reject(new Error(`read service exited ${code}: ${out.trim()}`)));
  });
}

interface Node {
  id: number;
  children?: Node[];
}

/** Every item's id and level, from the full trees, for the load loop. */
export async function collectTargets(
  url: string,
): Promise<Array<{ kind: 'content' | 'media'; id: number; level: number }>> {
  const targets: Array<{ kind: 'content' | 'media'; id: number; level: number }> = [];
  for (const kind of ['content', 'media'] as const) {
    const op = kind === 'content' ? 'GetContentAtRoot' : 'GetMediaAtRoot';
    const roots = (await (await fetch(`${url}/cms/Ext/Migrations/${op}`)).json()) as Node[];
    const walk = (nodes: Node[], level: number) => {
      for (const node of nodes) {
        targets.push({ kind, id: node.id, level });
        if (node.children) walk(node.children, level + 1);
      }
    };
    walk(roots, 1);
  }
  return targets;
}
