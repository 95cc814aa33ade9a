/**
 * The content audit's duplicate finder (src/lib/audit/duplicates.ts) on a thread of its own: the site-data pass hands
 * it each compared body as it goes and asks for the groups once the pass is done, so hashing, MinHash signatures and
 * the confirmation reads (which read candidate bodies again from the snapshot) run beside the pass on a second core
 * instead of after it. Measured at 100k demo items: the finder's part of the pass and its confirmation were 9 s of the
 * 35 s site-data step, on one core while the other stood idle.
 *
 * A body crosses as one string, its words joined by spaces (a word never holds one: item-words.ts), and is split
 * back: the finder sees the very words it would have seen in the pass.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { getContentTypes, openItemReader } from '#core/snapshot-format.ts';
import { createTypeIndex } from '../../content-types/type-index.ts';
import {
  createDuplicateFinder,
  MIN_COMPARED_WORDS,
  type BodyReader,
  type DuplicateResult,
} from '../../audit/duplicates.ts';
import { itemFacts } from '../../audit/item-facts.ts';
import { listCultures, listPropertyEntries } from '../../values/item-properties.ts';
import { createNodeLookup } from '../node-lookup.ts';
import { readNodes } from './node-table.ts';

/** Bodies sent at once: few messages, little held. */
const BATCH = 256;

type ToWorker = { bodies: Array<[key: string, type: string, words: string]> } | { finish: true };
type FromWorker =
  { done: { duplicateOf: Array<[string, string]>; nearGroup: Array<[string, number]> } } | { failed: string };

/** The finder as the pass uses it: add bodies in pass order, then finish once. */
export interface DuplicateFinder {
  add(key: string, type: string, body: string[]): void;
  finish(): Promise<DuplicateResult>;
  /** Ends the thread without an answer (the pass failed). */
  stop(): Promise<void>;
}

export function startDuplicateFinder(snapshotDir: string): DuplicateFinder {
  const worker = new Worker(new URL(import.meta.url), { workerData: { snapshotDir } });
  let batch: Array<[string, string, string]> = [];
  let failure: Error | undefined;
  const answer = new Promise<DuplicateResult>((resolve, reject) => {
    worker.on('message', (message: FromWorker) => {
      if ('failed' in message) reject(new Error(`the duplicate finder failed: ${message.failed}`));
      else resolve({ duplicateOf: new Map(message.done.duplicateOf), nearGroup: new Map(message.done.nearGroup) });
    });
    worker.on('error', (error) => reject(new Error(`the duplicate finder failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => reject(new Error(`the duplicate finder ended (exit ${code}) without its answer`)));
  });
  answer.catch((error: Error) => (failure = error));
  const send = (message: ToWorker) => worker.postMessage(message);
  return {
    add(key, type, body) {
      if (failure !== undefined) throw failure;
      if (body.length < MIN_COMPARED_WORDS) return;
      batch.push([key, type, body.join(' ')]);
      if (batch.length >= BATCH) {
        send({ bodies: batch });
        batch = [];
      }
    },
    async finish() {
      if (batch.length > 0) send({ bodies: batch });
      batch = [];
      send({ finish: true });
      try {
        return await answer;
      } finally {
        await worker.terminate();
      }
    },
    async stop() {
      await worker.terminate();
    },
  };
}

/** Confirms the finder's candidates, reading their bodies again as the pass would have: the record, its words. */
async function confirm(finder: ReturnType<typeof createDuplicateFinder>, snapshotDir: string): Promise<FromWorker> {
  // The snapshot's index and types are loaded at the first read (a pass without near candidates needs none).
  let opened: { read: BodyReader; close: () => void } | undefined;
  const open = async () => {
    const lookup = createNodeLookup(await readNodes(snapshotDir));
    const types = createTypeIndex((await getContentTypes(snapshotDir)).contentTypes);
    const reader = openItemReader(snapshotDir);
    const read: BodyReader = async (key) => {
      const node = lookup.findNode(key);
      const record = node ? reader.read(node) : undefined;
      if (node === undefined || record === undefined) return [];
      return itemFacts(node.type, listPropertyEntries(record.properties), listCultures(record.cultures), types).body;
    };
    return { read, close: () => reader.close() };
  };
  try {
    const { duplicateOf, nearGroup } = await finder.finish(async (key) => (opened ??= await open()).read(key));
    return { done: { duplicateOf: [...duplicateOf], nearGroup: [...nearGroup] } };
  } finally {
    opened?.close();
  }
}

/** The thread: bodies are added as their messages come (in the order sent), then `finish` asks for the groups. */
function runWorker(snapshotDir: string): void {
  const port = parentPort!;
  const finder = createDuplicateFinder();
  const failed = (error: unknown): FromWorker => ({
    failed: (error as Error).message?.split('\n')[0] ?? String(error),
  });
  let broken: FromWorker | undefined;
  port.on('message', (message: ToWorker) => {
    if ('bodies' in message) {
      try {
        if (broken === undefined)
          for (const [key, type, words] of message.bodies) finder.add(key, type, words.split(' '));
      } catch (error) {
        broken = failed(error);
      }
      return;
    }
    void (broken !== undefined ? Promise.resolve(broken) : confirm(finder, snapshotDir).catch(failed)).then(
      (answer) => {
        port.postMessage(answer);
        port.close();
      },
    );
  });
}

if (!isMainThread && (workerData as { snapshotDir?: unknown } | null)?.snapshotDir !== undefined)
  runWorker((workerData as { snapshotDir: string }).snapshotDir);
