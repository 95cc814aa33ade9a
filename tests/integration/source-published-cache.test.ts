import assert from 'node:assert/strict';
import { basename } from 'node:path';
import { describe, it } from 'node:test';
import { readPublishedCache, type CachedEntry, type CachedPropertyValue } from '../support/published-cache.ts';
import { withReadService, type JsonResponse } from '../support/read-service.ts';
import { listSharedDatabases, openForOracle } from '../support/shared-databases.ts';
import { assertSameValue } from '../support/value-equality.ts';
import { DOCUMENT, MEDIA } from '../support/umbraco-object-types.ts';

interface NodeFacts {
  id: number;
  key: string;
  trashed: boolean;
  published: boolean;
  variant: boolean;
  publishedName: string | null;
  currentName: string | null;
}

/** What the database itself says about every document and media node, in plain SQL written for the test. */
function readFacts(path: string, objectType: string): Map<number, NodeFacts> {
  const db = openForOracle(path);
  const rows = db
    .prepare(
      `
    SELECT n.id, n.uniqueId AS key, n.trashed, COALESCE(d.published, 0) AS published, (ct.variations & 1) AS variant,
      (SELECT v.text FROM umbracoContentVersion v JOIN umbracoDocumentVersion dv ON dv.id = v.id ` +
        `AND dv.published = 1 WHERE v.nodeId = n.id) AS publishedName,
      (SELECT v.text FROM umbracoContentVersion v WHERE v.nodeId = n.id AND v.current = 1) AS currentName
    FROM umbracoNode n JOIN umbracoContent c ON c.nodeId = n.id JOIN cmsContentType ct ON ct.nodeId = c.contentTypeId
    LEFT JOIN umbracoDocument d ON d.nodeId = n.id
    WHERE n.nodeObjectType = ?`,
    )
    .all(objectType) as Array<Record<string, string | number | null>>;
  const defaultIso = (
    db.prepare('SELECT languageISOCode AS iso FROM umbracoLanguage WHERE isDefaultVariantLang = 1').get() as {
      iso: string;
    }
  ).iso;
  db.close();
  defaultCulture = defaultIso;
  return new Map(
    rows.map((r) => [
      r.id as number,
      {
        id: r.id as number,
        key: (r.key as string).toLowerCase(),
        trashed: r.trashed === 1,
        published: r.published === 1,
        variant: r.variant === 1,
        publishedName: r.publishedName as string | null,
        currentName: r.currentName as string | null,
      },
    ]),
  );
}
let defaultCulture = 'en-US';

function valueFor(values: CachedPropertyValue[], culture: string): CachedPropertyValue | undefined {
  return (
    values.find((v) => v.segment === '' && v.culture.toLowerCase() === culture.toLowerCase()) ??
    values.find((v) => v.segment === '' && v.culture === '')
  );
}

function assertValues(
  served: Record<string, { value: unknown }>,
  entry: CachedEntry,
  culture: string,
  where: string,
): number {
  let compared = 0;
  for (const [alias, values] of Object.entries(entry.properties)) {
    const cached = valueFor(values, culture);
    if (!cached) continue;
    const property = Object.entries(served).find(([a]) => a.toLowerCase() === alias.toLowerCase())?.[1];
    assert.ok(property, `${where}: property ${alias} is served`);
    assertSameValue(property.value, cached.value, `${where} ${alias}`);
    compared++;
  }
  return compared;
}

function cultureOf(entry: CachedEntry, iso: string) {
  return Object.entries(entry.cultures).find(([c]) => c.toLowerCase() === iso.toLowerCase())?.[1];
}

for (const path of listSharedDatabases()) {
  describe(`published cache of ${basename(path)}`, () => {
    const documents = readFacts(path, DOCUMENT);
    const media = readFacts(path, MEDIA);
    const cache = readPublishedCache(path);

    it("each published document answers by id and key with the cache's name, segment, values; others 404", async () => {
      const published = cache.filter((e) => e.published && documents.has(e.nodeId));
      assert.ok(published.length > 0);
      let served = 0;
      let values = 0;
      await withReadService({ dbPath: path }, async (_s, call) => {
        for (const entry of published) {
          const facts = documents.get(entry.nodeId)!;
          const byId = await call('GetContentById', { id: entry.nodeId });
          if (facts.trashed || !facts.published) {
            assert.equal(byId.status, 404, `node ${entry.nodeId} is trashed or unpublished`);
            assert.equal((await call('GetContentByKey', { key: facts.key })).status, 404);
            continue;
          }
          const byKey = await call('GetContentByKey', { key: facts.key.toUpperCase() });
          for (const res of [byId, byKey]) assert.equal(res.status, 200, `node ${entry.nodeId}`);
          assert.deepEqual(byKey.body, byId.body);
          values += assertDocument(byId, entry, facts);
          served++;
        }
        for (const facts of documents.values()) {
          if (!facts.trashed && facts.published) continue;
          assert.equal(
            (await call('GetContentById', { id: facts.id })).status,
            404,
            `unpublished or trashed node ${facts.id}`,
          );
        }
      });
      assert.ok(served > 0 && values > 0, `compared ${served} documents and ${values} values`);
    });

    it("every media item answers by id and key with its name and the cache's values", async () => {
      const cached = new Map(cache.filter((e) => media.has(e.nodeId)).map((e) => [e.nodeId, e]));
      await withReadService({ dbPath: path }, async (_s, call) => {
        for (const facts of media.values()) {
          const byId = await call('GetMediaById', { id: facts.id });
          if (facts.trashed) {
            assert.equal(byId.status, 404, `trashed media ${facts.id}`);
            continue;
          }
          const byKey = await call('GetMediaByKey', { key: facts.key });
          assert.equal(byId.status, 200, `media ${facts.id}`);
          assert.deepEqual(byKey.body, byId.body);
          assert.equal(byId.body.key, facts.key);
          assert.equal(byId.body.name, facts.currentName);
          const entry = cached.get(facts.id);
          if (entry) assertValues(byId.body.properties, entry, defaultCulture, `media ${facts.id}`);
        }
      });
    });
  });
}

function assertDocument(res: JsonResponse, entry: CachedEntry, facts: NodeFacts): number {
  const body = res.body;
  const where = `document ${entry.nodeId}`;
  assert.equal(body.key, facts.key, `${where} key`);
  let compared = 0;
  if (facts.variant && Object.keys(entry.cultures).length > 0) {
    const main = cultureOf(entry, defaultCulture);
    assert.ok(main, `${where} is published in the default culture`);
    assert.equal(body.name, main.name, `${where} name`);
    for (const [culture, data] of Object.entries(entry.cultures)) {
      if (data.isDraft) continue;
      const view = Object.entries(body.cultures ?? {}).find(
        ([c]) => c.toLowerCase() === culture.toLowerCase(),
      )?.[1] as any;
      assert.ok(view, `${where} serves culture ${culture}`);
      assert.equal(view.name, data.name, `${where} ${culture} name`);
      assert.equal(view.urlSegment, data.urlSegment, `${where} ${culture} URL segment`);
      compared += assertValues(view.properties, entry, culture, `${where} ${culture}`);
    }
    compared += assertValues(body.properties, entry, defaultCulture, where);
  } else {
    assert.equal(body.name, facts.publishedName, `${where} name`);
    assert.equal(body.urlSegment, entry.urlSegment, `${where} URL segment`);
    compared += assertValues(body.properties, entry, defaultCulture, where);
  }
  return compared;
}
