import { z } from 'zod';
import { flagProblems, parseFlags, wholeNumber, type FlagSpec } from '../core/cli/flags.ts';
import { LANGUAGES } from './model/umbraco-constants.ts';

/**
 * Flags of `npm run demo-db`, parsed into a frozen object. Every problem is reported at once, so a
 * user fixes a command line in one go.
 */
export interface CliOptions {
  out: string;
  items: number;
  languages: number;
  seed: number;
  maxChildren: number | null;
  record: string | null;
  force: boolean;
  verbose: boolean;
  help: boolean;
}

export type ParsedCli = { ok: true; options: Readonly<CliOptions> } | { ok: false; problems: string[] };

export const USAGE =
  'usage: npm run demo-db -- --out FILE [--items N] [--languages 1-4] [--seed S] [--max-children N] [--record FILE] [--force] [--verbose]';

const DEMO_FLAGS: FlagSpec = {
  values: ['out', 'items', 'languages', 'seed', 'max-children', 'record'],
  switches: ['force', 'verbose', 'help'],
};

const nonEmpty = z.string().min(1, 'must not be empty');

const schema = z.object({
  out: nonEmpty.optional(),
  items: wholeNumber(1, 2_000_000, 2000),
  languages: wholeNumber(1, LANGUAGES.length, 2),
  seed: wholeNumber(0, 4_294_967_295, 1),
  'max-children': wholeNumber(2, 1_000_000, 0),
  record: nonEmpty.optional(),
});

export function parseCli(argv: readonly string[]): ParsedCli {
  const { values, switches, problems } = parseFlags(argv, DEMO_FLAGS);
  const parsed = schema.safeParse(values);
  if (!parsed.success) problems.push(...flagProblems(parsed.error));
  const help = switches.has('help');
  if (values.out === undefined && !help) problems.push('--out FILE is required');
  if (!parsed.success || problems.length > 0) return { ok: false, problems };
  const flags = parsed.data;
  return {
    ok: true,
    options: Object.freeze({
      out: flags.out ?? '',
      items: flags.items,
      languages: flags.languages,
      seed: flags.seed,
      maxChildren: flags['max-children'] === 0 ? null : flags['max-children'],
      record: flags.record ?? null,
      force: switches.has('force'),
      verbose: switches.has('verbose'),
      help,
    }),
  };
}
