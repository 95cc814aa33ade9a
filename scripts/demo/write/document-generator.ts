import { createdAt, DAY, HOUR, toDbDate } from '../model/demo-clock.ts';
import { planCultures, type CultureState } from '../plan/document-cultures.ts';
import {
  editValues,
  snapshotValues,
  urlNameRows,
  type ContextFor,
  type PropertyRow,
} from '../values/document-values.ts';
import type { Random } from '../values/random.ts';
import type { ReferencePool } from '../plan/reference-pool.ts';
import type { SiblingSegments } from '../plan/sibling-segments.ts';
import type { BuiltContentType, SiteSchema } from '../plan/site-builder.ts';
import type { Language } from '../model/site-model.ts';
import type { PlannedDocument } from '../plan/tree-plan.ts';

/**
 * Everything Umbraco would have stored for one document. Publishing always leaves two rows: the
 * published version and a fresh current version (never both flags on one row); unpublishing keeps
 * the stale published flag; drafts have only the current version; trashing changes neither.
 */
export interface GeneratedVersion {
  id: number;
  current: boolean;
  published: boolean;
  date: string;
  draft: boolean;
  rows: PropertyRow[];
}

export interface GeneratedDocument {
  plan: PlannedDocument;
  type: BuiltContentType;
  createDate: string;
  published: boolean;
  edited: boolean;
  templateId: number | null;
  cultures: CultureState[];
  versions: GeneratedVersion[];
}

export interface DocumentContext {
  site: SiteSchema;
  languages: readonly Language[];
  refs: ReferencePool;
  segments: SiblingSegments;
  total: number;
  nextVersionId(): number;
}

export function generateDocument(plan: PlannedDocument, context: DocumentContext, random: Random): GeneratedDocument {
  const type = context.site.byAlias.get(plan.typeAlias);
  if (!type) throw new Error(`unknown document type ${plan.typeAlias}`);
  const hasPublishedVersion = plan.state !== 'draft';
  const published = plan.state === 'published' || plan.state === 'edited';
  const cultures = planCultures(
    { plan, type, languages: context.languages, hasPublishedVersion, documentPublished: published },
    random,
    context.segments,
  );
  const createdMs = createdAt(plan.index, context.total, random.int(0, 47));
  const contextFor: ContextFor = (culture) => ({
    random,
    iso: culture.language.iso,
    title: culture.publishedName ?? culture.draftName,
    createdMs,
    refs: context.refs,
    element: (alias) => context.site.byAlias.get(alias) ?? missing(alias),
  });
  const snapshot = snapshotValues(type.properties, cultures, plan.skeleton, contextFor);
  const draft =
    plan.state === 'edited'
      ? editValues(snapshot, type.properties, cultures, random, contextFor)
      : { rows: snapshot, edited: new Set<number>() };
  for (const culture of cultures) {
    culture.edited =
      !culture.published || draft.edited.has(culture.language.id) || culture.draftName !== culture.publishedName;
  }
  const versions = versionsFor(plan, type, cultures, snapshot, draft.rows, createdMs, context, random);
  const templateId =
    plan.typeAlias === 'article' && random.chance(0.1) ? (type.templateIds[1] ?? null) : type.defaultTemplateId;
  return {
    plan,
    type,
    createDate: toDbDate(createdMs),
    published,
    templateId,
    cultures,
    versions,
    edited: plan.state !== 'published' || cultures.some((c) => c.edited),
  };
}

function versionsFor(
  plan: PlannedDocument,
  type: BuiltContentType,
  cultures: CultureState[],
  snapshot: PropertyRow[],
  draftRows: PropertyRow[],
  createdMs: number,
  context: DocumentContext,
  random: Random,
): GeneratedVersion[] {
  const publishedMs = createdMs + random.int(1, 72) * HOUR;
  const currentMs =
    plan.state === 'edited' ? publishedMs + random.int(1, 200) * DAY : plan.state === 'draft' ? createdMs : publishedMs;
  const withUrlName = (rows: PropertyRow[], isDraft: boolean): PropertyRow[] => [
    ...rows,
    ...urlNameRows(type.properties, cultures, isDraft),
  ];
  const versions: GeneratedVersion[] = [];
  const version = (current: boolean, published: boolean, ms: number, draft: boolean, rows: PropertyRow[]): void => {
    versions.push({
      id: context.nextVersionId(),
      current,
      published,
      date: toDbDate(ms),
      draft,
      rows: withUrlName(rows, draft),
    });
  };
  if (plan.state !== 'draft' && random.chance(0.05)) version(false, false, createdMs, false, snapshot);
  if (plan.state !== 'draft') version(false, true, publishedMs, false, snapshot);
  version(true, false, currentMs, true, draftRows);
  return versions;
}

function missing(alias: string): never {
  throw new Error(`unknown element type ${alias}`);
}
