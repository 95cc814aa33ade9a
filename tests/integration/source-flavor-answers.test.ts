/**
 * Every flavor's answers equal what read-api.md says that generation sends for the same database, item by item and
 * type by type: the oracle (tests/support/flavor-oracle.ts) is SQL over the database plus the documented rules of
 * each generation, sharing nothing with the flavors. Items are asked for as the crawler asks (maxLevel 1), so no node
 * of any answer may carry children.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { FLAVOR_NAMES, type FlavorName } from '../../scripts/source/flavors/flavor.ts';
import { startReadService } from '../../scripts/source/server.ts';
import { expectGroups, expectItem, listLineage, type ExpectedGroup, type Kind } from '../support/flavor-oracle.ts';
import { API } from '../support/read-service.ts';
import { openForOracle, sharedDatabase } from '../support/shared-databases.ts';
import { DOCUMENT, DOCUMENT_TYPE, MEDIA } from '../support/umbraco-object-types.ts';

/** Decimals, dates and culture variants; the newest schema; the deepest media library; dates moved to UTC. */
const DATABASES = [
  'tdufrane_searchcourse.db',
  'bolettekern_umbraco.ai-demo.db',
  'umbraco_umbraco.commerce.demostore_15.x.db',
  'persteenolsen_umbraco-17-starter-one.db',
];

type Body = Record<string, unknown>;
const plain = (record: object): Body => Object.fromEntries(Object.entries(record));

function listIds(db: DatabaseSync, sql: string): number[] {
  return (db.prepare(sql).all() as Array<{ id: number }>).map((r) => r.id);
}

function compareItem(db: DatabaseSync, flavor: FlavorName, kind: Kind, body: Body): string[] {
  const id = body.id as number;
  const expected = expectItem(db, flavor, kind, id);
  const problems: string[] = [];
  const say = (what: string, actual: unknown, wanted: unknown) =>
    problems.push(`${kind} ${id} ${what}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(wanted)}`);
  if (body.createDate !== expected.createDate) say('createDate', body.createDate, expected.createDate);
  if (body.updateDate !== expected.updateDate) say('updateDate', body.updateDate, expected.updateDate);
  if (body.sortOrder !== expected.sortOrder) say('sortOrder', body.sortOrder, expected.sortOrder);
  const path = (body.path ?? []) as Body[];
  if ('children' in body || path.some((p) => 'children' in p)) say('children at maxLevel 1', 'present', 'absent');
  const properties = plain(
    Object.fromEntries(
      Object.entries(body.properties as Record<string, Body>).map(([alias, p]) => [
        alias,
        { editorAlias: p.editorAlias, value: p.value },
      ]),
    ),
  );
  const wanted = plain(expected.properties);
  for (const alias of new Set([...Object.keys(properties), ...Object.keys(wanted)])) {
    try {
      assert.deepStrictEqual(properties[alias], wanted[alias]);
    } catch {
      say(`property ${alias}`, properties[alias], wanted[alias]);
    }
  }
  return problems;
}

function actualGroups(flavor: FlavorName, body: Body): ExpectedGroup[] {
  const groups = (flavor === 'plugin-v7' || flavor === 'plugin-v8' ? body.tabs : body.propertyGroups) as Body[];
  return groups
    .map((g) => ({
      id: flavor === 'rich' ? String(g.alias).toLowerCase() : (g.id as number),
      propertyIds: ((g.properties ?? g.propertyTypes) as Body[]).map((p) => p.id as number).sort((a, b) => a - b),
    }))
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));
}

async function checkFlavor(file: string, flavor: FlavorName): Promise<{ problems: string[]; served: number }> {
  const db = openForOracle(file);
  const service = await startReadService({ dbPath: file, flavor });
  const get = async (operation: string, query: string): Promise<{ status: number; body: Body }> => {
    const res = await fetch(`${service.url}${API}/${operation}?${query}`);
    const text = await res.text();
    return { status: res.status, body: text === '' ? {} : (JSON.parse(text) as Body) };
  };
  const problems: string[] = [];
  let served = 0;
  try {
    const documents = listIds(
      db,
      `SELECT n.id FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id AND d.published = 1
       WHERE n.nodeObjectType = '${DOCUMENT}' AND n.trashed = 0`,
    );
    const media = listIds(db, `SELECT id FROM umbracoNode WHERE nodeObjectType = '${MEDIA}' AND trashed = 0`);
    for (const [kind, operation, ids] of [
      ['document', 'GetContentById', documents],
      ['media', 'GetMediaById', media],
    ] as const) {
      for (const id of ids) {
        const answer = await get(operation, `id=${id}&maxLevel=1`);
        // A document published only in other languages than the default is not served (read-api.md).
        if (answer.status === 404 && kind === 'document') continue;
        assert.equal(answer.status, 200, `${flavor} ${operation} ${id}`);
        served += 1;
        problems.push(...compareItem(db, flavor, kind, answer.body));
      }
    }
    for (const typeId of listIds(db, `SELECT id FROM umbracoNode WHERE nodeObjectType = '${DOCUMENT_TYPE}'`)) {
      const { body } = await get('GetContentTypeById', `id=${typeId}`);
      const groups = actualGroups(flavor, body);
      try {
        assert.deepStrictEqual(groups, expectGroups(db, flavor, typeId));
      } catch {
        problems.push(`type ${typeId} groups: ${JSON.stringify(groups)}`);
      }
      if (flavor === 'rich') continue;
      const compositions = (body.compositions as Body[]).map((c) => c.id as number).sort((a, b) => a - b);
      const transitive = listLineage(db, typeId)
        .slice(1)
        .sort((a, b) => a - b);
      if (JSON.stringify(compositions) !== JSON.stringify(transitive))
        problems.push(`type ${typeId} compositions: ${JSON.stringify(compositions)} ≠ ${JSON.stringify(transitive)}`);
    }
  } finally {
    await service.close();
    db.close();
  }
  return { problems, served };
}

for (const name of DATABASES) {
  test(`${name}: every flavor's items and types are what its generation sends`, async () => {
    const file = sharedDatabase(name);
    const served = new Set<number>();
    for (const flavor of FLAVOR_NAMES) {
      const result = await checkFlavor(file, flavor);
      served.add(result.served);
      assert.deepEqual(result.problems.slice(0, 8), [], `${path.basename(file)} ${flavor}`);
    }
    assert.equal(served.size, 1, 'every flavor serves the same items');
  });
}
