/**
 * The database seam: the only interface the readers see. node:sqlite today; another dialect
 * (SQL Server, say) is a new implementation of `Database`, not edits in the readers.
 */
export type SqlValue = string | number | bigint | null | Uint8Array;
export type Row = Record<string, SqlValue>;

export interface Database {
  /** Every row of a read-only query. */
  all<T extends Row = Row>(sql: string, params?: readonly SqlValue[]): T[];
  /** The first row of a read-only query, or undefined. */
  find<T extends Row = Row>(sql: string, params?: readonly SqlValue[]): T | undefined;
  /** Names of the tables (lower-cased) and their columns (lower-cased), for feature probes. */
  listTables(): Map<string, Set<string>>;
  /** Throws DatabaseChangedError when the file is no longer the one opened (size, mtime or inode differ). */
  assertUnchanged(): void;
  close(): void;
}

/** The database file cannot be opened or read. Carries no SQL or stack in its message. */
export class DatabaseUnavailableError extends Error {
  override readonly name: string = 'DatabaseUnavailableError';
}

/**
 * The file changed under a running service. The catalog was loaded from the old file, and an `immutable` open
 * would read the new pages as if they were the old ones: answers stop until the service is restarted.
 */
export class DatabaseChangedError extends DatabaseUnavailableError {
  override readonly name = 'DatabaseChangedError';
}
