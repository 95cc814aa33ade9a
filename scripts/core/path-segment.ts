/**
 * Source text (a content type or property alias, a key) used as one folder name and URL path segment of the site.
 * The source is not trusted to send names safe for either: `/`, `..`, `?`, `#`, `%`, and names over a file system's
 * 255 bytes are all seen in the wild or from hostile sources. A name made only of letters, digits, `_`, `-` and inner
 * `.` (at most 100 characters) is used as it is; anything else becomes the safe characters it has (`_` if none), cut
 * short, then `~` and 12 hex digits of its sha256: the same on disk and in the URL, distinct for distinct names, never
 * a path step.
 */
import { createHash } from 'node:crypto';

const SAFE = /^[A-Za-z0-9_-](?:[A-Za-z0-9._-]{0,98}[A-Za-z0-9_-])?$/;
const KEEP = 48;

export function pathSegment(text: string): string {
  if (SAFE.test(text) && !text.includes('..')) return text;
  const readable = text
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, KEEP);
  const digest = createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 12);
  return `${readable || '_'}~${digest}`;
}
