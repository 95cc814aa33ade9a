/** The source files of some code as one hash: what a build keeps between runs is not used by another version. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The source files under `dirs` (recursively) and `files`, in a stable order, as one hash. */
export function hashCode(dirs: readonly string[], files: readonly string[]): string {
  const hash = createHash('sha1');
  const add = (file: string) => hash.update(`${file}\n`).update(readFileSync(file)).update('\n');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && /\.(ts|mjs|js|json)$/.test(entry.name)) add(full);
    }
  };
  for (const dir of dirs) walk(dir);
  for (const file of files) add(file);
  return hash.digest('base64url');
}
