import type { PlannedDocument } from './tree-plan.ts';
import type { PlannedMedia } from './media-plan.ts';
import type { Random } from '../values/random.ts';

/**
 * What pickers and rich text may point at. About 2% of references are broken (a key that exists
 * nowhere) and about 2% point at trashed items, as on sites that have lived for years.
 */
export interface MediaTarget {
  key: string;
  typeAlias: 'Image' | 'File';
  path: string;
  width: number;
  height: number;
}

export interface ReferencePool {
  image(random: Random): MediaTarget;
  file(random: Random): MediaTarget;
  document(random: Random): string;
  author(random: Random): string;
  product(random: Random): string;
}

export function createReferencePool(
  media: readonly PlannedMedia[],
  documents: readonly PlannedDocument[],
): ReferencePool {
  const live = <T extends { trashed: boolean }>(items: readonly T[]): T[] => items.filter((i) => !i.trashed);
  const images = live(media)
    .filter((m) => m.typeAlias === 'Image')
    .map(toTarget);
  const files = live(media)
    .filter((m) => m.typeAlias === 'File')
    .map(toTarget);
  const trashedMedia = media.filter((m) => m.trashed).map(toTarget);
  const docs = live(documents);
  const keysOf = (alias?: string): string[] => docs.filter((d) => !alias || d.typeAlias === alias).map((d) => d.key);
  const allDocs = keysOf(),
    authors = keysOf('author'),
    products = keysOf('product');
  const trashedDocs = documents.filter((d) => d.trashed).map((d) => d.key);
  const pickKey = (keys: string[], random: Random): string =>
    pickWithFaults(keys, trashedDocs, random, () => random.guid());
  const pickMedia = (targets: MediaTarget[], random: Random): MediaTarget =>
    pickWithFaults(targets, trashedMedia, random, () => brokenMedia(random));
  return {
    image: (random) => pickMedia(images, random),
    file: (random) => pickMedia(files, random),
    document: (random) => pickKey(allDocs, random),
    author: (random) => pickKey(authors, random),
    product: (random) => pickKey(products, random),
  };
}

function pickWithFaults<T>(items: T[], trashed: T[], random: Random, broken: () => T): T {
  const roll = random.next();
  if (roll < 0.02 || items.length === 0) return broken();
  if (roll < 0.04 && trashed.length > 0) return random.pick(trashed);
  return random.pick(items);
}

function toTarget(media: PlannedMedia): MediaTarget {
  return {
    key: media.key,
    typeAlias: media.typeAlias === 'File' ? 'File' : 'Image',
    path: media.file?.path ?? '',
    width: media.file?.width ?? 0,
    height: media.file?.height ?? 0,
  };
}

function brokenMedia(random: Random): MediaTarget {
  return {
    key: random.guid(),
    typeAlias: 'Image',
    path: `/media/${random.token(8)}/deleted-image.jpg`,
    width: 1200,
    height: 800,
  };
}
