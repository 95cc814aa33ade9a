/**
 * `npm run diff` on two snapshots of a real database: the second crawled from a copy with known SQL edits. The diff
 * must list exactly the changes those edits cause, named from the database (tests/support/diff-database-edits.ts).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runDiffCli } from '../../scripts/diff/diff-run.ts';
import type { SnapshotDiff } from '../../scripts/core/diff-format.ts';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import {
  BLOCK_EDIT,
  TEXT_EDIT,
  applyNewerEdits,
  applyOlderEdits,
  editedCopy,
  EDITED_DATABASE,
  planEdits,
  type PlannedEdits,
} from '../support/diff-database-edits.ts';
import { openForOracle } from '../support/shared-databases.ts';

async function crawl(db: string, out: string): Promise<void> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const code = await runSnapshotCli(['--quiet', '--db', db, '--out', out], {}, { stdout: sink, stderr: sink });
  assert.equal(code, 0, output);
}

async function diffJson(
  from: string,
  to: string,
  extra: string[] = [],
): Promise<{ code: number; diff: SnapshotDiff; err: string }> {
  let out = '';
  let err = '';
  const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) } };
  const code = await runDiffCli(['--from', from, '--to', to, '--format', 'json', ...extra], io);
  return { code, diff: JSON.parse(out || 'null') as SnapshotDiff, err };
}

const sorted = (values: string[]): string[] => [...values].sort();

describe('the diff of a database and an edited copy', () => {
  let work: string;
  let plan: PlannedEdits;
  let older: string;
  let newer: string;

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'diff-shared-'));
    const oracle = openForOracle(EDITED_DATABASE);
    try {
      plan = planEdits(oracle);
    } finally {
      oracle.close();
    }
    older = path.join(work, 'older');
    newer = path.join(work, 'newer');
    await crawl(await editedCopy(path.join(work, 'older.db'), (db) => applyOlderEdits(db, plan)), older);
    await crawl(await editedCopy(path.join(work, 'newer.db'), (db) => applyNewerEdits(db, plan)), newer);
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('lists the added, removed, moved and renamed items and nothing else of their kinds', async () => {
    const { code, diff } = await diffJson(older, newer);
    assert.equal(code, 0);
    const { items } = diff;
    assert.deepEqual(
      items.added.map((item) => item.key),
      [plan.added],
    );
    assert.deepEqual(
      items.removed.map((item) => item.key),
      [plan.removed],
    );
    assert.deepEqual(
      items.moved.map((item) => [item.key, item.toParentKey]),
      [[plan.moved.key, plan.moved.toParentKey]],
    );
    assert.deepEqual(
      items.renamed.map((item) => [item.key, item.culture, item.to]),
      [[plan.renamed.key, null, plan.renamed.to]],
    );
    // An invariant item's URL follows its name and its parent: the renamed and the moved item, nothing else.
    assert.deepEqual(
      sorted(items.urlChanged.map((item) => `${item.key} ${item.culture}`)),
      sorted([`${plan.moved.key} null`, `${plan.renamed.key} null`]),
    );
    assert.deepEqual(items.retyped, []);
    assert.deepEqual(items.sortOrderChanged, []);
  });

  it('lists exactly the edited values, each in its language, with a readable diff', async () => {
    const { diff } = await diffJson(older, newer);
    const listed = diff.items.changed.flatMap((item) =>
      item.properties.map((p) => `${item.key} ${p.alias} ${p.culture}`),
    );
    assert.deepEqual(sorted(listed), sorted(plan.values.map((v) => `${v.key} ${v.alias} ${v.culture}`)));
    const properties = diff.items.changed.flatMap((item) => item.properties);
    for (const property of properties.filter((p) => p.alias === 'bodyText')) {
      assert.equal(property.change, 'changed');
      const added = (property.text ?? [])
        .filter((part) => part.op === 'added')
        .map((part) => part.text)
        .join('');
      assert.ok(added.includes(TEXT_EDIT.trim()), added);
    }
    const block = properties.find((p) => p.alias === BLOCK_EDIT.alias);
    assert.ok(
      block?.paths?.some((change) => change.change === 'changed' && String(change.to).includes(BLOCK_EDIT.replace)),
    );
    assert.ok(
      block?.paths?.every((change) => change.path.startsWith('contentData[')),
      JSON.stringify(block?.paths),
    );
  });

  it('lists the property added to a type and the editor changed, and no other content type', async () => {
    const { contentTypes } = (await diffJson(older, newer)).diff;
    assert.deepEqual([contentTypes.added, contentTypes.removed], [[], []]);
    const changed = Object.fromEntries(contentTypes.changed.map((type) => [type.alias, type]));
    assert.deepEqual(Object.keys(changed).sort(), sorted([plan.propertyAdded.typeAlias, plan.editorChanged.typeAlias]));
    const person = changed[plan.propertyAdded.typeAlias];
    assert.deepEqual(
      person?.properties.added.map((p) => p.alias),
      [plan.propertyAdded.alias],
    );
    const edited = changed[plan.editorChanged.typeAlias];
    assert.deepEqual(
      edited?.properties.editorChanged.map((p) => [p.alias, p.to]),
      [[plan.editorChanged.alias, plan.editorChanged.to]],
    );
    for (const type of contentTypes.changed) {
      const { added, editorChanged, ...others } = type.properties;
      assert.ok(
        Object.values(others).every((list) => list.length === 0),
        `${type.alias}: ${JSON.stringify(others)}`,
      );
      assert.deepEqual(
        [type.fields, type.compositions, type.allowedChildren],
        [[], { added: [], removed: [] }, { added: [], removed: [] }],
      );
      assert.equal(added.length + editorChanged.length, 1);
    }
  });

  it('is empty between a snapshot and itself', async () => {
    const { code, diff } = await diffJson(newer, newer, ['--fail-on', 'any']);
    assert.equal(code, 0);
    for (const list of [...Object.values(diff.items), ...Object.values(diff.contentTypes)]) assert.deepEqual(list, []);
  });

  it('exits 4 on --fail-on when such changes exist, and says so on stderr', async () => {
    assert.equal((await diffJson(older, newer, ['--fail-on', 'schema'])).code, 4);
    const { code, err } = await diffJson(older, newer, ['--fail-on', 'items']);
    assert.equal(code, 4);
    assert.match(err, /changes found/);
  });

  it('fails on a threshold only past it, and leaves out what --ignore names', async () => {
    assert.equal((await diffJson(older, newer, ['--fail-on', 'removed>1'])).code, 0);
    const { code, err } = await diffJson(older, newer, ['--fail-on', 'removed>0']);
    assert.equal(code, 4);
    assert.match(err, /removed>0: 1/);
    const { diff } = await diffJson(older, newer, ['--ignore', 'property:bodyText', '--ignore', 'moved']);
    const listed = diff.items.changed.flatMap((item) => item.properties.map((p) => p.alias));
    assert.deepEqual(
      listed,
      plan.values.filter((v) => v.alias !== 'bodyText').map((v) => v.alias),
    );
    assert.deepEqual(diff.items.moved, []);
  });

  it('writes markdown with counts and links to the site', async () => {
    const file = path.join(work, 'summary.md');
    const io = { stdout: { write: () => true }, stderr: { write: () => true } };
    const args = [
      '--from',
      older,
      '--to',
      newer,
      '--format',
      'markdown',
      '--out',
      file,
      '--site-url',
      'https://site.example/',
    ];
    assert.equal(await runDiffCli(args, io), 0);
    const markdown = await readFile(file, 'utf8');
    assert.match(markdown, /\| Items added \| 1 \|/);
    const items = new Set(plan.values.map((v) => v.key)).size;
    assert.ok(markdown.includes(`| Values changed | ${plan.values.length} (values in ${items} items) |`), markdown);
    assert.ok(markdown.includes(`(https://site.example/content/${plan.moved.key}/)`));
    // Per item type: the four person items added, removed, moved and renamed (two of them changing URLs).
    assert.ok(
      markdown.includes('- person (content): 4 items; added 1, removed 1, moved 1, renamed 1, urls changed 2\n'),
      markdown,
    );
    // Old → new: a value inside a block, a rename, an editor.
    assert.ok(markdown.includes(`"${BLOCK_EDIT.find}" → "${BLOCK_EDIT.replace}"`), markdown);
    assert.ok(markdown.includes(`"${plan.renamed.to}"`), 'the new name');
    const { editorChanged } = plan;
    assert.ok(
      markdown.includes(
        `Property editor changed: ${editorChanged.alias} (Umbraco.RadioButtonList → ${editorChanged.to})`,
      ),
    );
  });
});
