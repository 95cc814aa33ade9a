import { existsSync, rmSync } from 'node:fs';
import { openDemoDatabase, type DemoDatabase } from './write/database-writer.ts';
import { documentRecord, mediaRecord, type DemoRecord } from './write/demo-record.ts';
import { planDocuments, type DocumentPlan } from './plan/document-plan.ts';
import { generateDocument } from './write/document-generator.ts';
import { createDuplicatePlanter } from './write/duplicate-planter.ts';
import { createTagWriter, writeDocument, writeMedia } from './write/item-writer.ts';
import { generateMedia } from './write/media-generator.ts';
import { planMedia, type PlannedMedia } from './plan/media-plan.ts';
import { createRandom, type Random } from './values/random.ts';
import { createReferencePool } from './plan/reference-pool.ts';
import { createSiblingSegments } from './plan/sibling-segments.ts';
import { buildSiteSchema, type SiteSchema } from './plan/site-builder.ts';
import type { Language } from './model/site-model.ts';
import { writeDomains, writeSite } from './write/site-writer.ts';
import { LANGUAGES } from './model/umbraco-constants.ts';

export type { DemoRecord } from './write/demo-record.ts';

export interface DemoOptions {
  out: string;
  items: number;
  languages: number;
  seed: number;
  /** At most this many children under one document: fuller listings overflow into a "More" page below them. */
  maxChildren?: number;
  /** Only the main site's tree, for a test that needs one large tree: no media, no other root, nothing trashed. */
  oneRoot?: boolean;
  record?: (entry: DemoRecord) => void;
  /** Called every 1,000 items and at the end. */
  progress?: (done: number, total: number) => void;
}

export interface DemoSummary {
  documents: number;
  media: number;
  contentTypes: number;
  published: number;
  /** Documents and media in the recycle bins. */
  trashed: number;
  languages: string[];
  maxDepth: number;
  ms: number;
}

/** About a fifth of the items are media, the rest documents. */
export const MEDIA_SHARE = 0.2;

/** Writes a new Umbraco 17.0 SQLite database at `options.out` (which must not exist yet). */
export function generateDemoDatabase(options: DemoOptions): DemoSummary {
  const started = performance.now();
  if (existsSync(options.out)) throw new Error(`${options.out} already exists`);
  if (!(options.items >= 1) || !(options.languages >= 1 && options.languages <= LANGUAGES.length)) {
    throw new RangeError(`items must be ≥ 1 and languages 1–${LANGUAGES.length}`);
  }
  const random = createRandom(options.seed);
  const site = buildSiteSchema();
  const languages: Language[] = LANGUAGES.slice(0, options.languages).map((l, i) => ({
    ...l,
    id: i + 1,
    isDefault: i === 0,
  }));
  const mediaCount = options.oneRoot ? 0 : Math.round(options.items * MEDIA_SHARE);
  const media = planMedia(mediaCount, site.nextNodeId, random.fork('media-plan'));
  const plan = planDocuments(
    options.items - mediaCount,
    site.nextNodeId + media.length,
    random.fork('document-plan'),
    options.maxChildren,
    options.oneRoot,
  );
  const db = openDemoDatabase(options.out);
  try {
    const published = writeAll(db, { site, languages, media, plan, options, random });
    db.finish();
    return summarize(site, languages, media, plan, published, performance.now() - started);
  } catch (error) {
    db.close();
    rmSync(options.out, { force: true });
    throw error;
  }
}

interface Run {
  site: SiteSchema;
  languages: Language[];
  media: PlannedMedia[];
  plan: DocumentPlan;
  options: DemoOptions;
  random: Random;
}

function writeAll(db: DemoDatabase, run: Run): number {
  const { site, languages, plan } = run;
  writeSite(db.insert, site, languages);
  if (plan.secondSiteId !== null) writeDomains(db.insert, plan.secondSiteId, languages);
  let versionId = 0;
  const nextVersionId = (): number => ++versionId;
  const total = run.media.length + plan.documents.length;
  const tick = (done: number): void => {
    if (done % 1000 === 0 || done === total) run.options.progress?.(done, total);
  };
  writeAllMedia(db, run, nextVersionId, tick);
  return writeAllDocuments(db, run, nextVersionId, (i) => tick(run.media.length + i));
}

function writeAllMedia(db: DemoDatabase, run: Run, nextVersionId: () => number, tick: (done: number) => void): void {
  const random = run.random.fork('media');
  run.media.forEach((item, i) => {
    const generated = generateMedia(item, run.site, run.media.length, nextVersionId, random);
    writeMedia(db.insert, generated);
    if (run.options.record) run.options.record(mediaRecord(generated));
    tick(i + 1);
  });
}

/** Returns how many documents are published (`umbracoDocument.published=1`). */
function writeAllDocuments(
  db: DemoDatabase,
  run: Run,
  nextVersionId: () => number,
  tick: (done: number) => void,
): number {
  const { site, languages, media, plan } = run;
  const context = {
    site,
    languages,
    refs: createReferencePool(media, plan.documents),
    segments: createSiblingSegments(),
    total: plan.documents.length,
    nextVersionId,
  };
  const tags = createTagWriter(db.insert);
  const random = run.random.fork('documents');
  const planter = createDuplicatePlanter(run.options.seed);
  let published = 0;
  plan.documents.forEach((item, i) => {
    const generated = generateDocument(item, context, random);
    const duplicateOf = planter.plant(generated);
    writeDocument(db.insert, generated, tags);
    if (generated.published) published++;
    // The record is what the source serves for the document: made only when asked for.
    if (run.options.record) {
      const record = documentRecord(generated);
      run.options.record(duplicateOf ? { ...record, duplicateOf } : record);
    }
    tick(i + 1);
  });
  return published;
}

function summarize(
  site: SiteSchema,
  languages: Language[],
  media: PlannedMedia[],
  plan: DocumentPlan,
  published: number,
  ms: number,
): DemoSummary {
  const live = plan.documents.filter((d) => !d.trashed);
  return {
    documents: plan.documents.length,
    media: media.length,
    contentTypes: site.contentTypes.length + site.mediaTypes.size,
    published,
    trashed: plan.documents.length - live.length + media.filter((m) => m.trashed).length,
    languages: languages.map((l) => l.iso),
    maxDepth: live.reduce((max, d) => Math.max(max, d.level), 0),
    ms: Math.round(ms),
  };
}
