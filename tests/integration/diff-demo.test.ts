/**
 * The diff of the demo database generated at two seeds: not empty, and its counts are those computed here from the
 * two snapshots' index files, read as plain NDJSON without the snapshot reader the diff uses.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateDemoDatabase } from '../../scripts/demo/generate.ts';
import { runDiffCli } from '../../scripts/diff/diff-run.ts';
import type { SnapshotDiff } from '../../scripts/core/diff-format.ts';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';

interface IndexLine {
  id: number;
  key: string;
  parentId: number;
  type: string;
  sortOrder: number;
}

async function readIndex(dir: string, kind: string): Promise<Map<string, IndexLine & { parentKey: string | null }>> {
  const lines = (await readFile(path.join(dir, kind, 'index.ndjson'), 'utf8'))
    .split('\n')
    .filter((line) => line !== '');
  const entries = lines.map((line) => JSON.parse(line) as IndexLine);
  const keyOfId = new Map(entries.map((entry) => [entry.id, entry.key]));
  return new Map(entries.map((entry) => [entry.key, { ...entry, parentKey: keyOfId.get(entry.parentId) ?? null }]));
}

/** Counts per kind of change that the indexes alone decide. */
type IndexCounts = Record<'added' | 'removed' | 'moved' | 'sortOrderChanged' | 'retyped', number>;

async function countFromIndexes(from: string, to: string): Promise<IndexCounts> {
  const counts: IndexCounts = { added: 0, removed: 0, moved: 0, sortOrderChanged: 0, retyped: 0 };
  for (const kind of ['content', 'media']) {
    const [old, now] = [await readIndex(from, kind), await readIndex(to, kind)];
    for (const [key, entry] of now) {
      const was = old.get(key);
      if (was === undefined) counts.added += 1;
      else if (was.parentKey !== entry.parentKey) counts.moved += 1;
      else if (was.sortOrder !== entry.sortOrder) counts.sortOrderChanged += 1;
      if (was !== undefined && was.type !== entry.type) counts.retyped += 1;
    }
    counts.removed += [...old.keys()].filter((key) => !now.has(key)).length;
  }
  return counts;
}

describe('the diff of the demo database at two seeds', () => {
  let work: string;
  const snapshots: string[] = [];

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'diff-demo-'));
    for (const seed of [1, 2]) {
      const db = path.join(work, `demo-${seed}.db`);
      generateDemoDatabase({ out: db, items: 300, languages: 2, seed });
      const out = path.join(work, `snapshot-${seed}`);
      let output = '';
      const sink = { write: (text: string) => (output += text) };
      assert.equal(
        await runSnapshotCli(['--quiet', '--db', db, '--out', out], {}, { stdout: sink, stderr: sink }),
        0,
        output,
      );
      snapshots.push(out);
    }
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('is not empty and its counts equal those of the indexes', async () => {
    let json = '';
    const io = { stdout: { write: (text: string) => (json += text) }, stderr: { write: () => true } };
    const [from, to] = snapshots as [string, string];
    assert.equal(await runDiffCli(['--from', from, '--to', to, '--format', 'json'], io), 0);
    const { items } = JSON.parse(json) as SnapshotDiff;
    const expected = await countFromIndexes(from, to);
    assert.ok(expected.added + expected.removed > 0, 'two seeds give different items');
    const listed = Object.fromEntries(
      Object.keys(expected).map((kind) => [kind, items[kind as keyof typeof items].length]),
    );
    assert.deepEqual(listed, expected);
  });
});
