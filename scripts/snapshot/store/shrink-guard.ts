/**
 * A crawl that "succeeds" with nothing, or with a fraction of what the last one had, is more often a source gone
 * wrong (roots answering [], a login page with status 200) than a site that lost its content. It is refused unless
 * the analyst says otherwise (--allow-shrink), so a good snapshot is never replaced by an empty one.
 */
import { getManifest, type Manifest } from '../../core/snapshot-format.ts';

/** Below this share of the previous item count, a snapshot has shrunk sharply. */
export const SHRINK_FLOOR = 0.5;

export interface Shrink {
  previous: number;
  now: number;
}

export async function findShrink(
  out: string,
  counts: Pick<Manifest['counts'], 'content' | 'media'>,
): Promise<Shrink | undefined> {
  const previous = await getManifest(out).then(
    (manifest) => manifest.counts,
    () => undefined,
  );
  if (previous === undefined) return undefined;
  const before = previous.content + previous.media;
  const now = counts.content + counts.media;
  if (before === 0 || (now > 0 && now >= before * SHRINK_FLOOR)) return undefined;
  return { previous: before, now };
}
