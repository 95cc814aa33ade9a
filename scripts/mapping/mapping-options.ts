/** Flags of `npm run mapping`, parsed into one frozen object; every problem is reported at once. */
import { defineFlags } from '../core/cli/flag-help.ts';
import { parseFlags } from '../core/cli/flags.ts';

export interface MappingOptions {
  snapshot: string;
  out: string;
  from: string | undefined;
  verbose: boolean;
}

export const MAPPING_FLAGS = defineFlags({
  usage: 'npm run mapping -- --snapshot DIR --out FILE.xlsx [--from PREVIOUS.xlsx]',
  about:
    "The mapping workbook of a snapshot's model, with a previous workbook's answers carried by key (docs/mapping.md).",
  flags: [
    { name: 'snapshot', value: 'DIR', text: 'the snapshot whose model the workbook lists' },
    { name: 'out', value: 'FILE.xlsx', text: 'the workbook to write (replaced whole)' },
    {
      name: 'from',
      value: 'FILE.xlsx',
      text: 'a previous workbook: its answers are carried by key and drift is marked',
    },
    { name: 'verbose', text: 'stack traces on errors' },
  ],
  footer: 'Exit codes: 0 ok, 1 failed, 2 usage, 3 the snapshot unusable, 4 the --from workbook unusable.',
});

export class MappingUsageError extends Error {
  override name = 'MappingUsageError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('; '));
    this.problems = problems;
  }
}

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
