/**
 * The content audit's duplicate finder (src/lib/audit/duplicates.ts) on a thread of its own: the site-data pass hands
 * it each compared body as it goes and asks for the groups once the pass is done, so hashing, MinHash signatures and
 * the confirmation reads (which read candidate bodies again from the snapshot) run beside the pass on a second core
 * instead of after it. Measured at 100k demo items: the finder's part of the pass and its confirmation were 9 s of the
 * 35 s site-data step, on one core while the other stood idle.
 *
 * A body crosses as one string, its words joined by spaces (a word never holds one: item-words.ts), and is split
 * back: the finder sees the very words it would have seen in the pass. Each body comes with where its record lies in
 * the snapshot, so the confirmation reads candidates without an index of its own: loading the node index there took
 * the thread from 104 MB to 939 MB of heap at the end of the 1M demo's site-data step.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { getContentTypes, openItemReader, type IndexEntry } from '#core/snapshot-format.ts';
import { createTypeIndex } from '../../content-types/type-index.ts';
import {
  createDuplicateFinder,
  MIN_COMPARED_WORDS,
  type BodyReader,
  type DuplicateResult,
} from '../../audit/duplicates.ts';
import { itemFacts } from '../../audit/item-facts.ts';
import { listCultures, listPropertyEntries } from '../../values/item-properties.ts';
import type { SiteNode } from '../site-data-format.ts';

/** Bodies sent at once: few messages, little held. */
const BATCH = 256;

/** A body's item: its key and type, and where its record lies in the snapshot (null when it could not be read). */
export type BodyItem = Pick<SiteNode, 'key' | 'type' | 'chunk' | 'offset' | 'length'>;

type Body = [
  key: string,
  type: string,
  words: string,
  chunk: string | null,
  offset: number | null,
  length: number | null,
];
type ToWorker = { bodies: Body[] } | { finish: true };
type FromWorker =
  { done: { duplicateOf: Array<[string, string]>; nearGroup: Array<[string, number]> } } | { failed: string };

/** The finder as the pass uses it: add bodies in pass order, then finish once. */
export interface DuplicateFinder {
  add(item: BodyItem, body: string[]): void;
  finish(): Promise<DuplicateResult>;
  /** Ends the thread without an answer (the pass failed). */
  stop(): Promise<void>;
}

export function startDuplicateFinder(snapshotDir: string): DuplicateFinder {
  const worker = new Worker(new URL(import.meta.url), { workerData: { snapshotDir } });
  let batch: Body[] = [];
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
    add(item, body) {
      if (failure !== undefined) throw failure;
      if (body.length < MIN_COMPARED_WORDS) return;
      batch.push([item.key, item.type, body.join(' '), item.chunk, item.offset, item.length]);
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

/** Where each compared body's record lies, by key; chunk names and types shared, not copied per body. */
function createLocations() {
  const names = new Map<string, string>();
  const shared = (text: string): string => names.get(text) ?? (names.set(text, text), text);
  const byKey = new Map<string, [type: string, entry: IndexEntry]>();
  return {
    add([key, type, , chunk, offset, length]: Body): void {
      byKey.set(key, [shared(type), { chunk: chunk === null ? null : shared(chunk), offset, length } as IndexEntry]);
    },
    get: (key: string) => byKey.get(key),
  };
}

/** Confirms the finder's candidates, reading their bodies again as the pass would have: the record, its words. */
async function confirm(
  finder: ReturnType<typeof createDuplicateFinder>,
  locations: ReturnType<typeof createLocations>,
  snapshotDir: string,
): Promise<FromWorker> {
  // The snapshot's types are loaded at the first read (a pass without near candidates needs none).
  let opened: { read: BodyReader; close: () => void } | undefined;
  const open = async () => {
    const types = createTypeIndex((await getContentTypes(snapshotDir)).contentTypes);
    const reader = openItemReader(snapshotDir);
    const read: BodyReader = async (key) => {
      const found = locations.get(key);
      const record = found ? reader.read(found[1]) : undefined;
      if (found === undefined || record === undefined) return [];
      return itemFacts(found[0], listPropertyEntries(record.properties), listCultures(record.cultures), types).body;
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
  const locations = createLocations();
  const failed = (error: unknown): FromWorker => ({
    failed: (error as Error).message?.split('\n')[0] ?? String(error),
  });
  let broken: FromWorker | undefined;
  port.on('message', (message: ToWorker) => {
    if ('bodies' in message) {
      try {
        if (broken === undefined)
          for (const body of message.bodies) {
            locations.add(body);
            finder.add(body[0], body[1], body[2].split(' '));
          }
      } catch (error) {
        broken = failed(error);
      }
      return;
    }
    void (broken !== undefined ? Promise.resolve(broken) : confirm(finder, locations, snapshotDir).catch(failed)).then(
      (answer) => {
        port.postMessage(answer);
        port.close();
      },
    );
  });
}

if (!isMainThread && (workerData as { snapshotDir?: unknown } | null)?.snapshotDir !== undefined)
  runWorker((workerData as { snapshotDir: string }).snapshotDir);
