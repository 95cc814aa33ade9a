import { ParameterError } from './problem.ts';

/** Query parameters by lower-cased name (ASP.NET binds them case-insensitively); the first value wins. */
export type Query = Map<string, string>;

export function parseQuery(search: URLSearchParams): Query {
  const query: Query = new Map();
  for (const [name, value] of search) {
    const key = name.toLowerCase();
    if (!query.has(key)) query.set(key, value);
  }
  return query;
}

const INTEGER = /^[+-]?\d+$/;
const GUID_DIGITS = '[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}';
/** A GUID with or without dashes, bare or in braces: group 1 holds the braced one, group 2 the bare one. */
const GUID = new RegExp(`^(?:\\{(${GUID_DIGITS})\\}|(${GUID_DIGITS}))$`, 'i');

function required(query: Query, name: string): string {
  const value = query.get(name.toLowerCase());
  if (value === undefined || value.trim() === '')
    throw new ParameterError(name, `The '${name}' parameter is required.`);
  return value.trim();
}

/** An int id as Umbraco stores it (32-bit). */
export function requireId(query: Query): number {
  const raw = required(query, 'id');
  const id = Number(raw);
  if (!INTEGER.test(raw) || !Number.isSafeInteger(id) || Math.abs(id) > 2 ** 31 - 1) {
    throw new ParameterError('id', `The 'id' parameter must be an integer, got '${truncate(raw)}'.`);
  }
  return id;
}

/** A GUID in any .NET form (dashed, 32 hex digits, braces); returned lower-case and dashed. */
export function requireKey(query: Query): string {
  const raw = required(query, 'key');
  const match = GUID.exec(raw);
  const hex = (match?.[1] ?? match?.[2])?.replaceAll('-', '').toLowerCase();
  if (!hex || hex.length !== 32)
    throw new ParameterError('key', `The 'key' parameter must be a GUID, got '${truncate(raw)}'.`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function requireAlias(query: Query): string {
  return required(query, 'alias');
}

/** An absolute tree level (roots are level 1); omitted means the operation's default. */
export function optionalMaxLevel(query: Query): number | undefined {
  const raw = query.get('maxlevel');
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw.trim());
  if (!INTEGER.test(raw.trim()) || !Number.isSafeInteger(value) || value < 0) {
    throw new ParameterError(
      'maxLevel',
      `The 'maxLevel' parameter must be a non-negative integer, got '${truncate(raw)}'.`,
    );
  }
  return value;
}

/** A count such as `skip` or `take`: omitted means the operation's default. */
export function optionalCount(query: Query, name: string): number | undefined {
  const raw = query.get(name.toLowerCase())?.trim();
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!INTEGER.test(raw) || !Number.isSafeInteger(value) || value < 0)
    throw new ParameterError(name, `The '${name}' parameter must be a non-negative integer, got '${truncate(raw)}'.`);
  return value;
}

function truncate(value: string): string {
  return value.length > 60 ? `${value.slice(0, 57)}...` : value;
}
