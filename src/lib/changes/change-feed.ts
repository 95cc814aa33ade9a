/**
 * The Atom feed of the nights' changes (RFC 4287): one entry per night the site knows (tonight's and the earlier ones
 * kept with `--keep`), newest first, each with its counts and its busiest item types. Ids are stable per source and
 * night, so a reader shows each night once. Text from the source is made valid XML 1.0 and escaped.
 */
import { createHash } from 'node:crypto';
import { describeChangeCounts, summariseByType, type SnapshotDiff } from '#core/diff-format.ts';

const TYPES_IN_SUMMARY = 5;

/** Characters XML 1.0 does not allow (C0 controls but tab and line ends, lone surrogates, U+FFFE/U+FFFF) removed. */
export function xmlText(text: string): string {
  return text
    .replace(
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '',
    )
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A name-based id: the same source and night always give the same one. */
function uuidOf(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\n')).digest('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function summaryOf(night: SnapshotDiff): string {
  const types = summariseByType(night.items)
    .slice(0, TYPES_IN_SUMMARY)
    .map((s) => `${s.type} (${s.kind}): ${s.items} items`);
  return [describeChangeCounts(night), ...types].join('; ');
}

export interface FeedNight {
  night: SnapshotDiff;
  /** Where the night's changes are: the Changes page for tonight, a download for an earlier night. */
  href: string;
}

export function renderFeed(nights: readonly FeedNight[], selfHref: string): string {
  const newest = nights[0]?.night;
  const source = newest?.to.source.url ?? '';
  const entries = nights.map(
    ({ night, href }) => `  <entry>
    <id>${uuidOf(source, night.to.finishedAt)}</id>
    <title>${xmlText(`Changes in the snapshot of ${night.to.finishedAt}`)}</title>
    <updated>${xmlText(night.to.finishedAt)}</updated>
    <link href="${xmlText(href)}"/>
    <summary>${xmlText(summaryOf(night))}</summary>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${uuidOf(source)}</id>
  <title>Snapshot changes</title>
  <updated>${xmlText(newest?.to.finishedAt ?? new Date(0).toISOString())}</updated>
  <author><name>cms-snapshot</name></author>
  <link rel="self" href="${xmlText(selfHref)}"/>
${entries.join('\n')}
</feed>
`;
}
