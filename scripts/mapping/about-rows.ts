/** The About sheet: the snapshot the workbook was made from, how to use it, and what reading the previous one found. */
import type { ModelFacts } from '../core/mapping-format.ts';
import { DISPOSITIONS, TRANSFORMS } from '../core/mapping-format.ts';

export interface AboutInput {
  facts: ModelFacts;
  generatedAt: string;
  from?: string;
  warnings: string[];
  drift: number;
}

const HOW_TO = [
  'Fill the shaded columns: target (where it goes in the new system), disposition (Types), transform, status and note.',
  `Dropdowns: disposition is one of ${DISPOSITIONS.join(', ')}; transform is one of ${TRANSFORMS.join(', ')}.`,
  'Rows are matched by their hidden key columns, never by position: sort, filter, add columns or rows freely.',
  'Regenerate after a new snapshot with npm run mapping -- --snapshot DIR --out NEW.xlsx --from THIS.xlsx: every ' +
    'answer moves to the row with the same key, and the drift column says what is new, renamed, changed or removed.',
  'Facts (items, fill, samples) come from the snapshot; edits to them are replaced on the next regeneration.',
];

export function listAboutRows(input: AboutInput): Array<[string, string]> {
  const { facts } = input;
  const rows: Array<[string, string]> = [
    ['Source', facts.source.url],
    ['Source kind', facts.source.kind],
    ...(facts.source.database === undefined ? [] : [['Database', facts.source.database] as [string, string]]),
    ['Snapshot finished', facts.source.finishedAt],
    ['Workbook generated', input.generatedAt],
    ['Content items', String(facts.counts.content)],
    ['Media items', String(facts.counts.media)],
    ['Types', String(facts.types.length)],
    ['Properties (type × property)', String(facts.properties.length)],
    ['Block uses (host × property × element)', String(facts.blocks.length)],
    ['Property editors', String(facts.editors.length)],
    ['Answers from', input.from ?? '(none: a first workbook)'],
    ['Drift rows', String(input.drift)],
    ...HOW_TO.map((text, i): [string, string] => [i === 0 ? 'How to use' : '', text]),
  ];
  if (input.warnings.length === 0) return rows;
  return [...rows, ...input.warnings.map((w, i): [string, string] => [i === 0 ? 'Read warnings' : '', w])];
}
