/**
 * Flags as every command takes them: `--name value`, `--name=value`, bare switches and, where a command names folders,
 * bare arguments; every problem collected so a command line is fixed in one go. Not node:util parseArgs: it takes
 * `--quiet` as the value of a bare `--out`, where these commands say "--out needs a value", and stops at the first
 * problem.
 */
import { z } from 'zod';

export interface FlagSpec {
  readonly values: readonly string[];
  readonly switches: readonly string[];
  /** Flags refused with a reason (a secret on the command line); a value after them is skipped. */
  readonly refused?: Readonly<Record<string, string>>;
  /** Whether bare arguments (folder names) are taken; otherwise each is a problem. */
  readonly positionals?: boolean;
}

export interface ParsedFlags {
  /** Flags in command-line order, values included, for handing on to another command unchanged. */
  readonly given: ReadonlyArray<{ name: string; value?: string }>;
  readonly values: Record<string, string>;
  readonly switches: Set<string>;
  /** Bare arguments, in order, when the spec takes them. */
  readonly positionals: string[];
  readonly problems: string[];
}

export function parseFlags(argv: readonly string[], spec: FlagSpec): ParsedFlags {
  const parsed: ParsedFlags = { given: [], values: {}, switches: new Set(), positionals: [], problems: [] };
  const given = parsed.given as Array<{ name: string; value?: string }>;
  const nextIsValue = (index: number): boolean =>
    index + 1 < argv.length && !(argv[index + 1] as string).startsWith('--');
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    const name = match?.[1];
    const refusal = name === undefined ? undefined : spec.refused?.[name];
    if ((match === null || name === undefined) && spec.positionals === true && !arg.startsWith('--'))
      parsed.positionals.push(arg);
    else if (match === null || name === undefined)
      parsed.problems.push(`unexpected argument ${JSON.stringify(arg.slice(0, 40))}`);
    else if (refusal !== undefined) {
      parsed.problems.push(refusal);
      if (match[2] === undefined && nextIsValue(index)) index += 1;
    } else if (spec.switches.includes(name)) {
      parsed.switches.add(name);
      given.push({ name });
    } else if (!spec.values.includes(name)) parsed.problems.push(`unknown option --${name}`);
    else if (match[2] === undefined && !nextIsValue(index)) parsed.problems.push(`--${name} needs a value`);
    else {
      const value = match[2] ?? argv[++index] ?? '';
      parsed.values[name] = value;
      given.push({ name, value });
    }
  }
  return parsed;
}

/** One line per zod issue, named by the flag it is about. */
export const flagProblems = (error: z.ZodError): string[] =>
  error.issues.map((issue) => `--${String(issue.path[0])}: ${issue.message}`);

/** A whole-number flag from `min` to `max`, `fallback` when it is not given. */
export const wholeNumber = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .optional()
    .transform((value) => value ?? fallback);
