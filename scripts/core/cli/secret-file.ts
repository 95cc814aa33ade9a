/**
 * Secrets (API keys) come from the environment or a file, never from a flag: the command line lands in shell history
 * and process lists.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type SecretRead = { secret: string | undefined } | { problem: string };

/**
 * The key in `file` (trimmed), else the env value; an empty file or an unreadable one is a problem. Read at once, as
 * the rest of a command line is checked: a configuration is whole before anything runs.
 */
export function readSecret(file: string | undefined, envValue: string | undefined, cwd: string): SecretRead {
  if (file === undefined) return { secret: envValue === '' ? undefined : envValue };
  try {
    const secret = readFileSync(path.resolve(cwd, file), 'utf8').trim();
    return secret === '' ? { problem: `${file} is empty` } : { secret };
  } catch (error) {
    return { problem: `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
}
