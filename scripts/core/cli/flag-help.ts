/**
 * A command's flags described once: what the parser accepts and what `--help` says come from the same list, so a
 * flag cannot be taken without being documented, nor documented without being taken.
 */
import type { FlagSpec } from './flags.ts';

export interface FlagDoc {
  readonly name: string;
  /** The value's placeholder (DIR, N, URL); a flag without one is a switch. */
  readonly value?: string;
  readonly text: string;
}

export interface CommandHelp {
  /** The command line's shape, e.g. `npm run diff -- --from DIR --to DIR [options]`. */
  readonly usage: string;
  /** What the command does, a sentence or two; printed under the usage line. */
  readonly about?: string;
  readonly flags: readonly FlagDoc[];
  /** Printed after the flags: exit codes, environment variables. */
  readonly footer?: string;
}

export interface DocumentedFlagSpec extends FlagSpec {
  readonly help: CommandHelp;
}

const HELP_FLAG: FlagDoc = { name: 'help', text: 'print this text and exit' };

/**
 * The parser's spec from the documented flags: a flag with a placeholder takes a value, any other is a switch.
 * Every command takes --help.
 */
export function defineFlags(
  help: CommandHelp,
  extra: Pick<FlagSpec, 'refused' | 'positionals'> = {},
): DocumentedFlagSpec {
  const flags = help.flags.some((flag) => flag.name === 'help') ? help.flags : [...help.flags, HELP_FLAG];
  return Object.freeze({
    values: flags.filter((flag) => flag.value !== undefined).map((flag) => flag.name),
    switches: flags.filter((flag) => flag.value === undefined).map((flag) => flag.name),
    ...extra,
    help: Object.freeze({ ...help, flags }),
  });
}

const WIDTH = 118;
const COLUMN = 26;

/** Words to lines of at most `width` characters (a longer word stands alone). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

function formatFlag(flag: FlagDoc): string[] {
  const head = `  --${flag.name}${flag.value === undefined ? '' : ` ${flag.value}`}`;
  const [first = '', ...rest] = wrap(flag.text, WIDTH - COLUMN);
  const lead = head.length < COLUMN ? head.padEnd(COLUMN) : `${head}\n${' '.repeat(COLUMN)}`;
  return [`${lead}${first}`, ...rest.map((line) => `${' '.repeat(COLUMN)}${line}`)];
}

/** The `--help` text: usage, what the command does, one entry per flag in the spec's order, then the footer. */
export function formatHelp(help: CommandHelp): string {
  const about = help.about === undefined ? [] : ['', ...wrap(help.about, WIDTH)];
  const footer = help.footer === undefined ? [] : ['', ...help.footer.split('\n').flatMap((l) => wrap(l, WIDTH))];
  return [`Usage: ${help.usage}`, ...about, '', 'Options:', ...help.flags.flatMap(formatFlag), ...footer].join('\n');
}
