/**
 * One shape for content types whatever the source version sent: `propertyGroups[].propertyTypes` (older versions
 * call them `tabs[].properties`), `allowedTemplates` as an array (some send `allowedTemplate`), keys lower-case.
 * Fields the crawler does not know are kept as they came.
 */
import type { CrawlLog } from '../crawl-log.ts';
import type { ContentTypeRecord } from '../../core/snapshot-format.ts';
import type { ContentTypeCore } from './source-schemas.ts';

type Group = Record<string, unknown> & { properties?: unknown[]; propertyTypes?: unknown[] };
type Ref = Record<string, unknown> & { key: string };

export function normaliseContentType(raw: ContentTypeCore, log: CrawlLog): ContentTypeRecord {
  const { tabs, propertyGroups, allowedTemplate, allowedTemplates, compositions, allowedContentTypes, ...extras } = raw;
  log.noteVariant('contentTypeGroups', describeGroups(tabs, propertyGroups));
  // Media types have no templates, so only a field that came is worth noting.
  if (allowedTemplates !== undefined) log.noteVariant('allowedTemplates', 'allowedTemplates');
  else if (allowedTemplate !== undefined) log.noteVariant('allowedTemplates', 'allowedTemplate');
  const groups = (propertyGroups ?? tabs ?? []) as Group[];
  return {
    ...extras,
    key: raw.key.toLowerCase(),
    propertyGroups: groups.map(({ properties, propertyTypes, ...rest }) => ({
      ...rest,
      propertyTypes: (propertyTypes ??
        properties ??
        []) as ContentTypeRecord['propertyGroups'][number]['propertyTypes'],
    })),
    compositions: lowerKeys(compositions),
    allowedContentTypes: lowerKeys(allowedContentTypes),
    allowedTemplates: listOf(allowedTemplates ?? allowedTemplate),
  };
}

function describeGroups(tabs: unknown, propertyGroups: unknown): string {
  if (propertyGroups != null && tabs != null) return 'propertyGroups+tabs';
  if (propertyGroups != null) return 'propertyGroups';
  return tabs != null ? 'tabs' : 'none';
}

const lowerKeys = (refs: Array<Ref | null> | null | undefined): Ref[] =>
  (refs ?? []).flatMap((ref) => (ref === null ? [] : [{ ...ref, key: ref.key.toLowerCase() }]));

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === null || value === undefined ? [] : [value];
}
