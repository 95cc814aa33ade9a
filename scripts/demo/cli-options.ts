import { parseArgs } from 'node:util';
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
  record: string | null;
  force: boolean;
  verbose: boolean;
  help: boolean;
}

export type ParsedCli = { ok: true; options: Readonly<CliOptions> } | { ok: false; problems: string[] };

export const USAGE =
  'usage: npm run demo-db -- --out FILE [--items N] [--languages 1-4] [--seed S] [--record FILE] [--force] [--verbose]';

const STRING_FLAGS = ['out', 'items', 'languages', 'seed', 'record'] as const;
const BOOLEAN_FLAGS = ['force', 'verbose', 'help'] as const;
const INTEGER_LIMITS = {
  items: [1, 2_000_000, 2000],
  languages: [1, LANGUAGES.length, 2],
  seed: [0, 4_294_967_295, 1],
} as const;

export function parseCli(argv: readonly string[]): ParsedCli {
  const { values, positionals, tokens } = parseArgs({
    args: [...argv],
    strict: false,
    allowPositionals: true,
    tokens: true,
    options: Object.fromEntries([
      ...STRING_FLAGS.map((name) => [name, { type: 'string' as const }]),
      ...BOOLEAN_FLAGS.map((name) => [name, { type: 'boolean' as const }]),
    ]),
  });
  const problems = strayArguments(tokens, positionals);
  const text = (name: (typeof STRING_FLAGS)[number]): string | null => {
    const value = values[name];
    if (value === undefined) return null;
    if (typeof value !== 'string' || value === '') problems.push(`--${name} needs a value`);
    return typeof value === 'string' ? value : null;
  };
  const integer = (name: keyof typeof INTEGER_LIMITS): number => {
    const [min, max, fallback] = INTEGER_LIMITS[name];
    const raw = text(name);
    if (raw === null) return fallback;
    const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!(value >= min && value <= max))
      problems.push(`--${name} must be an integer from ${min} to ${max} (got "${raw}")`);
    return value;
  };
  const options: CliOptions = {
    out: text('out') ?? '',
    items: integer('items'),
    languages: integer('languages'),
    seed: integer('seed'),
    record: text('record'),
    force: values.force === true,
    verbose: values.verbose === true,
    help: values.help === true,
  };
  if (!options.out && !options.help && values.out === undefined) problems.push('--out FILE is required');
  return problems.length > 0 ? { ok: false, problems } : { ok: true, options: Object.freeze(options) };
}

type Tokens = ReturnType<typeof parseArgs>['tokens'];

function strayArguments(tokens: Tokens, positionals: string[]): string[] {
  const known = new Set<string>([...STRING_FLAGS, ...BOOLEAN_FLAGS]);
  const unknown = (tokens ?? []).flatMap((t) =>
    t.kind === 'option' && !known.has(t.name) ? [`unknown flag ${t.rawName}`] : [],
  );
  return [...unknown, ...positionals.map((p) => `unexpected argument "${p}"`)];
}
