import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../src/db/db';
import { pruneExpired, vacuumEmbedded } from '../../src/db/housekeeping';
import { migrate } from '../../src/db/migrate';
import { createTestDb, usingPostgres } from '../support/test-db';

describe('database and migrations', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.close();
  });

  (usingPostgres() ? it.skip : it)(
    'when the embedded database starts, then it keeps its own settings, skips zero-filling new WAL files and keeps 16 MB of shared buffers',
    async () => {
      const shown = async (name: string): Promise<string> =>
        Object.values((await db.query<Record<string, string>>(`SHOW ${name}`))[0] ?? {})[0] ?? '';
      expect(await shown('wal_init_zero')).toBe('off');
      expect(await shown('shared_buffers')).toBe('16MB');
      // PGlite's defaults are kept, not replaced: the search path, and no parallel workers in its single process.
      expect(await shown('search_path')).toBe('public');
      expect(await shown('max_parallel_workers_per_gather')).toBe('0');
    },
  );

  it('when migrations run twice, then everything is recorded once and the second run applies nothing', async () => {
    await migrate(db);
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((row) => row.name)).toContain('001_core.sql');
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
  });

  it('when the core schema is migrated, then the copier columns exist on broker_accounts', async () => {
    const rows = await db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'broker_accounts' AND table_schema = current_schema()`,
    );
    const columns = rows.map((row) => row.column_name);
    for (const column of [
      'is_master',
      'is_follower',
      'ratio',
      'cross',
      'auto_sync',
      'enabled',
      'active',
      'cash_balance',
    ]) {
      expect(columns).toContain(column);
    }
  });

  it('when a folder has numbered files, then they run in filename order', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    writeFileSync(path.join(dir, '002_second.sql'), "INSERT INTO order_probe VALUES ('second');");
    writeFileSync(
      path.join(dir, '001_first.sql'),
      "CREATE TABLE order_probe (name text); INSERT INTO order_probe VALUES ('first');",
    );
    writeFileSync(path.join(dir, 'notes.txt'), 'ignored');
    expect(await migrate(db, dir)).toEqual(['001_first.sql', '002_second.sql']);
    expect(await db.query('SELECT name FROM order_probe')).toEqual([{ name: 'first' }, { name: 'second' }]);
  });

  it('when a transaction throws, then nothing of it is kept', async () => {
    await db.query('CREATE TABLE tx_probe (n integer)');
    await expect(
      db.tx(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES (1)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query('SELECT * FROM tx_probe')).toEqual([]);
  });

  it('when a statement is named, then PostgreSQL keeps it prepared on the connection, and the embedded database just runs it', async () => {
    const prepared = await db.tx(async (tx) => {
      const answers = [];
      for (const n of [1, 2])
        answers.push(await tx.query<{ n: number }>('SELECT $1::int + 1 AS n', [n], 'add-one'));
      expect(answers).toEqual([[{ n: 2 }], [{ n: 3 }]]);
      if (tx.kind !== 'postgres') return [];
      return tx.query<{ name: string }>(`SELECT name FROM pg_prepared_statements WHERE name = 'add-one'`);
    });
    expect(prepared).toEqual(db.kind === 'postgres' ? [{ name: 'add-one' }] : []);
  });

  it('when counts and numerics are read, then they are JS numbers on every backend', async () => {
    const rows = await db.query<{ n: number; r: number }>('SELECT count(*) AS n, 1.5::numeric AS r');
    expect(rows[0]).toEqual({ n: 1, r: 1.5 });
  });
});

describe('housekeeping', () => {
  it('when rows are long expired, then pruning removes them and keeps live ones', async () => {
    const db = await createTestDb();
    try {
      await migrate(db);
      await db.query(`INSERT INTO login_attempts (email, ip, succeeded, created_at) VALUES
        ('old@x.com', '1.1.1.1', false, now() - interval '2 days'), ('new@x.com', '1.1.1.1', false, now())`);
      await pruneExpired(db);
      expect(await db.query('SELECT email FROM login_attempts')).toEqual([{ email: 'new@x.com' }]);
    } finally {
      await db.close();
    }
  });

  it('when rows have been updated and deleted, then the hourly vacuum gives their space back on the embedded database and leaves PostgreSQL to its autovacuum', async () => {
    const db = await createTestDb();
    try {
      await migrate(db);
      await db.query(`INSERT INTO login_attempts (email, ip, succeeded)
        SELECT 'u' || n || '@x.com', '1.1.1.1', false FROM generate_series(1, 2000) AS n`);
      await db.query(`DELETE FROM login_attempts WHERE id % 2 = 0`);
      const vacuumed = async (): Promise<boolean> => {
        const [row] = await db.query<{ vacuumed: boolean }>(
          `SELECT last_vacuum IS NOT NULL AND last_analyze IS NOT NULL AS vacuumed
           FROM pg_stat_user_tables WHERE relname = 'login_attempts' AND schemaname = current_schema()`,
        );
        return row?.vacuumed ?? false;
      };
      expect(await vacuumed()).toBe(false);
      await vacuumEmbedded(db);
      expect(await vacuumed()).toBe(db.kind === 'pglite');
      if (db.kind === 'pglite') {
        const [dead] = await db.query<{ n: number }>(
          `SELECT n_dead_tup AS n FROM pg_stat_user_tables WHERE relname = 'login_attempts'`,
        );
        expect(dead?.n).toBe(0);
      }
    } finally {
      await db.close();
    }
  });
});
