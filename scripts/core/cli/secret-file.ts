/**
 * Secrets (API keys) come from the environment or a file, never from a flag: the command line lands in shell history
 * and process lists.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export type SecretRead = { secret: string | undefined } | { problem: string };

/** The key in `file` (trimmed), else the env value; an empty file or an unreadable one is a problem. */
export async function readSecret(
  file: string | undefined,
  envValue: string | undefined,
  cwd: string,
): Promise<SecretRead> {
  if (file === undefined) return { secret: envValue === '' ? undefined : envValue };
  try {
    const secret = (await readFile(path.resolve(cwd, file), 'utf8')).trim();
    return secret === '' ? { problem: `${file} is empty` } : { secret };
  } catch (error) {
    return { problem: `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
}
