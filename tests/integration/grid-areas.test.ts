/**
 * Block Grid areas named by their alias: the local source sends each Block Grid property type's areas (key and alias
 * from the data type's configuration), and an item page names every area of a grid value by that alias. Expected
 * aliases come from `umbracoDataType.config` of a generated demo database, parsed here; plugin flavors send none.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generateDemoDatabase } from '../../scripts/demo/generate.ts';
import { getContentTypes, iterateNdjson } from '../../scripts/core/snapshot-format.ts';
import { z } from 'zod';
import { createTypeIndex } from '../../src/lib/content-types/type-index.ts';
import { renderValue } from '../../src/lib/pages/property-html.ts';
import { describeValue, type ValueContext } from '../../src/lib/values/value-view.ts';
import { openForOracle } from '../support/shared-databases.ts';
import { crawl } from '../support/site-e2e.ts';

/** Area key → alias of every Block Grid data type, read from its configuration JSON. */
function gridAreasOf(db: string): Map<string, string> {
  const sql = openForOracle(db);
  const rows = sql
    .prepare("SELECT config FROM umbracoDataType WHERE propertyEditorAlias = 'Umbraco.BlockGrid'")
    .all() as Array<{ config: string }>;
  sql.close();
  const out = new Map<string, string>();
  for (const { config } of rows)
    for (const block of (JSON.parse(config) as { blocks?: Array<{ areas?: Array<{ key: string; alias: string }> }> })
      .blocks ?? [])
      for (const area of block.areas ?? []) out.set(area.key.toLowerCase(), area.alias);
  return out;
}

/** Every area key in the layout of a Block Grid value (any depth). */
function layoutAreaKeys(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) layoutAreaKeys(v, out);
  else if (typeof value === 'object' && value !== null) {
    const areas = (value as { areas?: unknown }).areas;
    if (Array.isArray(areas))
      for (const a of areas as Array<{ key?: unknown }>) if (typeof a.key === 'string') out.push(a.key.toLowerCase());
    for (const v of Object.values(value)) layoutAreaKeys(v, out);
  }
  return out;
}

describe('Block Grid areas by alias', { timeout: 120_000 }, () => {
  let work: string;
  let db: string;
  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'grid-areas-'));
    db = path.join(work, 'demo.db');
    generateDemoDatabase({ out: db, items: 120, languages: 1, seed: 3 });
    await crawl(['--db', db, '--out', path.join(work, 'snapshot')], { SNAPSHOT_CACHE_DIR: path.join(work, 'cache') });
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('sends each Block Grid property type its areas, and names each area of an item page by its alias', async () => {
    const expected = gridAreasOf(db);
    assert.ok(expected.size > 0, 'the demo grid has areas');
    const types = (await getContentTypes(path.join(work, 'snapshot'))).contentTypes;
    type Area = { key: string; alias: string };
    const sent = types.flatMap((t) =>
      t.propertyGroups.flatMap((g) =>
        g.propertyTypes.flatMap((p) => ((p as Record<string, unknown>).blockGridAreas ?? []) as Area[]),
      ),
    );
    assert.deepEqual(new Map(sent.map((a) => [a.key, a.alias])), expected);
    const index = createTypeIndex(types);
    const ctx: ValueContext = {
      lookup: { findByKey: () => undefined, findById: () => undefined },
      hrefOf: (t) => `/${t.kind}/${t.key}/`,
      findByUrl: () => undefined,
      elementType: (element) => index.elementType(element),
      areaAlias: (key) => index.areaAlias(key),
    };
    let areas = 0;
    for await (const item of iterateNdjson(
      path.join(work, 'snapshot', 'content', 'items-00000.ndjson'),
      z.custom<{ properties: Record<string, { editorAlias?: string; value: unknown }> }>(() => true),
    )) {
      for (const p of Object.values(item.properties)) {
        if (p.editorAlias !== 'Umbraco.BlockGrid') continue;
        // Umbraco 14+ and the demo write the layout under `Layout`, older versions under `layout`.
        const layout = p.value as { layout?: unknown; Layout?: unknown } | null;
        const keys = layoutAreaKeys(layout?.layout ?? layout?.Layout);
        const html = renderValue(describeValue(p.value, p.editorAlias, ctx)).value;
        const named = [...html.matchAll(/<p class="meta">Area <strong>([^<]*)<\/strong>/g)].map((m) => m[1]);
        assert.deepEqual(
          named,
          keys.map((k) => expected.get(k)),
        );
        areas += keys.length;
      }
    }
    assert.ok(areas > 0, 'some grid values have areas');
  });
});
