/**
 * Exact and near duplicates among content items of the same type. Exact: the same normalised body (lower-case words
 * in order, markup and spacing ignored). Near: bodies at least NEAR_SIMILARITY alike, Jaccard similarity of their
 * word-shingle sets, found as MinHash/LSH candidates and confirmed by the real similarity. Bodies under
 * MIN_COMPARED_WORDS words are not compared (empty and stub items would all match each other).
 */
import { createHash } from 'node:crypto';
import {
  agreement,
  bandHash,
  BANDS,
  HASHES,
  listShingles,
  sameBand,
  signatureOf,
  similarity,
  sortedShingles,
} from './min-hash.ts';

export const NEAR_SIMILARITY = 0.9;
/**
 * Candidates whose signatures agree on fewer rows than this are not read again: for a pair 90 % similar the agreement
 * of 64 rows averages 0.9 with a standard deviation of 0.0375, so 0.7 lies more than five deviations below (missed
 * about once in ten million such pairs), while most candidates (bodies half alike) agree on about half the rows. At
 * 100k demo items (48,922 bodies compared) there are 2,378 candidate pairs, 451 read again and all 451 confirmed.
 */
const MIN_AGREEMENT = 0.7;
export const MIN_COMPARED_WORDS = 20;

export interface DuplicateResult {
  /** Key of the first item with the same type and body, per later item. */
  duplicateOf: Map<string, string>;
  /** Group number (1, 2, …) per item in a near-duplicate group; exact copies are in their original's group. */
  nearGroup: Map<string, number>;
}

/** Re-reads an item's body words (bodies are not kept in memory between the pass and the confirmation). */
export type BodyReader = (key: string) => Promise<string[]>;

interface Entry {
  key: string;
  type: string;
}

export function createDuplicateFinder() {
  const entries: Entry[] = [];
  const firstByBody = new Map<string, number>();
  const duplicateOf = new Map<string, string>();
  /**
   * Every compared body's signature, HASHES values each, by entry: the LSH buckets are computed from them when the
   * candidates are listed, not kept as a map of lists (eight small lists a body, most of the finder's memory: about
   * 1 KB a body, half a gigabyte at a million items).
   */
  let signatures = new Uint32Array(0);

  function add(key: string, type: string, body: string[]): void {
    if (body.length < MIN_COMPARED_WORDS) return;
    const hash = createHash('sha1').update(type.toLowerCase()).update('\u0000').update(body.join(' ')).digest('base64');
    const first = firstByBody.get(hash);
    if (first !== undefined) {
      duplicateOf.set(key, (entries[first] as Entry).key);
      return;
    }
    const index = entries.length;
    entries.push({ key, type: type.toLowerCase() });
    firstByBody.set(hash, index);
    const signature = signatureOf(listShingles(body));
    if ((index + 1) * HASHES > signatures.length) {
      const grown = new Uint32Array(Math.max(signatures.length * 2, 1024 * HASHES));
      grown.set(signatures);
      signatures = grown;
    }
    signatures.set(signature, index * HASHES);
  }

  /** Each band's buckets of two or more entries, in band order, each bucket's entries in the order they came. */
  function* listBuckets(): Generator<{ band: number; members: Uint32Array }> {
    const count = entries.length;
    const hashes = new Uint32Array(count);
    const order = new Uint32Array(count);
    for (let band = 0; band < BANDS; band++) {
      for (let i = 0; i < count; i++) {
        hashes[i] = bandHash(signatures, i * HASHES, band);
        order[i] = i;
      }
      order.sort((x, y) => (hashes[x] as number) - (hashes[y] as number) || x - y);
      for (let start = 0; start < count;) {
        const hash = hashes[order[start] as number];
        let end = start + 1;
        while (end < count && hashes[order[end] as number] === hash) end += 1;
        if (end - start > 1) yield { band, members: order.slice(start, end) };
        start = end;
      }
    }
  }

  /** Whether the pair shares a band before `band`: it was a candidate there already. */
  const seenBefore = (i: number, j: number, band: number): boolean => {
    for (let b = 0; b < band; b++) if (sameBand(signatures, i * HASHES, j * HASHES, b)) return true;
    return false;
  };

  async function confirm(read: BodyReader): Promise<Array<[number, number]>> {
    const shingles = new Map<number, Uint32Array>();
    const shinglesOf = async (i: number) => {
      let set = shingles.get(i);
      if (set === undefined)
        shingles.set(i, (set = sortedShingles(listShingles(await read((entries[i] as Entry).key)))));
      return set;
    };
    const confirmed: Array<[number, number]> = [];
    for (const { band, members } of listBuckets()) {
      for (let a = 0; a < members.length; a++) {
        for (let b = a + 1; b < members.length; b++) {
          const [i, j] = [members[a] as number, members[b] as number];
          if ((entries[i] as Entry).type !== (entries[j] as Entry).type) continue;
          if (agreement(signatures, i * HASHES, j * HASHES) < MIN_AGREEMENT || seenBefore(i, j, band)) continue;
          if (similarity(await shinglesOf(i), await shinglesOf(j)) >= NEAR_SIMILARITY) confirmed.push([i, j]);
        }
      }
    }
    return confirmed;
  }

  async function finish(read: BodyReader): Promise<DuplicateResult> {
    const parent = entries.map((_, i) => i);
    const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i] as number)));
    for (const [i, j] of await confirm(read)) {
      const [a, b] = [find(i), find(j)];
      parent[Math.max(a, b)] = Math.min(a, b);
    }
    const numbers = new Map<number, number>();
    const nearGroup = new Map<string, number>();
    const sizes = new Map<number, number>();
    for (let i = 0; i < entries.length; i++) sizes.set(find(i), (sizes.get(find(i)) ?? 0) + 1);
    for (let i = 0; i < entries.length; i++) {
      const root = find(i);
      if ((sizes.get(root) ?? 0) < 2) continue;
      if (!numbers.has(root)) numbers.set(root, numbers.size + 1);
      nearGroup.set((entries[i] as Entry).key, numbers.get(root) as number);
    }
    // An exact copy is 100 % similar: it joins the group of the item it copies, or forms one with it.
    let next = numbers.size + 1;
    for (const [key, of] of duplicateOf) {
      let group = nearGroup.get(of);
      if (group === undefined) nearGroup.set(of, (group = next++));
      nearGroup.set(key, group);
    }
    return { duplicateOf, nearGroup };
  }

  return { add, finish };
}
