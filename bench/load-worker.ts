/**
 * A saturating by-id load loop, run in its own process so it does not share an event loop with the service.
 * Usage: node bench/load-worker.ts <baseUrl> <idsFile> <concurrency> <durationMs>
 * Prints one JSON line: { requests, errors, ms, perSecond }.
 */
import { readFileSync } from 'node:fs';

const [baseUrl, idsFile, concurrencyText, durationText] = process.argv.slice(2);
if (!baseUrl || !idsFile) {
  process.stderr.write('usage: load-worker.ts <baseUrl> <idsFile> <concurrency> <durationMs>\n');
  process.exit(2);
}
const targets = JSON.parse(readFileSync(idsFile, 'utf8')) as Array<{
  kind: 'content' | 'media';
  id: number;
  level: number;
}>;
const concurrency = Number(concurrencyText ?? 8);
const deadline = performance.now() + Number(durationText ?? 10000);
let requests = 0;
let errors = 0;
let next = 0;

async function lane(): Promise<void> {
  while (performance.now() < deadline) {
    const target = targets[next++ % targets.length]!;
    const op = target.kind === 'content' ? 'GetContentById' : 'GetMediaById';
    const res = await fetch(`${baseUrl}/cms/Ext/Migrations/${op}?id=${target.id}&maxLevel=1`);
    await res.arrayBuffer();
    requests++;
    if (!res.ok) errors++;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, lane));
const ms = performance.now() - started;
process.stdout.write(`${JSON.stringify({ requests, errors, ms, perSecond: requests / (ms / 1000) })}\n`);
