/**
 * The one persistence seam of the server: PostgreSQL dialect everywhere, backed by embedded PGlite by default
 * or by a real PostgreSQL pool when `DATABASE_URL` is set.
 *
 * Both implementations parse `int8` and `numeric` columns into JS numbers (counts, ratios, balances), and
 * `timestamptz` into `Date`, so callers see the same values whatever the backend.
 */
export interface Db {
  /** The backend: the copy engine keeps its claims in the process when the database is embedded. */
  readonly kind: DbKind;
  /**
   * Statements run on the calling thread (PGlite opened in-thread, as tests and tools do): a long statement holds
   * that thread. The server's embedded database runs on a thread of its own and PostgreSQL in its own process.
   */
  readonly onCallersThread?: boolean;
  /**
   * One statement with `$1`-style parameters; answers the rows. `name` (a hot statement's, one name per text):
   * PostgreSQL keeps it parsed and planned on each connection instead of doing both for every call (a copy's
   * claim: 0.8 → 0.5 ms); the embedded database ignores it.
   */
  query<T>(sql: string, params?: unknown[], name?: string): Promise<T[]>;
  /** Runs `fn` inside a transaction; nested calls join the outer transaction. */
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** A pool's connections, when the backend has one (PostgreSQL): operators' metrics read it. */
  poolUse?(): DbPoolUse;
  /**
   * A pool of `max` connections of its own (PostgreSQL), for statements that must not queue behind the rest of
   * the server's (a copy's claim stands between a leader's fill and the followers' orders). Closed with this one.
   */
  reserved?(max: number): Db;
}

/** A pool's connections: all open, idle among them, and the callers waiting for one. */
export interface DbPoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** Which backend a Db talks to, for the few places that care (tests, logs). */
export type DbKind = 'pglite' | 'postgres';
