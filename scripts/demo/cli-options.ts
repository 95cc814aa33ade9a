import { z } from 'zod';
import { defineFlags } from '../core/cli/flag-help.ts';
import { flagProblems, parseFlags, wholeNumber } from '../core/cli/flags.ts';
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
  oneRoot: boolean;
  record: string | null;
  force: boolean;
  verbose: boolean;
  help: boolean;
}

export type ParsedCli = { ok: true; options: Readonly<CliOptions> } | { ok: false; problems: string[] };

export const DEMO_FLAGS = defineFlags({
  usage: 'npm run demo-db -- --out FILE [options]',
  about:
    'Writes a deterministic Umbraco 17.0 SQLite database (the same seed gives the same bytes), beside the target ' +
    'and renamed into place.',
  flags: [
    { name: 'out', value: 'FILE', text: 'the database to write (required)' },
    { name: 'items', value: 'N', text: 'content items (default 2000)' },
    { name: 'languages', value: 'N', text: `languages, 1 to ${LANGUAGES.length} (default 2)` },
    { name: 'seed', value: 'S', text: 'the generator seed (default 1)' },
    { name: 'max-children', value: 'N', text: 'children of one item at most (default: the plan decides)' },
    { name: 'one-root', text: "only the main site's tree: no media, no other root, nothing trashed" },
    { name: 'record', value: 'FILE', text: 'also write what was generated, one JSON line per item' },
    { name: 'force', text: 'overwrite --out and --record when they exist' },
    { name: 'verbose', text: 'stack traces on errors' },
  ],
  footer: 'Exit codes: 0 done, 1 generation failed, 2 bad flags, 3 the output exists and --force was not given.',
});

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
      oneRoot: switches.has('one-root'),
      record: flags.record ?? null,
      force: switches.has('force'),
      verbose: switches.has('verbose'),
      help,
    }),
  };
}
