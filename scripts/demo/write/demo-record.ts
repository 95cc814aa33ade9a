import { toServedDate } from '../model/demo-clock.ts';
import type { GeneratedDocument } from './document-generator.ts';
import type { PropertyRow } from '../values/document-values.ts';
import type { GeneratedMedia } from './media-generator.ts';
import type { DbType } from '../model/site-model.ts';
import type { PlantedDuplicate } from './duplicate-planter.ts';

/**
 * What was written for one document or media item, and what a correct read service must serve for
 * it: the test oracle. `name` and `values` come from the published version when the document has
 * one (even a stale one after unpublishing), otherwise from the current draft; media always from
 * the current version.
 */
export interface DemoRecord {
  kind: 'document' | 'media';
  /** Lower-case dashed. */
  key: string;
  id: number;
  parentId: number;
  level: number;
  sortOrder: number;
  contentTypeAlias: string;
  /** Documents: published, not trashed, default culture published (or invariant). Media: not trashed. */
  visible: boolean;
  trashed: boolean;
  name: string;
  /** Default language, published (`isDraft=0`); null for media and unpublished documents. */
  urlSegment: string | null;
  /** Variant documents only, keyed by `umbracoLanguage.languageISOCode`. */
  cultures: Record<string, { name: string; urlSegment: string; published: boolean }>;
  /** Default-language values by property alias, converted as the read service serves them. */
  values: Record<string, unknown>;
  /** Variant documents: the values of every published culture (variant and invariant properties). */
  valuesByCulture: Record<string, Record<string, unknown>>;
  /** A planted duplicate: the article whose words it copies, exactly or with about 2 % of its body text edited. */
  duplicateOf?: PlantedDuplicate;
}

export function documentRecord(doc: GeneratedDocument): DemoRecord {
  const { plan, type, cultures } = doc;
  const first = cultures[0];
  const source = doc.versions.find((v) => v.published) ?? doc.versions.find((v) => v.current);
  const sourceRows = source?.rows ?? [];
  const useDraft = source?.draft ?? true;
  const defaultLanguageId = first?.language.id ?? null;
  const record = baseRecord('document', plan, type.alias, useDraft ? first?.draftName : first?.publishedName);
  record.visible = !plan.trashed && doc.published && (first?.published ?? false);
  record.urlSegment = doc.published && first?.published ? first.publishedSegment : null;
  record.values = servedValues(sourceRows, defaultLanguageId);
  if (!type.variant) return record;
  for (const c of cultures) {
    const published = doc.published && c.published;
    record.cultures[c.language.iso] = published
      ? { name: c.publishedName ?? c.draftName, urlSegment: c.publishedSegment ?? c.draftSegment, published }
      : { name: c.draftName, urlSegment: c.draftSegment, published };
    if (published) record.valuesByCulture[c.language.iso] = servedValues(sourceRows, c.language.id);
  }
  return record;
}

export function mediaRecord(media: GeneratedMedia): DemoRecord {
  const record = baseRecord('media', media.plan, media.plan.typeAlias, media.plan.name);
  record.visible = !media.plan.trashed;
  record.values = servedValues(media.versions.find((v) => v.current)?.rows ?? [], null);
  return record;
}

type Placed = { id: number; key: string; parentId: number; level: number; sortOrder: number; trashed: boolean };

function baseRecord(
  kind: DemoRecord['kind'],
  plan: Placed,
  contentTypeAlias: string,
  name: string | null | undefined,
): DemoRecord {
  return {
    kind,
    id: plan.id,
    key: plan.key.toLowerCase(),
    parentId: plan.parentId,
    level: plan.level,
    sortOrder: plan.sortOrder,
    contentTypeAlias,
    visible: false,
    trashed: plan.trashed,
    name: name ?? '',
    urlSegment: null,
    cultures: {},
    values: {},
    valuesByCulture: {},
  };
}

/** Variant properties are read from the culture's row, invariant ones from the NULL-language row. */
function servedValues(rows: readonly PropertyRow[], languageId: number | null): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const row of rows) {
    if (row.languageId !== null && row.languageId !== languageId) continue;
    values[row.property.alias] = servedValue(row.property.dataType.dbType, row.raw);
  }
  return values;
}

export function servedValue(dbType: DbType, raw: string | number): unknown {
  if (dbType === 'Integer' || dbType === 'Decimal') return Number(raw);
  if (dbType === 'Date') return toServedDate(String(raw));
  const text = String(raw);
  const trimmed = text.trim();
  const looksLikeJson =
    (trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'));
  if (!looksLikeJson) return text;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return text;
  }
}
