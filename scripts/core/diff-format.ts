/**
 * The change list between two snapshots (docs/diff-format.md): what `npm run diff -- --format json` writes and what
 * the site's Changes section reads. Items are keyed by GUID; a culture is `null` for invariant values.
 */
import type { ExtrasChanges } from './extras-diff-format.ts';
import type { ItemKind, Manifest } from './snapshot-format.ts';

export const DIFF_FORMAT_VERSION = 1 as const;
/** The change list in the site data folder, when the build had a previous snapshot. */
export const CHANGES_FILE = 'changes.json';

export interface SnapshotSide {
  dir: string;
  source: Manifest['source'];
  startedAt: string;
  finishedAt: string;
  counts: { content: number; media: number; contentTypes: number };
}

export interface ItemRef {
  key: string;
  kind: ItemKind;
  id: number;
  name: string;
  type: string;
  path: string;
  url: string | null;
}

export interface MovedItem extends ItemRef {
  fromPath: string;
  toPath: string;
  fromParentKey: string | null;
  toParentKey: string | null;
}

export interface RenamedItem extends ItemRef {
  culture: string | null;
  from: string;
  to: string;
}

export interface UrlChangedItem extends ItemRef {
  culture: string | null;
  from: string | null;
  to: string | null;
}

export interface RetypedItem extends ItemRef {
  from: string;
  to: string;
}

export interface SortOrderChangedItem extends ItemRef {
  from: number;
  to: number;
}

/** One piece of a word or line diff: text kept, added or removed. */
export interface TextPart {
  op: 'same' | 'added' | 'removed';
  text: string;
}

/** One changed leaf of a JSON value: `path` in JSONPath-like dotted form (`contentData[1].title`). */
export interface JsonPathChange {
  path: string;
  change: 'added' | 'removed' | 'changed';
  from?: unknown;
  to?: unknown;
  /** When both are strings (the markup of a rich text value, a text in a block): their word diff. */
  text?: TextPart[];
}

export interface PropertyChange {
  alias: string;
  culture: string | null;
  editorAlias: string | null;
  change: 'added' | 'removed' | 'changed';
  from: unknown;
  to: unknown;
  /** For strings: a word diff (one line) or a line diff (several lines). */
  text?: TextPart[];
  /** For objects and arrays (blocks, pickers, JSON): the changed paths. */
  paths?: JsonPathChange[];
}

export interface ChangedItem extends ItemRef {
  properties: PropertyChange[];
}

export interface ItemChanges {
  added: ItemRef[];
  removed: ItemRef[];
  moved: MovedItem[];
  renamed: RenamedItem[];
  urlChanged: UrlChangedItem[];
  retyped: RetypedItem[];
  sortOrderChanged: SortOrderChangedItem[];
  changed: ChangedItem[];
}

export interface TypeRef {
  key: string;
  alias: string;
  name: string;
  kind: 'content' | 'media';
  element: boolean;
}

export interface PropertyTypeRef {
  alias: string;
  name: string | null;
  editorAlias: string | null;
  dataTypeId: number | null;
  group: string | null;
}

export interface ChangedType extends TypeRef {
  /** Fields of the type itself that changed: name, alias, element, variesByCulture, icon. */
  fields: { field: string; from: unknown; to: unknown }[];
  properties: {
    added: PropertyTypeRef[];
    removed: PropertyTypeRef[];
    renamed: {
      key: string | null;
      fromAlias: string;
      toAlias: string;
      fromName: string | null;
      toName: string | null;
    }[];
    editorChanged: { alias: string; from: string | null; to: string | null }[];
    dataTypeChanged: { alias: string; from: number | null; to: number | null }[];
    groupChanged: { alias: string; from: string | null; to: string | null }[];
  };
  compositions: { added: string[]; removed: string[] };
  allowedChildren: { added: string[]; removed: string[] };
}

export interface TypeChanges {
  added: TypeRef[];
  removed: TypeRef[];
  changed: ChangedType[];
}

export interface SnapshotDiff {
  formatVersion: typeof DIFF_FORMAT_VERSION;
  from: SnapshotSide;
  to: SnapshotSide;
  items: ItemChanges;
  contentTypes: TypeChanges;
  /** What changed in the extras (drafts, dictionary, redirects…); absent from change lists written before them. */
  extras?: ExtrasChanges;
}

export const ITEM_CHANGE_KINDS = [
  'added',
  'removed',
  'moved',
  'renamed',
  'urlChanged',
  'retyped',
  'sortOrderChanged',
  'changed',
] as const satisfies readonly (keyof ItemChanges)[];

export const emptyItemChanges = (): ItemChanges => ({
  added: [],
  removed: [],
  moved: [],
  renamed: [],
  urlChanged: [],
  retyped: [],
  sortOrderChanged: [],
  changed: [],
});

export const countItemChanges = (items: ItemChanges): number =>
  ITEM_CHANGE_KINDS.reduce((sum, kind) => sum + items[kind].length, 0);

export const countTypeChanges = (types: TypeChanges): number =>
  types.added.length + types.removed.length + types.changed.length;

export const describeChangeCounts = (diff: SnapshotDiff): string =>
  `${countTypeChanges(diff.contentTypes)} content type changes, ${countItemChanges(diff.items)} item changes`;
