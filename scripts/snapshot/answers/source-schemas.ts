/**
 * What a Content Migration Read Service may send (docs: read-api.md), in two layers per body:
 * - `*Core`: what the snapshot relies on (ids, keys, names, type aliases, tree shape). Failing it makes the answer
 * unusable.
 * The full documented shapes, one per interface variant, are in source-variants.ts: failing every one is a deviation,
 * recorded and tolerated.
 */
import { z } from 'zod';
import { GUID_PATTERN } from '../../core/identifiers.ts';

const guid = z.string().regex(GUID_PATTERN, 'expected a GUID');
const int = z.number().int();

export const summaryCore = z.looseObject({
  id: int,
  key: guid,
  name: z.string(),
  type: z.string().min(1),
  children: z.array(z.unknown()).optional(),
});
export type SummaryCore = z.infer<typeof summaryCore>;

export const itemCore = summaryCore.extend({ properties: z.record(z.string(), z.looseObject({})) });
export type ItemCore = z.infer<typeof itemCore>;

/**
 * Hand checks that accept only bodies their core schema accepts, without zod's copying (an item is checked against
 * its documented variant too, which does copy); whatever they refuse goes through the schema, whose issues say what
 * is wrong. Bodies are parsed JSON, so every object is a plain one.
 */
export function isSummaryCore(body: unknown): body is SummaryCore {
  if (!isObject(body)) return false;
  const { id, key, name, type, children } = body;
  return (
    Number.isSafeInteger(id) &&
    typeof key === 'string' &&
    GUID_PATTERN.test(key) &&
    typeof name === 'string' &&
    typeof type === 'string' &&
    type !== '' &&
    (children === undefined || Array.isArray(children))
  );
}

export function isItemCore(body: unknown): body is ItemCore {
  if (!isSummaryCore(body) || !isObject(body.properties)) return false;
  for (const value of Object.values(body.properties)) if (!isObject(value)) return false;
  return true;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const contentTypeRefCore = z.looseObject({ key: guid });
const propertyTypeCore = z.looseObject({ alias: z.string().min(1) });
const groupCore = z.looseObject({
  properties: z.array(propertyTypeCore).optional(),
  propertyTypes: z.array(propertyTypeCore).optional(),
});
export const contentTypeCore = z.looseObject({
  id: int,
  key: guid,
  alias: z.string().min(1),
  name: z.string(),
  tabs: z.array(groupCore).nullish(),
  propertyGroups: z.array(groupCore).nullish(),
  // The Umbraco 7 plugin maps a composition or allowed type it cannot find (media types) to `null`.
  compositions: z.array(contentTypeRefCore.nullable()).nullish(),
  allowedContentTypes: z.array(contentTypeRefCore.nullable()).nullish(),
});
export type ContentTypeCore = z.infer<typeof contentTypeCore>;

export type ErrorBodyStyle = 'problem+json' | 'envelope' | 'json' | 'text' | 'empty';
const problemBody = z.looseObject({ title: z.string(), status: int, detail: z.string().optional() });
const envelopeBody = z.looseObject({
  meta: z.looseObject({ code: int, error: z.string().nullish() }),
  data: z.null().optional(),
});

/**
 * The `{ meta: { code, error } }` envelope: with `data: null` from some deployments (even inside a 200), without
 * `data` from the Umbraco 10–13 plugin.
 */
export function findEnvelopeError(body: unknown): { code: number; message: string } | undefined {
  const parsed = envelopeBody.safeParse(body);
  if (!parsed.success || parsed.data.meta.code < 400) return undefined;
  return { code: parsed.data.meta.code, message: parsed.data.meta.error ?? `error code ${parsed.data.meta.code}` };
}

/** A one-line message from whatever error body came back (problem+json, envelope, other JSON, text, nothing). */
export function describeErrorBody(
  text: string,
  contentType: string | null,
): { style: ErrorBodyStyle; message: string } {
  if (text.trim() === '') return { style: 'empty', message: 'empty body' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { style: 'text', message: oneLine(text) };
  }
  const problem = problemBody.safeParse(json);
  if (problem.success && (contentType ?? '').includes('problem+json')) {
    return { style: 'problem+json', message: oneLine(problem.data.detail ?? problem.data.title) };
  }
  const envelope = findEnvelopeError(json);
  if (envelope !== undefined) return { style: 'envelope', message: oneLine(envelope.message) };
  const message =
    typeof (json as { message?: unknown })?.message === 'string' ? (json as { message: string }).message : text;
  return { style: 'json', message: oneLine(message) };
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim().slice(0, 200);
