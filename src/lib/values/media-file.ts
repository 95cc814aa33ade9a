/**
 * The file facts of a media item. Umbraco keeps them in ordinary properties: `umbracoFile` (a path string, or
 * `{src, crops, focalPoint}` from the image cropper), `umbracoExtension`, `umbracoBytes` (string or int),
 * `umbracoWidth`, `umbracoHeight`. Folders have none of them.
 */
import type { MediaFile } from '../site-data/site-data-format.ts';
import { parseEmbeddedJson } from '#core/identifiers.ts';
import type { PropertyEntry } from './item-properties.ts';

const toNumber = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};

function filePath(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const embedded = parseEmbeddedJson(value);
    return embedded === undefined ? value.trim() || undefined : filePath(embedded);
  }
  if (typeof value === 'object' && value !== null && typeof (value as { src?: unknown }).src === 'string') {
    return (value as { src: string }).src.trim() || undefined;
  }
  return undefined;
}

export function readMediaFile(properties: PropertyEntry[]): MediaFile | undefined {
  const get = (alias: string) => properties.find((p) => p.alias === alias)?.value;
  const path = filePath(get('umbracoFile'));
  const fromPath = path === undefined ? undefined : /\.([a-z0-9]{1,10})(?:[?#].*)?$/i.exec(path)?.[1]?.toLowerCase();
  const ext =
    typeof get('umbracoExtension') === 'string' && (get('umbracoExtension') as string).trim() !== ''
      ? (get('umbracoExtension') as string).trim().toLowerCase()
      : fromPath;
  const file: MediaFile = {
    ...(path !== undefined ? { path } : {}),
    ...(ext !== undefined ? { extension: ext } : {}),
  };
  const bytes = toNumber(get('umbracoBytes'));
  const width = toNumber(get('umbracoWidth'));
  const height = toNumber(get('umbracoHeight'));
  if (bytes !== undefined) file.bytes = bytes;
  if (width !== undefined) file.width = width;
  if (height !== undefined) file.height = height;
  return Object.keys(file).length === 0 ? undefined : file;
}
