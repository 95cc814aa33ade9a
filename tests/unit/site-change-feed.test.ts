/** The Atom feed of the nights' changes: valid XML 1.0 whatever the source's text, stable ids, newest night first. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderFeed, xmlText } from '../../src/lib/changes/change-feed.ts';
import { emptyItemChanges, type SnapshotDiff } from '../../scripts/core/diff-format.ts';

const night = (to: string, type: string): SnapshotDiff => {
  const items = emptyItemChanges();
  items.added.push({ key: 'k', kind: 'content', id: 1, name: 'n', type, path: 'n', url: null });
  const side = (finishedAt: string) => ({
    dir: 'd',
    source: { url: 'https://cms.example', kind: 'http' as const },
    startedAt: finishedAt,
    finishedAt,
    counts: { content: 1, media: 0, contentTypes: 1 },
  });
  return {
    formatVersion: 1,
    from: side('2026-01-01T00:00:00Z'),
    to: side(to),
    items,
    contentTypes: { added: [], removed: [], changed: [] },
  };
};

test('text from the source becomes valid XML: controls and lone surrogates dropped, markup escaped', () => {
  assert.equal(xmlText('a\u0000b\u0007<c>&"d"\ud800e\u{1F600}'), 'ab&lt;c&gt;&amp;&quot;d&quot;e\u{1F600}');
});

test('one entry per night with a stable id, the hostile type alias escaped', () => {
  const nights = [
    { night: night('2026-01-03T00:00:00Z', '<script>'), href: '/changes/' },
    { night: night('2026-01-02T00:00:00Z', 'page'), href: '/changes/downloads/night-2026-01-02T00-00-00Z.json' },
  ];
  const feed = renderFeed(nights, '/changes/feed.xml');
  assert.equal(feed.match(/<entry>/g)?.length, 2);
  assert.ok(!feed.includes('<script>') && feed.includes('&lt;script&gt; (content): 1 items'));
  assert.match(feed, /<updated>2026-01-03T00:00:00Z<\/updated>\n {2}<author>/);
  const ids = (text: string) => [...text.matchAll(/<id>([^<]+)<\/id>/g)].map((m) => m[1]);
  assert.deepEqual(ids(renderFeed(nights, '/changes/feed.xml')), ids(feed), 'the same ids every build');
  assert.equal(new Set(ids(feed)).size, 3);
});
