import pg from 'pg';
import type { Db } from './db';

const { Pool, types } = pg;

// Counts and numerics as numbers, like the PGlite backend; values stay well inside 2^53 here.
function getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === types.builtins.INT8 || oid === types.builtins.NUMERIC) return (value: string) => Number(value);
  return types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
}

type Client = Pick<pg.PoolClient, 'query'>;

/** A named statement is prepared once per connection (`pg` keeps the names each connection has prepared). */
function statement(text: string, values: unknown[], name: string | undefined): pg.QueryConfig {
  return name === undefined ? { text, values } : { name, text, values };
}

function wrapClient(client: Client): Db {
  const db: Db = {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = [], name?: string): Promise<T[]> {
      const result = await client.query(statement(sql, params, name));
      return result.rows as T[];
    },
    tx: (fn) => fn(db),
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
    async close(): Promise<void> {},
  };
  return db;
}

export interface PgDbOptions {
  connectionString: string;
  /** A schema to put first on the search path (tests use one fresh schema per file). */
  schema?: string;
  max?: number;
  /**
   * The database ends any transaction of this pool left idle this long (every connection, set at connect). A
   * cluster node paused or cut off mid-transaction would otherwise keep its row locks (the lease rows a fenced
   * write locks for share, the rows it updated), and no other node could take its copy groups over.
   */
  idleInTransactionMs?: number;
  /** Runs after the pool is closed (tests drop their schema here). */
  onClose?: () => Promise<void>;
}

function openPool(options: PgDbOptions, max: number): pg.Pool {
  const pool = new Pool({
    connectionString: options.connectionString,
    max,
    types: { getTypeParser } as unknown as pg.CustomTypesConfig,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    ...(options.idleInTransactionMs === undefined
      ? {}
      : { idle_in_transaction_session_timeout: options.idleInTransactionMs }),
  });
  // A connection the database ended while it sat in the pool is dropped by the pool; without a listener the
  // pool's error event would end the process.
  pool.on('error', () => undefined);
  return pool;
}

/** Real PostgreSQL through a `pg` pool. */
export function createPgDb(options: PgDbOptions): Db {
  const pool = openPool(options, options.max ?? 10);
  const reserved: pg.Pool[] = [];
  return {
    ...poolDb(pool),
    reserved(max: number): Db {
      const own = openPool(options, max);
      reserved.push(own);
      const close = async (): Promise<void> => {
        if (!reserved.includes(own)) return;
        reserved.splice(reserved.indexOf(own), 1);
        await own.end();
      };
      return { ...poolDb(own), close };
    },
    async close(): Promise<void> {
      await Promise.all(reserved.splice(0).map((own) => own.end()));
      await pool.end();
      await options.onClose?.();
    },
  };
}

function poolDb(pool: pg.Pool): Omit<Db, 'close'> {
  return {
    kind: 'postgres',
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async query<T>(sql: string, params: unknown[] = [], name?: string): Promise<T[]> {
      const result = await pool.query(statement(sql, params, name));
      return result.rows as T[];
    },
    async tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // The database may end a transaction left idle too long (a cluster node paused mid-write, see
      // cluster/fencing.ts): the client's error event then fails this transaction, not the process.
      const ended = (): void => undefined;
      client.on('error', ended);
      try {
        await client.query('BEGIN');
        const value = await fn(wrapClient(client));
        await client.query('COMMIT');
        return value;
      } catch (error: unknown) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', ended);
        client.release();
      }
    },
    async exec(sql: string): Promise<void> {
      await pool.query(sql);
    },
  };
}
