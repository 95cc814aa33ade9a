/**
 * The change list between two snapshots (docs/diff-format.md): what `npm run diff -- --format json` writes and what
 * the site's Changes section reads. Items are keyed by GUID; a culture is `null` for invariant values.
 */
import type { ExtrasChanges } from './extras-diff-format.ts';
import type { ItemKind, Manifest } from './snapshot-format.ts';

export const DIFF_FORMAT_VERSION = 1 as const;
/** The change list in the site data folder, when the build had a previous snapshot. */
export const CHANGES_FILE = 'changes.json';
/** The change lists of the earlier nights still in `--history` (newest first), when the build kept more than one. */
export const CHANGES_ARCHIVE_FILE = 'changes-archive.json';

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

/**
 * The item's template, by alias (its name when it has none); `null`: no template. Matched by key, so a template
 * renamed is no change.
 */
export interface TemplateChangedItem extends ItemRef {
  from: string | null;
  to: string | null;
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
  /** The property's alias in the newer snapshot (in the older one when removed). */
  alias: string;
  /** Its alias in the older snapshot when the property was renamed (matched by key): values compared across it. */
  fromAlias?: string;
  culture: string | null;
  editorAlias: string | null;
  change: 'added' | 'removed' | 'changed';
  from: unknown;
  to: unknown;
  /** For strings: a word diff (one line) or a line diff (several lines). */
  text?: TextPart[];
  /**
   * For objects and arrays (blocks, pickers, JSON): the changed paths. For a rich text value saved in the other form
   * (see `form`): `markup` (the HTML of both) and any under `blocks`.
   */
  paths?: JsonPathChange[];
  /**
   * A rich text value stored in one form on one side and the other on the other: `html` (plain HTML, as Umbraco 8–14
   * store it) or `json` (`{markup, blocks}`, Umbraco 15 and later).
   */
  form?: { from: 'html' | 'json'; to: 'html' | 'json' };
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
  templateChanged: TemplateChangedItem[];
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
  /**
   * Fields of the type itself that changed: alias, name, element, variesByCulture, allowedAsRoot, icon, and
   * `defaultTemplate` (an alias or null) and `allowedTemplates` (sorted aliases), both matched by template key.
   */
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
    /** `variesByCulture` switched: to `false`, Umbraco keeps the default language's value and deletes the others. */
    varianceChanged: { alias: string; from: boolean | null; to: boolean | null }[];
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
  'templateChanged',
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
  templateChanged: [],
  changed: [],
});

/**
 * What every count of item changes counts, in the CLI, the markdown and the site alike: rows, one per listed change
 * (an item added, a rename in one language); for values, one per property and language.
 */
export const countRows = (items: ItemChanges, kind: (typeof ITEM_CHANGE_KINDS)[number]): number =>
  kind === 'changed' ? items.changed.reduce((sum, item) => sum + item.properties.length, 0) : items[kind].length;

export const countItemChanges = (items: ItemChanges): number =>
  ITEM_CHANGE_KINDS.reduce((sum, kind) => sum + countRows(items, kind), 0);

export const countTypeChanges = (types: TypeChanges): number =>
  types.added.length + types.removed.length + types.changed.length;

/** `2 content type changes, 9 item changes (7 values in 4 items)`: the same counts as the markdown and the site. */
export function describeChangeCounts(diff: SnapshotDiff): string {
  const values = countRows(diff.items, 'changed');
  const inItems = values === 0 ? '' : ` (${values} values in ${diff.items.changed.length} items)`;
  return `${countTypeChanges(diff.contentTypes)} content type changes, ${countItemChanges(diff.items)} item changes${inItems}`;
}

/** What changed among the items of one content type (`removed` items under their old type). */
export interface TypeSummary {
  type: string;
  kind: ItemKind;
  counts: Record<(typeof ITEM_CHANGE_KINDS)[number], number>;
  /** Items with any change. */
  items: number;
}

/** Rows per kind of change for each item type, the types with the most changed items first. */
export function summariseByType(items: ItemChanges): TypeSummary[] {
  const byType = new Map<string, TypeSummary & { keys: Set<string> }>();
  for (const kind of ITEM_CHANGE_KINDS) {
    for (const change of items[kind]) {
      const id = `${change.kind}\n${change.type}`;
      let summary = byType.get(id);
      if (summary === undefined) {
        const counts = Object.fromEntries(ITEM_CHANGE_KINDS.map((k) => [k, 0])) as TypeSummary['counts'];
        summary = { type: change.type, kind: change.kind, counts, items: 0, keys: new Set() };
        byType.set(id, summary);
      }
      summary.counts[kind] += kind === 'changed' ? (change as ChangedItem).properties.length : 1;
      summary.keys.add(change.key);
    }
  }
  return [...byType.values()]
    .map(({ keys, ...summary }) => ({ ...summary, items: keys.size }))
    .sort((a, b) => b.items - a.items || a.type.localeCompare(b.type) || a.kind.localeCompare(b.kind));
}
