/**
 * The crawler against a fault-injecting proxy in front of the local read service on a shared database: one service
 * and one clean crawl per test file, proxies started with rules per test, all closed after the file.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { iterateIndex, ITEM_KINDS } from '../../scripts/core/snapshot-format.ts';
import { startReadService, type RunningReadService } from '../../scripts/source/server.ts';
import { startFaultSource, type FaultRule, type FaultSource } from './fault-source.ts';
import { sharedDatabase } from './shared-databases.ts';

const DB = sharedDatabase('tdufrane_searchcourse.db');
export const KEY = 'Zebra-Canary-7f3c9a-do-not-leak';
const FAST = ['--quiet', '--retries', '5', '--retry-base-ms', '5', '--retry-max-ms', '1500', '--timeout-ms', '250'];

export async function runCli(args: string[], env: Record<string, string> = { SNAPSHOT_API_KEY: KEY }) {
  let stdout = '';
  let stderr = '';
  const code = await runSnapshotCli([...FAST, ...args], env, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

/** Level of each item of the clean crawl, by `kind:id`: a by-id request above it asks for a tree window. */
const levels = new Map<string, number>();

/** A request for the item alone (`maxLevel` its own level), not for a window of its tree. */
export const byIdItem = (
  request: { operation: string; query: URLSearchParams },
  operation: string,
  id: number,
): boolean => {
  if (request.operation !== operation || request.query.get('id') !== String(id)) return false;
  const level = levels.get(`${operation.includes('Media') ? 'media' : 'content'}:${id}`);
  return level === undefined || Number(request.query.get('maxLevel')) <= level;
};

export interface FaultCrawl {
  /** The file's temporary folder. */
  readonly work: string;
  /** A complete snapshot crawled without faults. */
  readonly cleanOut: string;
  readonly serviceUrl: string;
  proxy(rules: FaultRule[], seed?: number): Promise<FaultSource>;
}

/** Registers the file's before/after hooks: the read service with KEY, then a clean crawl of it. */
export function useFaultCrawl(): FaultCrawl {
  let work = '';
  let service: RunningReadService | undefined;
  const proxies: FaultSource[] = [];
  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'crawl-faults-'));
    service = await startReadService({ dbPath: DB, apiKey: KEY });
    const clean = await runCli(['--source', service.url, '--out', path.join(work, 'clean')]);
    assert.equal(clean.code, 0, clean.stderr);
    for (const kind of ITEM_KINDS)
      for await (const entry of iterateIndex(path.join(work, 'clean'), kind))
        levels.set(`${kind}:${entry.id}`, entry.level);
  });
  after(async () => {
    for (const started of proxies) await started.close();
    await service?.close();
    await rm(work, { recursive: true, force: true });
  });
  const serviceUrl = (): string => {
    if (service === undefined) throw new Error('the read service starts in before()');
    return service.url;
  };
  return {
    get work() {
      return work;
    },
    get cleanOut() {
      return path.join(work, 'clean');
    },
    get serviceUrl() {
      return serviceUrl();
    },
    async proxy(rules, seed = 7) {
      const started = await startFaultSource({ target: serviceUrl(), rules, seed, maxHoldMs: 2000 });
      proxies.push(started);
      return started;
    },
  };
}
