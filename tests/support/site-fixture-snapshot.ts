/**
 * Writes small snapshots in the crawler's format (scripts/core/snapshot-format.ts) from hand-made items, and
 * injects items into a copy of a crawled snapshot, for site tests.
 */
import { createHash } from 'node:crypto';
import { appendFile, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CONTENT_TYPES_FILE,
  FORMAT_VERSION,
  MANIFEST_FILE,
  REPORT_FILE,
  chunkFileOf,
  indexFileOf,
  type ContentTypeRecord,
  type FileEntry,
  type IndexEntry,
  type ItemKind,
  type Manifest,
} from '../../scripts/core/snapshot-format.ts';

export interface FixtureItem {
  id: number;
  key: string;
  name: string;
  type: string;
  url?: string;
  properties?: Record<string, { editorAlias: string; value: unknown }>;
  cultures?: Record<
    string,
    { name: string; url?: string; properties?: Record<string, { editorAlias: string; value: unknown }> }
  >;
  children?: FixtureItem[];
  /** The full item failed to crawl: only its index entry exists. */
  failed?: boolean;
}

const DATE = '2026-01-01T00:00:00+00:00';
const hash = (text: string): FileEntry => ({
  sha256: createHash('sha256').update(text).digest('hex'),
  bytes: Buffer.byteLength(text),
  records: text.split('\n').filter(Boolean).length,
});
const withAliases = (props: FixtureItem['properties']) =>
  Object.fromEntries(
    Object.entries(props ?? {}).map(([alias, p]) => [alias, { alias, editorAlias: p.editorAlias, value: p.value }]),
  );

/**
 * Index lines and chunk text for items flattened in tree order, the chunk named `chunk`, byte offsets from
 * `startOffset`.
 */
function flatten(
  kind: ItemKind,
  roots: FixtureItem[],
  chunk: string,
  startOffset = 0,
  parentId = -1,
  level = 1,
): { index: string; items: string; count: number } {
  let index = '';
  let items = '';
  let offset = startOffset;
  let count = 0;
  const visit = (item: FixtureItem, parent: number, depth: number, sortOrder: number) => {
    const cultures =
      item.cultures === undefined
        ? undefined
        : Object.fromEntries(
            Object.entries(item.cultures).map(([iso, c]) => [
              iso,
              {
                name: c.name,
                url: c.url ?? item.url ?? '',
                urlSegment: c.name.toLowerCase(),
                updateDate: DATE,
                properties: withAliases(c.properties ?? item.properties),
              },
            ]),
          );
    const record = JSON.stringify({
      id: item.id,
      key: item.key,
      name: item.name,
      url: item.url ?? '',
      type: item.type,
      sortOrder,
      createDate: DATE,
      updateDate: DATE,
      path: [],
      properties: withAliases(item.properties),
      ...(cultures ? { cultures } : {}),
      kind,
      parentId: parent,
      level: depth,
    });
    const length = Buffer.byteLength(record);
    const entry: IndexEntry = {
      id: item.id,
      key: item.key,
      name: item.name,
      url: item.url ?? null,
      type: item.type,
      parentId: parent,
      level: depth,
      sortOrder,
      createDate: DATE,
      updateDate: DATE,
      chunk: item.failed ? null : chunk,
      offset: item.failed ? null : offset,
      length: item.failed ? null : length,
      childCount: item.children?.length ?? 0,
    };
    index += `${JSON.stringify(entry)}\n`;
    count += 1;
    if (!item.failed) {
      items += `${record}\n`;
      offset += length + 1;
    }
    (item.children ?? []).forEach((child, i) => visit(child, item.id, depth + 1, i));
  };
  roots.forEach((root, i) => visit(root, parentId, level, i));
  return { index, items, count };
}

export interface FixtureSnapshot {
  content: FixtureItem[];
  media: FixtureItem[];
  contentTypes?: ContentTypeRecord[];
  status?: 'complete' | 'partial';
}

/**
 * The manifest of a crawl without failures, warnings or deviations, before its file list; `fields` replaces any of its
 * fields.
 */
export function fixtureManifest(
  counts: Pick<Manifest['counts'], 'content' | 'media' | 'contentTypes'>,
  fields: Partial<Omit<Manifest, 'files' | 'counts'>> = {},
): Omit<Manifest, 'files'> {
  return {
    formatVersion: FORMAT_VERSION,
    tool: { name: 'site-fixture', version: '1' },
    status: 'complete',
    source: { url: 'http://127.0.0.1:1', kind: 'demo' },
    startedAt: DATE,
    finishedAt: DATE,
    interfaceVariant: {},
    counts: { ...counts, contentByType: {}, mediaByType: {}, failures: 0, warnings: 0, deviations: 0 },
    reused: 0,
    http: { requests: 0, attempts: 0 },
    failures: [],
    warnings: [],
    ...fields,
  };
}

export async function writeFixtureSnapshot(dir: string, fixture: FixtureSnapshot): Promise<void> {
  const files: Record<string, FileEntry> = {};
  const counts: Record<ItemKind, number> = { content: 0, media: 0 };
  const write = async (name: string, text: string) => {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
    files[name] = hash(text);
  };
  for (const kind of ['content', 'media'] as const) {
    const { index, items, count } = flatten(kind, fixture[kind], chunkFileOf(kind, 0));
    await write(indexFileOf(kind), index);
    await write(chunkFileOf(kind, 0), items);
    counts[kind] = count;
  }
  const types = fixture.contentTypes ?? [];
  await write(
    CONTENT_TYPES_FILE,
    `${JSON.stringify({ formatVersion: FORMAT_VERSION, contentTypes: types, unavailable: [] }, null, 2)}\n`,
  );
  await write(
    REPORT_FILE,
    `${JSON.stringify({
      formatVersion: FORMAT_VERSION,
      failures: [],
      deviations: [],
      warnings: [],
      unavailableContentTypes: [],
    })}\n`,
  );
  const manifest: Manifest = {
    ...fixtureManifest(
      { content: counts.content, media: counts.media, contentTypes: types.length },
      { status: fixture.status ?? 'complete' },
    ),
    files,
  };
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Copies a snapshot and adds `roots` (with their subtrees) as new content roots in an extra chunk file. */
export async function copyWithInjectedContent(from: string, to: string, roots: FixtureItem[]): Promise<void> {
  await cp(from, to, { recursive: true });
  const chunk = chunkFileOf('content', 99_999);
  const { index, items, count } = flatten('content', roots, chunk);
  await appendFile(path.join(to, indexFileOf('content')), index);
  await writeFile(path.join(to, chunk), items);
  const manifest = JSON.parse(await readFile(path.join(to, MANIFEST_FILE), 'utf8')) as Manifest;
  manifest.files[chunk] = hash(items);
  manifest.files[indexFileOf('content')] = hash(await readFile(path.join(to, indexFileOf('content')), 'utf8'));
  manifest.counts.content += count;
  await writeFile(path.join(to, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}
