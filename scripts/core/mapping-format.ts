/**
 * The mapping workbook's contract between its parts: the model facts derived from a snapshot (src/lib/mapping), the
 * workbook written and read back (scripts/mapping), and the answers the site shows (`--mapping`). docs/mapping.md
 * describes the workbook.
 */

export const DISPOSITIONS = ['migrate', 'merge', 'drop', 'rebuild', 'undecided'] as const;
export const TRANSFORMS = ['copy', 'convert', 'split', 'merge', 'drop', 'manual'] as const;

export type TypeKind = 'document' | 'element' | 'composition' | 'media';

export interface TypeFact {
  key: string;
  alias: string;
  name: string;
  kind: TypeKind;
  items: number;
  blockUses: number;
  composedInto: string[];
  parentOf: string[];
}

/** Filled values over the items (or, for element types, the block instances) counted, per language when it varies. */
export interface FillFact {
  filled: number;
  total: number;
  cultures?: Record<string, [filled: number, total: number]>;
}

export interface PropertyFact {
  /** `<type key>/<property key>`, or `<type key>/alias:<alias>` when the source sends no property key. */
  rowKey: string;
  typeKey: string;
  typeAlias: string;
  key: string | null;
  alias: string;
  name: string;
  group: string;
  inheritedFrom: string | null;
  editorAlias: string;
  dataType: string;
  mandatory: boolean;
  variesByCulture: boolean;
  fill: FillFact;
  /** Items (or block instances) holding a value in at least one language. */
  holding: number;
  /** Distinct non-empty values, counted up to DISTINCT_LIMIT. */
  distinct: number;
  longest: number;
  samples: string[];
}

export const DISTINCT_LIMIT = 10_000;

export interface BlockFact {
  /** `<host type key>/<property alias>/<element type key>`. */
  rowKey: string;
  hostKey: string;
  hostAlias: string;
  property: string;
  elementKey: string;
  elementAlias: string;
  instances: number;
  items: number;
}

export interface EditorFact {
  alias: string;
  properties: number;
  types: number;
  /** Items (or block instances) holding a value of a property with this editor. */
  values: number;
}

export interface ModelFacts {
  source: { url: string; kind: string; database?: string; finishedAt: string };
  counts: { content: number; media: number; types: number };
  types: TypeFact[];
  properties: PropertyFact[];
  blocks: BlockFact[];
  editors: EditorFact[];
}

/** One row whose thing changed since the workbook the answers came from. */
export interface DriftRow {
  sheet: string;
  key: string;
  alias: string;
  drift: string;
}

/** One answered row of a read workbook: its key, where it was, its alias as the workbook shows it, its cells. */
export interface AnswerRow {
  key: string;
  row: number;
  alias: string;
  answers: Record<string, string>;
  drift: string;
}

/** What a read workbook tells the site (`--mapping`): the analyst's answers by sheet, and its read warnings. */
export interface MappingAnswers {
  workbook: string;
  types: AnswerRow[];
  properties: AnswerRow[];
  blocks: AnswerRow[];
  editors: AnswerRow[];
  warnings: string[];
}

/** The file the build writes into the site data for the Mapping section (src/lib/mapping/site-mapping.ts). */
export const MAPPING_FILE = 'mapping.json';
/** The download beside the inventories: coverage and drift (docs/mapping.md). */
export const MAPPING_COVERAGE_FILE = 'mapping-coverage.json';
