/**
 * Derives everything the pages need from a snapshot in one streaming pass over its item chunks, and writes it as
 * compact files into a site-data folder (see src/lib/site-data/site-data-format.ts). Only the item index (one small
 * record per item) and the aggregates sit in memory; full items are read one at a time.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  getContentTypes,
  getManifest,
  iterateNdjson,
  itemRecordSchema,
  type ItemRecord,
  type Manifest,
} from '#core/snapshot-format.ts';
import { findItemExcess } from '#core/item-limits.ts';
import { createFileCheck, verifySnapshotFiles } from '#core/snapshot-verify.ts';
import { createTypeIndex, type TypeIndex } from '../../content-types/type-index.ts';
import { createNodeLookup, type NodeLookup } from '../node-lookup.ts';
import {
  SITE_DATA_FILES,
  SITE_DATA_VERSION,
  type ModelDiagrams,
  type SiteDataMeta,
  type SiteNode,
} from '../site-data-format.ts';
import { listCultures, listPropertyEntries } from '../../values/item-properties.ts';
import { readMediaFile } from '../../values/media-file.ts';
import { extractReferences } from '../../values/references.ts';
import { typeLabel } from '../../values/value-format.ts';
import { createBlockStats, type BlockStats } from './block-stats.ts';
import { addTypeFacts } from './type-facts.ts';
import { createEditorCensus, type EditorCensus } from './editor-census.ts';
import { writeInventoryDownloads, writeTable } from './inventory-downloads.ts';
import { itemFacts } from '../../audit/item-facts.ts';
import { auditColumns, createAudit, type AuditRow } from './audit-rows.ts';
import { createLineWriter, writeJsonPieces, type LineWriter } from './line-writer.ts';
import { objectPieces } from '../../json-pieces.ts';
import { readNodes } from './node-table.ts';
import { startDuplicateFinder } from './duplicates-worker.ts';
import { createReferenceStats, type ReferenceStats } from './reference-stats.ts';
import { itemSearchRecord, typeSearchRecord } from './search-records.ts';
import { createTypeStats, type TypeStats } from './type-stats.ts';
import { listOrphanMedia, readBroken } from './derived-lists.ts';
import { writeExtras } from './extras-data.ts';
import { readHistoryUrls } from './redirect-sources.ts';
import { createObservedEdges, type ObservedEdges } from '../../model/observed-edges.ts';
import { writeModelDiagrams } from './model-diagrams.ts';
import { createSvgRenderer } from '../../model/svg-render.ts';
import { createExternalLinks, type ExternalLinks } from './external-links.ts';
import { writeIssues } from './issues-data.ts';

export interface SiteDataSummary {
  dir: string;
  meta: SiteDataMeta;
  /** Items shown without their properties, each with its reason (`unshown`). */
  unshown: SiteNode[];
  downloads: Record<string, number>;
  millis: number;
  diagrams: ModelDiagrams;
  /** The content audit's share of `millis`. */
  auditMillis: number;
}

interface Pass {
  lookup: NodeLookup;
  types: TypeIndex;
  typeStats: TypeStats;
  census: EditorCensus;
  refs: ReferenceStats;
  search: LineWriter;
  cultureItems: Map<string, number>;
  blocks: BlockStats;
  observed: ObservedEdges;
  audit: ReturnType<typeof createAudit>;
  links: ExternalLinks;
}

async function analyseItem(record: ItemRecord, node: SiteNode, pass: Pass): Promise<void> {
  const properties = listPropertyEntries(record.properties);
  const cultures = listCultures(record.cultures);
  node.cultures = cultures.map((c) => c.iso);
  const urls = cultures.filter((c) => c.url !== null).map((c) => [c.iso, c.url as string] as const);
  if (urls.length > 0) node.urls = Object.fromEntries(urls);
  const names = cultures.filter((c) => c.name !== '' && c.name !== node.name).map((c) => [c.iso, c.name] as const);
  if (names.length > 0) node.names = Object.fromEntries(names);
  for (const iso of node.cultures) pass.cultureItems.set(iso, (pass.cultureItems.get(iso) ?? 0) + 1);
  const template = record.template as { name?: unknown; alias?: unknown } | null | undefined;
  if (template && typeof template.name === 'string') node.template = template.name;
  if (node.kind === 'media') {
    const file = readMediaFile(properties);
    if (file) node.file = file;
  }
  const itemRefs = pass.refs.forItem(node);
  const editorOf = (element: Parameters<TypeIndex['elementType']>[0], alias: string) =>
    pass.types.elementType(element)?.editorOf(alias);
  const sets =
    cultures.length > 0
      ? cultures.map((c) => ({
          culture: c.iso,
          entries: c.properties.length > 0 ? c.properties : properties,
        }))
      : [{ culture: null, entries: properties }];
  for (const set of sets) {
    for (const p of set.entries)
      itemRefs.add(p.alias, set.culture, extractReferences(p.value, p.editorAlias, editorOf));
  }
  const outgoing = await itemRefs.finish();
  await pass.links.addItem(node, sets);
  pass.observed.addReferences(node, outgoing.targets);
  if (node.kind === 'content')
    pass.audit.addItem(node, itemFacts(node.type, properties, cultures, pass.types), outgoing.broken);
  pass.typeStats.addItem(node, properties, cultures);
  const all = sets.length === 1 ? properties : sets.flatMap((s) => s.entries);
  pass.census.addItem(node, all, (element, property) => {
    pass.typeStats.addBlockUse(element);
    pass.blocks.addElement(element, node, property);
    pass.observed.addBlock(node, element);
  });
  const typeName = typeLabel(node.kind === 'content' ? pass.types.findByAlias(node.type)?.name : undefined, node.type);
  await pass.search.write(`${JSON.stringify(itemSearchRecord(node, pass.lookup, typeName, properties, cultures))}\n`);
}

/**
 * An item past the site's limits, or one whose values a walker cannot take, is shown without its properties: it is
 * found by its name alone, and the build goes on (scripts/core/item-limits.ts).
 */
async function analyseOrSkip(record: ItemRecord, node: SiteNode, pass: Pass): Promise<void> {
  let reason = findItemExcess(record);
  if (reason === undefined) {
    try {
      return await analyseItem(record, node, pass);
    } catch (error) {
      reason = `could not be read by the site (${(error as Error).message?.split('\n')[0]})`;
    }
  }
  node.unshown = reason;
  const typeName = typeLabel(node.kind === 'content' ? pass.types.findByAlias(node.type)?.name : undefined, node.type);
  await pass.search.write(`${JSON.stringify(itemSearchRecord(node, pass.lookup, typeName, [], []))}\n`);
}

/**
 * Every chunk is checked against the manifest as it streams by (snapshot-verify.ts), then every other file it lists:
 * a damaged snapshot fails here, before anything is rendered.
 */
async function streamItems(snapshotDir: string, manifest: Manifest, pass: Pass): Promise<void> {
  const chunks = [...new Set(pass.lookup.nodes.map((n) => n.chunk).filter((c): c is string => c !== null))].sort();
  const done = new Set<string>();
  for (const chunk of chunks) {
    const check = createFileCheck(chunk, manifest.files[chunk]);
    for await (const record of iterateNdjson(path.join(snapshotDir, chunk), itemRecordSchema, check.add)) {
      const node = pass.lookup.findNode(record.key);
      if (node === undefined || node.kind !== record.kind || done.has(node.key)) continue;
      done.add(node.key);
      await analyseOrSkip(record, node, pass);
    }
    check.finish();
  }
  await verifySnapshotFiles(snapshotDir, manifest, new Set(chunks));
  for (const node of pass.lookup.nodes) if (!done.has(node.key)) pass.typeStats.addFailedItem(node);
}

async function writeAudit(outDir: string, audit: Promise<AuditRow[]>, languages: string[]): Promise<number> {
  const rows = await audit;
  const out = createLineWriter(path.join(outDir, SITE_DATA_FILES.audit));
  for (const row of rows) await out.write(`${JSON.stringify(row)}\n`);
  await out.close();
  return writeTable(path.join(outDir, SITE_DATA_FILES.downloads), 'audit', auditColumns(languages), rows);
}

/** The item nodes the site-data step wrote, in tree order. */
/** Unchecked (site-data-read.ts says why): four build steps read it whole. */

/** `historyDir`: the snapshots kept with `--history`, whose URLs join the redirect map. */
export async function prepareSiteData(
  snapshotDir: string,
  outDir: string,
  options: { historyDir?: string } = {},
): Promise<SiteDataSummary> {
  const started = Date.now();
  const manifest = await getManifest(snapshotDir);
  const contentTypes = await getContentTypes(snapshotDir);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, SITE_DATA_FILES.downloads), { recursive: true });
  const file = (name: string) => path.join(outDir, name);
  const renderer = createSvgRenderer();
  renderer.catch(() => undefined); // a failure surfaces where the diagrams await it, not as an unhandled rejection
  const lookup = createNodeLookup(await readNodes(snapshotDir));
  const types = createTypeIndex(contentTypes.contentTypes);
  const duplicates = startDuplicateFinder(snapshotDir);
  try {
    const brokenOut = createLineWriter(file(SITE_DATA_FILES.broken));
    const pass: Pass = {
      lookup,
      types,
      typeStats: createTypeStats(types),
      census: createEditorCensus(types),
      refs: createReferenceStats(lookup, brokenOut),
      search: createLineWriter(file(SITE_DATA_FILES.search)),
      cultureItems: new Map(),
      blocks: createBlockStats(types),
      observed: createObservedEdges(types, lookup),
      audit: createAudit(duplicates),
      links: createExternalLinks(file(SITE_DATA_FILES.externalLinks)),
    };
    await streamItems(snapshotDir, manifest, pass);
    for (const type of types.list)
      await pass.search.write(`${JSON.stringify(typeSearchRecord(type, types.listProperties(type)))}\n`);
    await pass.search.close();
    await brokenOut.close();
    await pass.links.close();

    const nodesOut = createLineWriter(file(SITE_DATA_FILES.nodes));
    for (const node of lookup.nodes) await nodesOut.write(`${JSON.stringify(node)}\n`);
    await nodesOut.close();
    const typeUsage = pass.typeStats.list();
    addTypeFacts(typeUsage, types, pass.blocks.list());
    const editors = pass.census.list();
    const observed = pass.observed.observed;
    const diagrams = await writeModelDiagrams(outDir, { types, usage: typeUsage, observed, renderer });
    await writeFile(file(SITE_DATA_FILES.modelDiagrams), JSON.stringify(diagrams));
    const orphans = listOrphanMedia(lookup, pass.refs.usedBy);
    // Entry by entry: one string of it passes V8's string limit near 1.9M items.
    await writeJsonPieces(file(SITE_DATA_FILES.usedBy), objectPieces(pass.refs.usedBy));
    await writeFile(file(SITE_DATA_FILES.types), JSON.stringify(typeUsage));
    await writeFile(file(SITE_DATA_FILES.editors), JSON.stringify(editors));
    const missingOut = createLineWriter(file(SITE_DATA_FILES.missing));
    for (const entry of pass.typeStats.listMissing()) await missingOut.write(`${JSON.stringify(entry)}\n`);
    await missingOut.close();
    const orphansOut = createLineWriter(file(SITE_DATA_FILES.orphans));
    for (const orphan of orphans) await orphansOut.write(`${JSON.stringify(orphan)}\n`);
    await orphansOut.close();

    const languages = [...pass.cultureItems.keys()].sort();
    // The duplicate finder confirms its candidates on its own thread while the files below are written.
    const auditRows = pass.audit.listRows(languages, manifest.finishedAt, pass.refs.usedBy);
    auditRows.catch(() => undefined); // awaited below; a failure surfaces there
    const downloads = await writeInventoryDownloads(file(SITE_DATA_FILES.downloads), {
      lookup,
      languages,
      types: typeUsage,
      editors,
      broken: readBroken(file(SITE_DATA_FILES.broken)),
      orphans,
    });
    const earlier = await readHistoryUrls(options.historyDir, manifest);
    await writeExtras(snapshotDir, manifest, lookup, outDir, file(SITE_DATA_FILES.downloads), earlier);
    // What the audit adds to the step after the pass: the wait for the finder, writing its files included.
    const auditStarted = performance.now();
    await writeAudit(outDir, auditRows, languages);
    const auditMillis = Math.round(performance.now() - auditStarted);
    // The issues count the audit's exact copies.
    const broken = readBroken(file(SITE_DATA_FILES.broken));
    const missing = pass.typeStats.listMissing();
    const hosts = pass.links.listHosts();
    await writeIssues(outDir, { types, usage: typeUsage, missing, lookup, broken, orphans, hosts });
    const meta: SiteDataMeta = {
      formatVersion: SITE_DATA_VERSION,
      generatedAt: new Date().toISOString(),
      snapshotFinishedAt: manifest.finishedAt,
      languages,
      roots: {
        content: lookup.listRoots('content').map((n) => n.key),
        media: lookup.listRoots('media').map((n) => n.key),
      },
      counts: {
        content: lookup.nodes.filter((n) => n.kind === 'content').length,
        media: lookup.nodes.filter((n) => n.kind === 'media').length,
        contentTypes: types.list.length,
        failedItems: lookup.nodes.filter((n) => n.chunk === null).length,
        references: pass.refs.total,
        brokenReferences: pass.refs.broken,
        orphanMedia: orphans.length,
        searchRecords: pass.search.lines,
        cultureItems: Object.fromEntries([...pass.cultureItems].sort()),
      },
    };
    await writeFile(file(SITE_DATA_FILES.meta), `${JSON.stringify(meta, null, 2)}\n`);
    const unshown = lookup.nodes.filter((n) => n.unshown !== undefined);
    return { dir: outDir, meta, unshown, downloads, millis: Date.now() - started, diagrams, auditMillis };
  } finally {
    await duplicates.stop();
  }
}
