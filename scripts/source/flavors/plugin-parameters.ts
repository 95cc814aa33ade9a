/**
 * Parameters as the plugin's ASP.NET actions bind them: a value that does not parse becomes the type's default
 * (`id` 0, `key` the empty GUID, `alias` empty), which finds nothing, so a malformed parameter answers "not found",
 * never 400. `maxLevel` goes through `ToInt32OrNull`/`int?`: anything but an integer means "omitted".
 */
import type { Query } from '../http/params.ts';
import type { ParameterReader } from './flavor.ts';

const INTEGER = /^\s*[+-]?\d{1,10}\s*$/;
const GUID = /^\s*\{?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})\}?\s*$/i;
const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

function int32(raw: string | undefined): number | undefined {
  if (raw === undefined || !INTEGER.test(raw)) return undefined;
  const value = Number(raw);
  return Math.abs(value) <= 2 ** 31 - 1 ? value : undefined;
}

export const lenientParameters: ParameterReader = {
  id: (query: Query) => int32(query.get('id')) ?? 0,
  key(query: Query) {
    const parts = GUID.exec(query.get('key') ?? '');
    return parts === null ? EMPTY_GUID : parts.slice(1).join('-').toLowerCase();
  },
  alias: (query: Query) => query.get('alias') ?? '',
  maxLevel: (query: Query) => int32(query.get('maxlevel')),
};
