import { createHash } from 'node:crypto';

/**
 * A seeded PRNG (sfc32, seeded through splitmix32) so that one seed always gives the same database,
 * byte for byte. Math.random and Date.now are never used by the generator.
 */
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Upper-case dashed GUID, the way SQLite Umbraco databases store `uniqueId`. */
  guid(): string;
  /** Lower-case letters and digits, like the 8-character folders under `/media/`. */
  token(length: number): string;
  /** An independent stream for one concern, so adding draws elsewhere does not shift it. */
  fork(label: string): Random;
}

export function createRandom(seed: number): Random {
  const state = splitmix32(seed >>> 0);
  let a = state(),
    b = state(),
    c = state(),
    d = state();
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    guid: () => formatGuid(Array.from({ length: 16 }, () => Math.floor(next() * 256))),
    token: (length) => Array.from({ length }, () => TOKEN_CHARS[Math.floor(next() * TOKEN_CHARS.length)]).join(''),
    fork: (label) => createRandom((Math.floor(next() * 4294967296) ^ hash32(label)) >>> 0),
  };
  return random;
}

const TOKEN_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

function splitmix32(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

function hash32(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32LE(0);
}

/** A GUID that depends only on a name: content type, area and template keys are the same for every seed. */
export function stableGuid(name: string): string {
  const bytes = [...createHash('sha1').update(`demo-db:${name}`).digest().subarray(0, 16)];
  return formatGuid(bytes);
}

function formatGuid(bytes: number[]): string {
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `umb://document/<32 lower-case hex>`, the UDI form pickers and rich text store. */
export function udi(entity: 'document' | 'media' | 'element', key: string): string {
  return `umb://${entity}/${key.replaceAll('-', '').toLowerCase()}`;
}
