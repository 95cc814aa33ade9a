/** Flags of `npm run mapping`, parsed into one frozen object; every problem is reported at once. */
import { parseFlags, type FlagSpec } from '../core/cli/flags.ts';

export interface MappingOptions {
  snapshot: string;
  out: string;
  from: string | undefined;
  verbose: boolean;
}

export const MAPPING_USAGE = `Usage: npm run mapping -- --snapshot DIR --out FILE.xlsx [--from PREVIOUS.xlsx]
  --snapshot DIR        the snapshot whose model the workbook lists
  --out FILE.xlsx       the workbook to write (replaced whole)
  --from FILE.xlsx      a previous workbook: its answers are carried by key and drift is marked
  --verbose             stack traces on errors`;

export class MappingUsageError extends Error {
  override name = 'MappingUsageError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('; '));
    this.problems = problems;
  }
}

const MAPPING_FLAGS: FlagSpec = { values: ['snapshot', 'out', 'from'], switches: ['verbose'] };

export function parseMappingOptions(argv: readonly string[]): Readonly<MappingOptions> {
  const { values, switches, problems } = parseFlags(argv, MAPPING_FLAGS);
  if (values.snapshot === undefined) problems.push('--snapshot DIR is required');
  if (values.out === undefined) problems.push('--out FILE.xlsx is required');
  else if (!/\.xlsx$/i.test(values.out)) problems.push('--out must name an .xlsx file');
  if (problems.length > 0) throw new MappingUsageError(problems);
  return Object.freeze({
    snapshot: values.snapshot as string,
    out: values.out as string,
    from: values.from,
    verbose: switches.has('verbose'),
  });
}
