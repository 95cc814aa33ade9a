/**
 * Decodes Umbraco's own published-cache rows (`cmsContentNu`) so tests can compare the read service against what
 * Umbraco itself computed (names, URL segments, property values).
 *
 * Facts this relies on, checked against the nine shared databases (v10–v18):
 * - `dataRaw` is MessagePack written by MessagePack-CSharp with `Lz4BlockArray`: an outer array
 *   `[ext 98 (one MessagePack int per block: its uncompressed length), bin, bin…]`, each bin a raw LZ4 block.
 *   Payloads under 64 bytes are stored as plain MessagePack (112 of 1,296 rows).
 * - The payload is int-keyed (`[DataContract]` + `[DataMember(Order)]`), so objects are arrays:
 *   `[properties, cultureData, urlSegment]`, `properties[alias] = [[culture, segment, value]…]`,
 *   `cultureData[culture] = [name, urlSegment, date, isDraft]`. Invariant values use `''` for culture and segment.
 * - Culture keys are stored as Umbraco had them: `en-us` in the 13.5 DB but `en-US` in the 14.3 DB.
 * - Values: integers are numbers (TrueFalse too: 0/1); decimals are strings (`"999.9"`: MessagePack-CSharp writes
 *   .NET decimal as text); JSON editors' values are JSON text; dates are MessagePack timestamps, returned here as ISO
 *   UTC text with 100 ns precision (`2026-03-20T14:00:27.0094085Z`). MessagePack-CSharp converts only `Local` DateTimes
 *   to UTC: property dates (read back from the database, `Unspecified`) keep their wall-clock value, while culture
 *   dates written at save time can be shifted by the server's offset (+5 h against
 *   `umbracoContentVersionCultureVariation.date` in the 13.5 DB, none in the 14.3 DB).
 * - With a property-cache compression policy (`IPropertyCacheCompression`, off by default and in all nine), string
 *   values become LZ4Pickler `bin`s and ints booleans; such values are returned as they are (`Uint8Array`, boolean).
 * - The older JSON serializer (`data` column) uses `pd`/`cd`/`us`, `c`/`s`/`v` and `nm`/`us`/`dt`/`isd` (legacy long
 *   names too); the MessagePack serializer may also put base64 MessagePack in `data`. None of the nine uses either.
 */
import { openForOracle } from './shared-databases.ts';
import { decode, decodeTimestampToTimeSpec, ExtData, ExtensionCodec } from '@msgpack/msgpack';

export interface CachedCulture {
  name: string;
  urlSegment: string | null;
  date: string | null;
  isDraft: boolean;
}
export interface CachedPropertyValue {
  culture: string;
  segment: string;
  value: unknown;
}
export interface CachedEntry {
  nodeId: number;
  published: boolean;
  urlSegment: string | null;
  cultures: Record<string, CachedCulture>;
  properties: Record<string, CachedPropertyValue[]>;
}

const LZ4_BLOCK_ARRAY = 98;
const LZ4_BLOCK = 99;

const payloadCodec = new ExtensionCodec();
payloadCodec.register({ type: -1, encode: () => null, decode: (data) => formatTimestamp(data) });

export function readPublishedCache(dbPath: string): CachedEntry[] {
  const db = openForOracle(dbPath);
  try {
    const rows = db
      .prepare('SELECT nodeId, published, data, dataRaw FROM cmsContentNu ORDER BY nodeId, published')
      .all() as Array<{ nodeId: number; published: number; data: string | null; dataRaw: Uint8Array | null }>;
    return rows.map((row) => toEntry(row.nodeId, row.published === 1, decodeRow(row.data, row.dataRaw)));
  } finally {
    db.close();
  }
}

export function decodeCacheBlob(dataRaw: Uint8Array): unknown {
  const outer = decode(dataRaw, { extensionCodec: payloadCodec });
  if (Array.isArray(outer) && outer[0] instanceof ExtData && outer[0].type === LZ4_BLOCK_ARRAY) {
    return decode(inflateBlockArray(extBytes(outer[0]), outer.slice(1)), { extensionCodec: payloadCodec });
  }
  if (outer instanceof ExtData && outer.type === LZ4_BLOCK) {
    const data = extBytes(outer);
    const length = readInt(data, 0);
    return decode(decompressLz4Block(data.subarray(length.next), length.value), { extensionCodec: payloadCodec });
  }
  return outer;
}

/** Decompresses one raw LZ4 block (no frame header) and insists on the length the writer declared. */
export function decompressLz4Block(block: Uint8Array, declaredLength: number): Uint8Array {
  const out = new Uint8Array(declaredLength);
  let i = 0;
  let o = 0;
  const readLength = (start: number): number => {
    let length = start;
    if (start === 15) {
      let b: number;
      do {
        b = byteAt(block, i++);
        length += b;
      } while (b === 255);
    }
    return length;
  };
  while (i < block.length) {
    const token = byteAt(block, i++);
    const literals = readLength(token >> 4);
    if (i + literals > block.length || o + literals > declaredLength) throw new Error('LZ4: literals overrun');
    out.set(block.subarray(i, i + literals), o);
    i += literals;
    o += literals;
    if (i === block.length) break;
    const offset = byteAt(block, i) | (byteAt(block, i + 1) << 8);
    i += 2;
    const matchLength = readLength(token & 15) + 4;
    if (offset === 0 || offset > o || o + matchLength > declaredLength) throw new Error('LZ4: bad match');
    for (let k = 0; k < matchLength; k++, o++) out[o] = out[o - offset] as number;
  }
  if (o !== declaredLength) throw new Error(`LZ4: decompressed ${o} bytes, declared ${declaredLength}`);
  return out;
}

function inflateBlockArray(lengthBytes: Uint8Array, blocks: unknown[]): Uint8Array {
  const lengths: number[] = [];
  for (let pos = 0; pos < lengthBytes.length;) {
    const n = readInt(lengthBytes, pos);
    lengths.push(n.value);
    pos = n.next;
  }
  if (lengths.length !== blocks.length)
    throw new Error(`LZ4 block array: ${lengths.length} lengths, ${blocks.length} blocks`);
  const parts = blocks.map((block, k) => {
    if (!(block instanceof Uint8Array)) throw new Error('LZ4 block array: block is not bin');
    return decompressLz4Block(block, lengths[k] as number);
  });
  const joined = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

/** Reads one MessagePack integer (the only thing MessagePack-CSharp puts in its LZ4 ext headers). */
function readInt(bytes: Uint8Array, pos: number): { value: number; next: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const head = byteAt(bytes, pos);
  if (head <= 0x7f) return { value: head, next: pos + 1 };
  switch (head) {
    case 0xcc:
      return { value: view.getUint8(pos + 1), next: pos + 2 };
    case 0xcd:
      return { value: view.getUint16(pos + 1), next: pos + 3 };
    case 0xce:
      return { value: view.getUint32(pos + 1), next: pos + 5 };
    case 0xd0:
      return { value: view.getInt8(pos + 1), next: pos + 2 };
    case 0xd1:
      return { value: view.getInt16(pos + 1), next: pos + 3 };
    case 0xd2:
      return { value: view.getInt32(pos + 1), next: pos + 5 };
    default:
      throw new Error(`MessagePack: expected an int, found 0x${head.toString(16)}`);
  }
}

function byteAt(bytes: Uint8Array, pos: number): number {
  const b = bytes[pos];
  if (b === undefined) throw new Error('LZ4: unexpected end of input');
  return b;
}

function extBytes(ext: ExtData): Uint8Array {
  return typeof ext.data === 'function' ? ext.data(0) : ext.data;
}

/** ISO UTC text with all seven fraction digits (.NET ticks are 100 ns; a JS Date would keep only milliseconds). */
function formatTimestamp(data: Uint8Array): string {
  const { sec, nsec } = decodeTimestampToTimeSpec(data);
  const whole = new Date(sec * 1000).toISOString().slice(0, 19);
  const fraction = String(nsec).padStart(9, '0').slice(0, 7).replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}Z`;
}

function decodeRow(data: string | null, dataRaw: Uint8Array | null): unknown {
  if (dataRaw) return decodeCacheBlob(dataRaw);
  if (data === null) return null;
  const text = data.trim();
  return text.startsWith('{') ? JSON.parse(text) : decodeCacheBlob(Buffer.from(text, 'base64'));
}

type Loose = Record<string, unknown>;

/** Accepts the int-keyed (array) MessagePack form and the named JSON form, with their legacy names. */
function pick(source: unknown, index: number, ...names: string[]): unknown {
  if (Array.isArray(source)) return source[index];
  if (source && typeof source === 'object') {
    for (const name of names) if (name in source) return (source as Loose)[name];
  }
  return undefined;
}

function toEntry(nodeId: number, published: boolean, payload: unknown): CachedEntry {
  const properties: Record<string, CachedPropertyValue[]> = {};
  const rawProperties = pick(payload, 0, 'pd', 'properties') as Record<string, unknown[]> | undefined;
  for (const [alias, list] of Object.entries(rawProperties ?? {})) {
    properties[alias] = (list ?? []).map((item) => ({
      culture: asText(pick(item, 0, 'c', 'culture')) ?? '',
      segment: asText(pick(item, 1, 's', 'seg')) ?? '',
      value: pick(item, 2, 'v', 'val') ?? null,
    }));
  }
  const cultures: Record<string, CachedCulture> = {};
  const rawCultures = pick(payload, 1, 'cd', 'cultureData') as Record<string, unknown> | undefined;
  for (const [culture, item] of Object.entries(rawCultures ?? {})) {
    cultures[culture] = {
      name: asText(pick(item, 0, 'nm', 'name')) ?? '',
      urlSegment: asText(pick(item, 1, 'us', 'urlSegment')),
      date: asText(pick(item, 2, 'dt', 'date')),
      isDraft: pick(item, 3, 'isd', 'isDraft') === true,
    };
  }
  return { nodeId, published, urlSegment: asText(pick(payload, 2, 'us', 'urlSegment')), cultures, properties };
}

function asText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
