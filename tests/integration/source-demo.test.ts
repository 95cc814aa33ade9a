import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { generateDemoDatabase, type DemoRecord } from '../../scripts/demo/generate.ts';
import { withReadService } from '../support/read-service.ts';

/** The service must serve a generated database exactly as the generator recorded writing it. */
describe('demo database served as recorded', () => {
  const dir = mkdtempSync(join(tmpdir(), 'source-demo-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const dbPath = join(dir, 'demo.db');
  const records: DemoRecord[] = [];
  const byId = new Map<number, DemoRecord>();
  const servedAncestors = (record: DemoRecord): number[] => {
    const chain: number[] = [];
    for (let p = byId.get(record.parentId); p?.visible && p.kind === record.kind; p = byId.get(p.parentId))
      chain.unshift(p.id);
    return chain;
  };
  const summary = generateDemoDatabase({
    out: dbPath,
    items: 600,
    languages: 3,
    seed: 7,
    record: (r) => records.push(r),
  });

  for (const r of records) byId.set(r.id, r);

  it('has every kind of item the checks need', () => {
    assert.equal(records.length, summary.documents + summary.media);
    assert.ok(
      records.some((r) => r.kind === 'document' && r.visible && Object.keys(r.cultures).length > 1),
      'variant documents',
    );
    assert.ok(
      records.some((r) => r.kind === 'document' && !r.visible && !r.trashed),
      'unpublished or draft-only documents',
    );
    assert.ok(
      records.some((r) => r.trashed && r.kind === 'document') && records.some((r) => r.trashed && r.kind === 'media'),
      'trashed items',
    );
  });

  it('every visible item answers by id and key with the recorded name, segment and values; the rest 404', async () => {
    await withReadService({ dbPath }, async (_s, call) => {
      for (const record of records) {
        const op = record.kind === 'document' ? 'Content' : 'Media';
        const byId = await call(`Get${op}ById`, { id: record.id });
        const byKey = await call(`Get${op}ByKey`, { key: record.key });
        const where = `${record.kind} ${record.id}`;
        if (!record.visible) {
          assert.equal(byId.status, 404, `${where} is not served`);
          assert.equal(byKey.status, 404, `${where} is not served by key`);
          continue;
        }
        assert.equal(byId.status, 200, where);
        assert.deepEqual(byKey.body, byId.body, `${where} by key`);
        const body = byId.body;
        assert.equal(body.key, record.key);
        assert.equal(body.name, record.name, `${where} name`);
        assert.equal(body.type, record.contentTypeAlias, `${where} type`);
        assert.equal(body.sortOrder, record.sortOrder, `${where} sortOrder`);
        assert.deepEqual(
          body.path.map((a: { id: number }) => a.id),
          servedAncestors(record),
          `${where} path`,
        );
        if (record.kind === 'document') assert.equal(body.urlSegment, record.urlSegment, `${where} segment`);
        assertValues(body.properties, record.values, where);
        for (const [iso, culture] of Object.entries(record.cultures)) {
          const view = body.cultures?.[iso];
          if (!culture.published) {
            assert.equal(view, undefined, `${where} ${iso} is unpublished`);
            continue;
          }
          assert.equal(view.name, culture.name, `${where} ${iso} name`);
          assert.equal(view.urlSegment, culture.urlSegment, `${where} ${iso} segment`);
          assertValues(view.properties, record.valuesByCulture[iso] ?? {}, `${where} ${iso}`);
        }
      }
    });
  });
});

/** Recorded aliases carry exactly the served values; every other property is served as null. */
function assertValues(
  served: Record<string, { value: unknown }>,
  recorded: Record<string, unknown>,
  where: string,
): void {
  for (const [alias, value] of Object.entries(recorded)) {
    assert.ok(served[alias], `${where}: ${alias} is served`);
    assert.deepEqual(served[alias].value, value, `${where}: ${alias}`);
  }
  for (const [alias, property] of Object.entries(served)) {
    if (!(alias in recorded)) assert.equal(property.value, null, `${where}: ${alias} has no stored value`);
  }
}
