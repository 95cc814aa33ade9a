/**
 * Near-duplicate candidates by MinHash over word shingles with locality-sensitive hashing: each body's set of
 * SHINGLE-word shingles is summarised by HASHES minimum hashes; bodies whose signatures agree on every row of at least
 * one of BANDS bands become candidates. With 8 bands of 8 rows a pair 90 % similar becomes a candidate with
 * probability 0.99, 80 % similar 0.77, 50 % similar 0.03; candidates are then confirmed by their real similarity.
 */
export const SHINGLE = 2;
export const BANDS = 8;
const ROWS = 8;
export const HASHES = BANDS * ROWS;

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Hashes of the body's shingles (a set): each word hashed once, SHINGLE neighbours combined. */
export function listShingles(words: readonly string[]): Set<number> {
  const out = new Set<number>();
  const hashes = words.map(fnv1a);
  if (hashes.length < SHINGLE) {
    if (hashes.length > 0) out.add(combine(hashes, 0, hashes.length));
    return out;
  }
  for (let i = 0; i + SHINGLE <= hashes.length; i++) out.add(combine(hashes, i, SHINGLE));
  return out;
}

function combine(hashes: readonly number[], from: number, count: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < from + count; i++) h = Math.imul(h ^ (hashes[i] as number), 0x01000193) >>> 0;
  return h;
}

// Fixed odd multipliers and offsets (a deterministic seed): the same body always gets the same signature.
const MULT = new Uint32Array(HASHES);
const ADD = new Uint32Array(HASHES);
for (let i = 0, s = 0x9e3779b9; i < HASHES; i++) {
  s = Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) >>> 0;
  MULT[i] = (s | 1) >>> 0;
  s = Math.imul(s ^ (s >>> 12), 0x297a2d39) >>> 0;
  ADD[i] = s;
}

export function signatureOf(shingles: ReadonlySet<number>): Uint32Array {
  const sig = new Uint32Array(HASHES).fill(0xffffffff);
  for (const x of shingles) {
    for (let i = 0; i < HASHES; i++) {
      let h = (Math.imul(x, MULT[i] as number) + (ADD[i] as number)) >>> 0;
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b) >>> 0;
      h = (h ^ (h >>> 13)) >>> 0;
      if (h < (sig[i] as number)) sig[i] = h;
    }
  }
  return sig;
}

/** The LSH bucket of band `band`: a 32-bit hash of its rows (the same rows, the same bucket). */
export function bandHash(sig: Uint32Array, at: number, band: number): number {
  let h = 0x811c9dc5;
  for (let r = at + band * ROWS; r < at + (band + 1) * ROWS; r++) h = Math.imul(h ^ (sig[r] as number), 0x01000193);
  return h >>> 0;
}

/** Whether two signatures (at offsets `a` and `b` of `sigs`) agree on every row of `band`. */
export function sameBand(sigs: Uint32Array, a: number, b: number, band: number): boolean {
  for (let r = band * ROWS; r < (band + 1) * ROWS; r++) if (sigs[a + r] !== sigs[b + r]) return false;
  return true;
}

/** The share of rows on which two signatures agree: an estimate of their bodies' Jaccard similarity. */
export function agreement(sigs: Uint32Array, a: number, b: number): number {
  let same = 0;
  for (let r = 0; r < HASHES; r++) if (sigs[a + r] === sigs[b + r]) same += 1;
  return same / HASHES;
}

/** A shingle set as sorted hashes: a tenth of a Set's memory, for the candidates held while they are confirmed. */
export const sortedShingles = (shingles: ReadonlySet<number>): Uint32Array => Uint32Array.from(shingles).sort();

/** Jaccard similarity of two shingle sets, each given as sorted hashes (`sortedShingles`). */
export function similarity(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 && b.length === 0) return 1;
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return shared / (a.length + b.length - shared);
}
