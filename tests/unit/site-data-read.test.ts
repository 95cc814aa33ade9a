/**
 * The site-data readers check what they read against the format's schemas: a wrong field is named with its file, line
 * and path; source text used as keys (a property named __proto__) survives a checked read.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { z } from 'zod';
import { brokenReferenceSchema, tableRowSchema, typeUsageSchema } from '../../src/lib/site-data/site-data-format.ts';
import {
  readSiteJson,
  readSiteNdjson,
  readTrustedNdjson,
  SiteDataError,
} from '../../src/lib/site-data/site-data-read.ts';

let dir: string;
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-data-read-'));
});
after(() => rm(dir, { recursive: true, force: true }));

const broken = {
  fromKind: 'content',
  fromKey: 'k1',
  fromName: 'Home',
  property: 'body',
  cultures: [],
  raw: 'umb://document/0',
  via: 'udi',
  path: '',
};

test('an ndjson line that does not match names the file, the line and the field', async () => {
  const file = path.join(dir, 'broken-references.ndjson');
  const lines = [broken, { ...broken, fromKind: 'page' }, broken].map((row) => JSON.stringify(row));
  await writeFile(file, `${lines.join('\n')}\n`);
  await assert.rejects(readSiteNdjson(file, brokenReferenceSchema), (error: Error) => {
    assert.ok(error instanceof SiteDataError);
    assert.match(error.message, /broken-references\.ndjson line 2: fromKind: /);
    return true;
  });
});

test('a line that is not JSON is named too, and matching lines are read as written', async () => {
  const file = path.join(dir, 'rows.ndjson');
  await writeFile(file, `${JSON.stringify({ name: 'a', n: 1, tags: ['x'], none: null })}\n{"name":\n`);
  await assert.rejects(readSiteNdjson(file, tableRowSchema), /rows\.ndjson line 2: /);
  await writeFile(file, `${JSON.stringify({ name: 'a', n: 1, tags: ['x'], none: null })}\n`);
  assert.deepEqual(await readSiteNdjson(file, tableRowSchema), [{ name: 'a', n: 1, tags: ['x'], none: null }]);
  await writeFile(file, `${JSON.stringify({ name: { nested: true } })}\n`);
  await assert.rejects(readSiteNdjson(file, tableRowSchema), /rows\.ndjson line 1: name: /);
});

const usage = (fill: string) =>
  `[{"kind":"content","alias":"page","name":"Page","defined":true,"itemCount":1,"sample":[],"blockUses":0,` +
  `"fill":${fill},"composedInto":[],"parentOf":[],"allowedUnder":[],"itemsThroughCompositions":0,"unused":false,` +
  `"blockHolderItems":0,"blockHolders":[],"blockFill":{}}]`;

test('fill rates keyed by a property named __proto__ or constructor keep every key', async () => {
  const file = path.join(dir, 'types.json');
  await writeFile(file, usage('{"__proto__":{"filled":1,"total":2},"constructor":{"filled":0,"total":2}}'));
  const [type] = await readSiteJson(file, z.array(typeUsageSchema));
  assert.deepEqual(Object.keys(type?.fill ?? {}), ['__proto__', 'constructor']);
  assert.deepEqual(Object.getOwnPropertyDescriptor(type?.fill, '__proto__')?.value, { filled: 1, total: 2 });
  assert.equal(Object.getPrototypeOf(type?.fill), Object.prototype);
  await writeFile(file, usage('{"body":{"filled":"1","total":2}}'));
  await assert.rejects(readSiteJson(file, z.array(typeUsageSchema)), /types\.json: 0\.fill: /);
});

test('the trusted reader reads every line, the last one without a newline too', async () => {
  const file = path.join(dir, 'nodes.ndjson');
  const rows = Array.from({ length: 3000 }, (_, i) => ({ i, text: 'é'.repeat(i % 50) }));
  await writeFile(file, rows.map((row) => JSON.stringify(row)).join('\n'));
  assert.deepEqual(await readTrustedNdjson(file, z.object({ i: z.number(), text: z.string() })), rows);
});
