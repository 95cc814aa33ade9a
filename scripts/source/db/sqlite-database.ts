import { existsSync, openSync, readSync, closeSync, statSync } from 'node:fs';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { DatabaseChangedError, DatabaseUnavailableError, type Database, type Row, type SqlValue } from './database.ts';

const SQLITE_HEADER = 'SQLite format 3\0';

/** What the first bytes of a file say it is, for a one-line error when it is not SQLite. */
export function sniffFileKind(path: string): 'sqlite' | 'sql-server' | 'sql-ce' | 'empty' | 'unknown' {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(16);
    const read = readSync(fd, head, 0, 16, 0);
    if (read === 0) return 'empty';
    if (head.toString('latin1', 0, 16) === SQLITE_HEADER) return 'sqlite';
    // SQL Server .mdf files start with a file header page of type 15; SQL CE .sdf files have no text magic.
    if (path.toLowerCase().endsWith('.mdf') || (head[0] === 0x01 && head[1] === 0x0f)) return 'sql-server';
    if (path.toLowerCase().endsWith('.sdf')) return 'sql-ce';
    return 'unknown';
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens an Umbraco SQLite file strictly read-only. Umbraco files are in WAL mode and even a read-only
 * open creates -shm/-wal files beside them, so a file without a pending WAL is opened `immutable=1`
 * (nothing is created, a read-only folder works). A file with a non-empty -wal holds recent commits
 * that `immutable` would ignore, so it is opened `mode=ro` instead, which needs a writable folder.
 */
export function openSqliteDatabase(path: string): Database {
  if (!existsSync(path)) throw new DatabaseUnavailableError(`database file not found: ${path}`);
  if (!statSync(path).isFile()) throw new DatabaseUnavailableError(`not a file: ${path}`);
  const kind = sniffFileKind(path);
  if (kind !== 'sqlite') throw new DatabaseUnavailableError(describeNonSqlite(path, kind));
  const walPath = `${path}-wal`;
  const pendingWal = existsSync(walPath) && statSync(walPath).size > 0;
  const url = pathToFileURL(path);
  url.searchParams.set('mode', 'ro');
  if (!pendingWal) url.searchParams.set('immutable', '1');
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(url, { readOnly: true });
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (error) {
    const hint = pendingWal
      ? ' (it has a pending -wal file: checkpoint it, or give the folder write access for -shm)'
      : '';
    throw new DatabaseUnavailableError(`cannot read ${path} as SQLite${hint}: ${(error as Error).message}`);
  }
  return new SqliteDatabase(db, path);
}

/** What identifies one version of the file: a copy over it changes size or mtime, a rename over it the inode. */
function fileIdentity(path: string): string {
  try {
    const stat = statSync(path, { bigint: true });
    return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}`;
  } catch {
    return 'missing';
  }
}

function describeNonSqlite(path: string, kind: string): string {
  switch (kind) {
    case 'empty':
      return `${path} is empty, not an Umbraco database`;
    case 'sql-server':
      return `${path} looks like a SQL Server data file; only Umbraco SQLite databases (v10+) are supported`;
    case 'sql-ce':
      return (
        `${path} looks like a SQL CE (.sdf) file from Umbraco 7/8; only Umbraco SQLite databases (v10+) ` +
        `are supported`
      );
    default:
      return `${path} is not a SQLite database`;
  }
}

class SqliteDatabase implements Database {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();
  readonly #path: string;
  readonly #identity: string;

  constructor(db: DatabaseSync, path: string) {
    this.#db = db;
    this.#path = path;
    this.#identity = fileIdentity(path);
  }

  assertUnchanged(): void {
    if (fileIdentity(this.#path) === this.#identity) return;
    throw new DatabaseChangedError(
      `the database file changed since the service started: ${this.#path}; restart the service to serve it`,
    );
  }

  all<T extends Row = Row>(sql: string, params: readonly SqlValue[] = []): T[] {
    return this.#run(() => this.#prepare(sql).all(...params) as T[]);
  }

  find<T extends Row = Row>(sql: string, params: readonly SqlValue[] = []): T | undefined {
    return this.#run(() => this.#prepare(sql).get(...params) as T | undefined);
  }

  listTables(): Map<string, Set<string>> {
    const tables = new Map<string, Set<string>>();
    const names = this.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'");
    for (const { name } of names) {
      const columns = this.all<{ name: string }>('SELECT name FROM pragma_table_info(?)', [name]);
      tables.set(name.toLowerCase(), new Set(columns.map((c) => c.name.toLowerCase())));
    }
    return tables;
  }

  close(): void {
    this.#statements.clear();
    this.#db.close();
  }

  #prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #run<T>(query: () => T): T {
    try {
      return query();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ERR_SQLITE_ERROR')
        throw new DatabaseUnavailableError(`database read failed: ${(error as Error).message}`);
      throw error;
    }
  }
}
