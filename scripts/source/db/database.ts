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
  close(): void;
}

/** The database file cannot be opened or read. Carries no SQL or stack in its message. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}
