import { ODD_NAMES } from '../values/lexicon.ts';
import type { Random } from '../values/random.ts';
import { phrase } from '../values/text-generator.ts';
import { createTreePlanner, type Parent, type PlannedNode } from './tree-plan.ts';
import { MEDIA_BIN_ID } from '../model/umbraco-constants.ts';

/**
 * The media tree: root folders, subfolders, images and files, a few trashed items under −21. Files are
 * decided here (path, size, dimensions) because documents pick media by key and rich text embeds
 * their paths.
 */
export interface MediaFile {
  path: string;
  extension: string;
  bytes: number;
  width: number | null;
  height: number | null;
}

export interface PlannedMedia extends PlannedNode {
  typeAlias: 'Folder' | 'Image' | 'File';
  name: string;
  file: MediaFile | null;
  /** A file replaced later: the older version keeps it. */
  previousFile: MediaFile | null;
}

const ROOT_FOLDERS = ['Images', 'Documents', 'Products', 'Archive'];
const WIDTHS = [800, 1024, 1200, 1600, 1920, 2400, 3000, 4000];

export function planMedia(count: number, firstId: number, random: Random): PlannedMedia[] {
  const planner = createTreePlanner<PlannedMedia>(firstId, MEDIA_BIN_ID, random);
  const add = (parent: Parent, typeAlias: PlannedMedia['typeAlias'], name: string): PlannedMedia =>
    planner.add(parent, { typeAlias, name, file: fileFor(typeAlias, name, random), previousFile: null });
  const imageFolders: PlannedMedia[] = [];
  const fileFolders: PlannedMedia[] = [];
  for (const name of ROOT_FOLDERS.slice(0, count))
    (name === 'Documents' ? fileFolders : imageFolders).push(add('root', 'Folder', name));
  if (planner.items.length + 2 <= count) add('bin', 'Image', 'Old banner');
  if (planner.items.length + 1 <= count) add('bin', 'File', 'Old price list');
  const odd = [...ODD_NAMES.slice(0, 4)];
  while (planner.items.length < count) {
    const roll = random.next();
    const name = odd.shift() ?? `${phrase(random, 'en-US')} ${random.int(1, 9999)}`;
    if (roll < 0.03) add('bin', random.chance(0.7) ? 'Image' : 'File', name);
    else if (roll < 0.06)
      grow(
        roll < 0.05 ? imageFolders : fileFolders,
        add(random.pick([...imageFolders, ...fileFolders]), 'Folder', name),
      );
    else if (roll < 0.08) add('root', 'Image', name);
    else if (roll < 0.82) replaced(add(random.pick(imageFolders), 'Image', name), random);
    else add(random.pick(fileFolders), 'File', name);
  }
  return planner.items;
}

function grow(folders: PlannedMedia[], folder: PlannedMedia): void {
  if (folder.level < 5) folders.push(folder);
}

function replaced(media: PlannedMedia, random: Random): void {
  if (random.chance(0.05)) media.previousFile = fileFor('Image', media.name, random);
}

function fileFor(typeAlias: PlannedMedia['typeAlias'], name: string, random: Random): MediaFile | null {
  if (typeAlias === 'Folder') return null;
  const extension =
    typeAlias === 'Image' ? (random.chance(0.8) ? 'jpg' : 'png') : random.pick(['pdf', 'pdf', 'pdf', 'docx', 'xlsx']);
  const path = `/media/${random.token(8)}/${fileName(name)}.${extension}`;
  if (typeAlias === 'File') return { path, extension, bytes: random.int(20_000, 5_000_000), width: null, height: null };
  const width = random.pick(WIDTHS);
  const height = Math.round(width * random.pick([0.5625, 0.666, 0.75, 1, 1.5]));
  return { path, extension, bytes: Math.round((width * height * random.int(8, 30)) / 100), width, height };
}

/** Umbraco keeps letters (diacritics included) in stored file names, lower-cased, with dashes. */
function fileName(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^\p{L}\p{Nd}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'file'
  );
}
