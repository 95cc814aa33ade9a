/**
 * Every shared database crawled through every flavor of the local service, as deployed plugins speak: the crawl
 * completes with no failure and no deviation, holds the same items and values as the `rich` crawl once the documented
 * differences are folded (tests/support/plugin-normaliser.ts), asks for nothing twice (requests counted at the
 * service), keeps media answers small on the Umbraco 7/8 flavors (whose media ancestors come with their children
 * down to maxLevel), and tells element types apart by use where the plugin's `element` flag says nothing: what use
 * does not decide is "element or document", never a document type by default.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTypeIndex } from '../../src/lib/content-types/type-index.ts';
import { createTypeStats } from '../../src/lib/site-data/derive/type-stats.ts';
import { crawl } from '../../scripts/snapshot/crawl.ts';
import { ITEM_MAX_LEVEL } from '../../scripts/snapshot/client/read-client.ts';
import {
  findItem,
  getContentTypes,
  getReport,
  iterateIndex,
  type ItemKind,
  type Manifest,
} from '../../scripts/core/snapshot-format.ts';
import type { FlavorName } from '../../scripts/source/flavors/flavor.ts';
import { startReadService } from '../../scripts/source/server.ts';
import { normaliseItem } from '../support/plugin-normaliser.ts';
import { listSharedDatabases, openForOracle } from '../support/shared-databases.ts';
import { DOCUMENT, MEDIA } from '../support/umbraco-object-types.ts';

/** Half the flavors also answer the list-all operations, half only the nine: both paths of the type crawl are met. */
const FLAVORS: Array<{ flavor: FlavorName; typeLists: boolean }> = [
  { flavor: 'rich', typeLists: true },
  { flavor: 'plugin-v10', typeLists: false },
  { flavor: 'plugin-v8', typeLists: true },
  { flavor: 'plugin-v7', typeLists: false },
];
/** The interface variant each flavor must be recognised as, per body kind (names from source-variants.ts). */
const VARIANT_SEEN: Record<FlavorName, Record<string, string[]>> = {
  rich: { contentItem: ['local-service'], mediaItem: ['local-service'], contentType: ['local-service'] },
  'plugin-v10': { contentItem: ['plugin-v8/v10'], mediaItem: ['plugin-v10'], contentType: ['plugin-v10'] },
  'plugin-v8': { contentItem: ['plugin-v8/v10'], mediaItem: ['plugin-v7/v8'], contentType: ['plugin-v7/v8'] },
  'plugin-v7': { contentItem: ['plugin-v7'], mediaItem: ['plugin-v7/v8'], contentType: ['plugin-v7/v8'] },
};

interface Crawled {
  manifest: Omit<Manifest, 'files'>;
  dir: string;
  requests: number;
  /** Bytes of the media items' by-id answers, asked again exactly as the crawl asked them. */
  mediaBytes: number;
  mediaAnswers: number;
}

/**
 * Umbraco 7/8 send media ancestors in `path` with their children down to maxLevel (read-api.md): asked with a
 * maxLevel that returns none, a media answer holds its own fields, its properties and one summary per ancestor.
 */
const MEDIA_BYTES_PER_ITEM = 4096;

async function measureMedia(base: string, paths: string[]): Promise<number> {
  let bytes = 0;
  for (const target of paths) bytes += (await (await fetch(`${base}${target}`)).arrayBuffer()).byteLength;
  return bytes;
}

async function crawlThrough(file: string, flavor: FlavorName, typeLists: boolean, work: string): Promise<Crawled> {
  let requests = 0;
  const mediaPaths: string[] = [];
  const service = await startReadService({
    dbPath: file,
    flavor,
    typeLists,
    log: (entry) => {
      requests += 1;
      if (
        /\/GetMediaById\?/.test(entry.path) &&
        new URLSearchParams(entry.path.split('?')[1]).get('maxLevel') === String(ITEM_MAX_LEVEL)
      )
        mediaPaths.push(entry.path);
    },
  });
  try {
    const result = await crawl({
      source: { url: service.url, kind: 'http' },
      out: path.join(work, flavor),
      maxFailures: 0,
      concurrency: 4,
      timeoutMs: 10_000,
      retries: 0,
      backoff: { baseMs: 1, maxMs: 1 },
      tool: { name: 'test', version: '0' },
    });
    const asked = [...mediaPaths];
    const counted = requests;
    const mediaBytes = await measureMedia(service.url, asked);
    return { manifest: result.manifest, dir: result.dir, requests: counted, mediaBytes, mediaAnswers: asked.length };
  } finally {
    await service.close();
  }
}

async function readItems(dir: string, kind: ItemKind): Promise<Map<number, Record<string, unknown>>> {
  const items = new Map<number, Record<string, unknown>>();
  for await (const entry of iterateIndex(dir, kind))
    items.set(entry.id, (await findItem(dir, entry)) as Record<string, unknown>);
  return items;
}

/** Element types (the database's flag) that published values use as block elements, with their compositions. */
function readUsedElementTypes(file: string): Set<string> {
  const db = openForOracle(file);
  try {
    const types = db
      .prepare(
        `SELECT n.id, lower(n.uniqueId) AS key, ct.alias, ct.isElement
         FROM umbracoNode n JOIN cmsContentType ct ON ct.nodeId = n.id`,
      )
      .all() as Array<{ id: number; key: string; alias: string; isElement: number }>;
    // Served values only: published documents (not blueprints) and current media, none in the bin.
    const texts = db
      .prepare(
        `SELECT pd.textValue FROM umbracoPropertyData pd JOIN umbracoContentVersion v ON v.id = pd.versionId
      JOIN umbracoNode n ON n.id = v.nodeId AND n.trashed = 0 LEFT JOIN umbracoDocumentVersion dv ON dv.id = v.id
      WHERE pd.textValue IS NOT NULL
        AND ((n.nodeObjectType = '${DOCUMENT}' AND dv.published = 1)
          OR (n.nodeObjectType = '${MEDIA}' AND v.current = 1))`,
      )
      .all() as Array<{ textValue: string }>;
    const links = db
      .prepare('SELECT childContentTypeId AS child, parentContentTypeId AS parent FROM cmsContentType2ContentType')
      .all() as Array<{ child: number; parent: number }>;
    const used = new Set<number>();
    for (const { textValue } of texts) {
      for (const m of textValue.matchAll(/"contentTypeKey"\s*:\s*"([0-9a-fA-F-]{32,36})"/g)) {
        const hex = (m[1] as string).replaceAll('-', '').toLowerCase();
        for (const t of types) if (t.key.replaceAll('-', '') === hex && t.isElement === 1) used.add(t.id);
      }
      for (const m of textValue.matchAll(/"ncContentTypeAlias"\s*:\s*"([^"]+)"/g)) {
        for (const t of types)
          if (t.alias.toLowerCase() === (m[1] as string).toLowerCase() && t.isElement === 1) used.add(t.id);
      }
    }
    for (let grew = true; grew;) {
      grew = false;
      for (const { child, parent } of links) if (used.has(child) && !used.has(parent)) grew = Boolean(used.add(parent));
    }
    return new Set(types.filter((t) => used.has(t.id)).map((t) => t.key));
  } finally {
    db.close();
  }
}

/** Keys of the types the database flags as element types. */
function readFlaggedElementTypes(file: string): Set<string> {
  const db = openForOracle(file);
  try {
    const rows = db
      .prepare(
        'SELECT lower(n.uniqueId) AS key FROM umbracoNode n JOIN cmsContentType ct ON ct.nodeId = n.id WHERE ct.isElement = 1',
      )
      .all() as Array<{ key: string }>;
    return new Set(rows.map((row) => row.key));
  } finally {
    db.close();
  }
}

for (const file of listSharedDatabases()) {
  const name =
    `${path.basename(file)} through each flavor: no failure or deviation, the rich crawl's items, no ` + `repeats`;
  test(name, async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'crawl-flavors-'));
    try {
      const usedElements = readUsedElementTypes(file);
      const flaggedElements = readFlaggedElementTypes(file);
      const crawls = new Map<FlavorName, Crawled>();
      for (const { flavor, typeLists } of FLAVORS)
        crawls.set(flavor, await crawlThrough(file, flavor, typeLists, work));
      const rich = crawls.get('rich') as Crawled;
      const richItems = { content: await readItems(rich.dir, 'content'), media: await readItems(rich.dir, 'media') };
      for (const [flavor, { manifest, dir, requests, mediaBytes, mediaAnswers }] of crawls) {
        const label = `${path.basename(file)} ${flavor}`;
        assert.ok(
          mediaBytes <= MEDIA_BYTES_PER_ITEM * mediaAnswers,
          `${label}: ${mediaBytes} bytes for ${mediaAnswers} media items`,
        );
        assert.equal(manifest.status, 'complete', label);
        assert.deepEqual(manifest.failures, [], label);
        assert.deepEqual((await getReport(dir)).deviations, [], `${label}: documented shapes are no deviations`);
        for (const [feature, seen] of Object.entries(VARIANT_SEEN[flavor])) {
          if (feature !== 'mediaItem' || manifest.counts.media > 0)
            assert.deepEqual(manifest.interfaceVariant[feature], seen, `${label}: ${feature}`);
        }
        const plan = manifest.http.plan;
        assert.ok(plan, label);
        assert.equal(requests, manifest.http.requests, `${label}: the manifest counts what the service answered`);
        assert.equal(
          requests,
          plan.atRoot + plan.items + plan.contentTypes + plan.typeLists + (plan.extras ?? 0),
          `${label}: request plan`,
        );
        const again = (await getReport(dir)).answers;
        assert.equal(
          plan.items,
          manifest.counts.content + manifest.counts.media + (again?.narrowed ?? 0) + (again?.widened ?? 0),
          `${label}: one request per item, roots included, and the windows asked again narrower or wider`,
        );
        for (const kind of ['content', 'media'] as const) {
          const items = await readItems(dir, kind);
          assert.deepEqual([...items.keys()].sort(), [...richItems[kind].keys()].sort(), `${label}: ${kind} ids`);
          for (const [id, item] of items) {
            assert.deepEqual(
              normaliseItem(item),
              normaliseItem(richItems[kind].get(id) as Record<string, unknown>),
              `${label}: ${kind} item ${id}`,
            );
          }
        }
        const types = (await getContentTypes(dir)).contentTypes;
        const elements = new Set(types.filter((t) => t.element === true).map((t) => t.key));
        for (const key of usedElements)
          if (types.some((t) => t.key === key)) assert.ok(elements.has(key), `${label}: element type ${key}`);
        for (const type of types.filter((t) => flaggedElements.has(t.key)))
          assert.notEqual(type.element, false, `${label}: element type ${type.alias} is never a document type`);
        const stats = createTypeStats(createTypeIndex(types)).list();
        for (const type of types.filter((t) => t.element === undefined))
          assert.equal(
            stats.find((u) => u.key === type.key)?.kind,
            'element or document',
            `${label}: ${type.alias}: the source does not say`,
          );
        for (const key of usedElements) {
          const usage = stats.find((u) => u.key === key);
          if (usage !== undefined)
            assert.equal(usage.kind, 'element', `${label}: the site counts ${usage.alias} as an element type`);
        }
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
}
