/**
 * Reading one answer body within limits, and making its text safe to store: the wire size (Content-Length) against
 * `maxAnswerBytes`, the bytes actually read (after gzip/br/deflate) against `maxDecompressedBytes`, JSON nesting
 * against `maxDepth` (so a 200,000-deep value fails its request, not the run), invalid UTF-8 noted,
 * lone UTF-16 surrogates replaced (a .NET source cutting a string mid-emoji sends one; Pagefind rejects them).
 */
import { isUtf8 } from 'node:buffer';

export interface AnswerLimits {
  maxAnswerBytes: number;
  maxDecompressedBytes: number;
  maxDepth: number;
}

export const DEFAULT_LIMITS: AnswerLimits = {
  maxAnswerBytes: 64 << 20,
  maxDecompressedBytes: 128 << 20,
  maxDepth: 2048,
};

/** An answer refused for its size or shape; never retried, since a retry would get the same answer. */
export class AnswerLimitError extends Error {
  override readonly name = 'AnswerLimitError';
  readonly reason: 'too-large' | 'too-deep';
  constructor(reason: 'too-large' | 'too-deep', message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface BodyText {
  text: string;
  /** The bytes were not valid UTF-8; the bad sequences became U+FFFD. */
  invalidUtf8: boolean;
}

export async function readBodyText(response: Response, limits: AnswerLimits): Promise<BodyText> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limits.maxAnswerBytes) {
    await response.body?.cancel().catch(() => {});
    throw new AnswerLimitError(
      'too-large',
      `answer of ${declared} bytes exceeds --max-answer-bytes ${limits.maxAnswerBytes}`,
    );
  }
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  const cap = encoded ? limits.maxDecompressedBytes : Math.min(limits.maxAnswerBytes, limits.maxDecompressedBytes);
  const flag = encoded ? '--max-decompressed-bytes' : '--max-answer-bytes';
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  if (response.body !== null) {
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      bytes += part.value.byteLength;
      if (bytes > cap) {
        await reader.cancel().catch(() => {});
        throw new AnswerLimitError('too-large', `answer ${encoded ? 'unpacks' : 'runs'} past ${flag} ${cap} bytes`);
      }
      chunks.push(part.value);
    }
  }
  const buffer = Buffer.concat(chunks, bytes);
  return { text: buffer.toString('utf8'), invalidUtf8: !isUtf8(buffer) };
}

/**
 * Every string (keys too) made well-formed, `repaired` counting the strings that held lone surrogates; throws when
 * arrays and objects nest deeper than `maxDepth`. JSON.parse itself copes with any depth; what comes after
 * (schemas, JSON.stringify, the site) recurses, so the depth is checked here, in one walk with the repair.
 */
export function makeWellFormed(value: unknown, counter: { repaired: number }, maxDepth = Infinity, depth = 0): unknown {
  if (typeof value === 'string') {
    if (value.isWellFormed()) return value;
    counter.repaired += 1;
    return value.toWellFormed();
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= maxDepth) throw new AnswerLimitError('too-deep', `answer nests deeper than --max-depth ${maxDepth}`);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = makeWellFormed(value[i], counter, maxDepth, depth + 1);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const repaired = makeWellFormed(record[key], counter, maxDepth, depth + 1);
    if (key.isWellFormed()) {
      if (repaired !== record[key]) record[key] = repaired;
    } else {
      counter.repaired += 1;
      delete record[key];
      Object.defineProperty(record, key.toWellFormed(), {
        value: repaired,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return value;
}
