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

/** How many bytes an answer may take once decoded, or a too-large error when its Content-Length is already past. */
export function getBodyCap(
  headers: { 'content-length'?: string; 'content-encoding'?: string },
  limits: AnswerLimits,
): { bytes: number; message: string } {
  const declared = Number(headers['content-length'] ?? NaN);
  if (declared > limits.maxAnswerBytes)
    throw new AnswerLimitError(
      'too-large',
      `answer of ${declared} bytes exceeds --max-answer-bytes ${limits.maxAnswerBytes}`,
    );
  const encoded = (headers['content-encoding'] ?? 'identity') !== 'identity';
  const bytes = encoded ? limits.maxDecompressedBytes : Math.min(limits.maxAnswerBytes, limits.maxDecompressedBytes);
  const flag = encoded ? '--max-decompressed-bytes' : '--max-answer-bytes';
  return { bytes, message: `answer ${encoded ? 'unpacks' : 'runs'} past ${flag} ${bytes} bytes` };
}

export function decodeText(bytes: Buffer): BodyText {
  return { text: bytes.toString('utf8'), invalidUtf8: !isUtf8(bytes) };
}

/**
 * True when the JSON `text` can hold no lone surrogate and nest no deeper than `maxDepth`, so its parsed value needs
 * no makeWellFormed walk (the walk costs about as much as JSON.parse). A lone surrogate comes either raw (then the
 * text is not well-formed) or as a `\uD800`–`\uDFFF` escape; each level of nesting takes an opening bracket. Both
 * tests may say no to a harmless text (an escaped backslash before `ud800`, brackets in strings): the walk decides.
 */
export function isPlainlyWellFormed(text: string, maxDepth: number): boolean {
  if (!text.isWellFormed() || (text.includes('\\u') && SURROGATE_ESCAPE.test(text))) return false;
  let open = 0;
  for (const bracket of ['{', '[']) {
    for (let at = text.indexOf(bracket); at !== -1; at = text.indexOf(bracket, at + 1))
      if ((open += 1) > maxDepth) return false;
  }
  return true;
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

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
