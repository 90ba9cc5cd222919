import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../src/db/db';
import { createPgliteDb } from '../../src/db/pglite-db';
import { createPgliteWorkerDb } from '../../src/db/pglite-worker-db';
import { createDb } from '../../src/db/create-db';
import { createPgliteFolder } from '../../src/db/pglite-create';

/** A statement that keeps the database busy for a while (hundreds of milliseconds on any machine). */
const SLOW_SQL = 'SELECT sum(a * b) AS s FROM generate_series(1, 1000) a, generate_series(1, 1000) b';

/** Timer ticks of the calling thread while `work` runs: none when the work holds the thread until it is done. */
async function ticksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => (ticks += 1), 1);
  try {
    await work();
    return ticks;
  } finally {
    clearInterval(timer);
  }
}

describe('embedded database on a thread of its own', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pglite-worker-'));
    db = await createPgliteWorkerDb(path.join(dir, 'pglite'));
    await db.exec(`CREATE TABLE probe (id integer PRIMARY KEY, note text, at timestamptz, doc jsonb, raw bytea,
      big bigint, ratio numeric)`);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when rows cross threads, then dates, documents, bytes, counts and numerics keep their types', async () => {
    const at = new Date('2026-12-04T10:00:00.000Z');
    await db.query('INSERT INTO probe VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      1,
      'first',
      at,
      JSON.stringify({ side: 'buy', qty: 2 }),
      new Uint8Array([0, 1, 255]),
      9_007_199_254_740_991,
      '1.25',
    ]);
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM probe WHERE id = 1');
    expect(row).toEqual({
      id: 1,
      note: 'first',
      at,
      doc: { side: 'buy', qty: 2 },
      raw: new Uint8Array([0, 1, 255]),
      big: 9_007_199_254_740_991,
      ratio: 1.25,
    });
    // A Date of the server's realm (jest runs tests in a realm of their own, so `instanceof` cannot tell here).
    expect(Object.prototype.toString.call(row?.at)).toBe('[object Date]');
  });

  it("when a statement fails, then the caller gets PostgreSQL's error with its code and constraint", async () => {
    await db.query("INSERT INTO probe (id, note) VALUES (2, 'second')");
    const failed = await db
      .query("INSERT INTO probe (id, note) VALUES (2, 'again')")
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({ code: '23505', constraint: 'probe_pkey' });
    expect((failed as Error).message).toMatch(/duplicate key/);
    // The database is still usable after the refusal.
    expect(await db.query('SELECT note FROM probe WHERE id = 2')).toEqual([{ note: 'second' }]);
  });

  it('when a transaction commits, then its rows stay; when it throws, then the error is the caller’s and nothing is kept', async () => {
    const kept = await db.tx(async (tx) => {
      await tx.query("INSERT INTO probe (id, note) VALUES (3, 'kept')");
      // A nested call joins the outer transaction.
      await tx.tx((inner) => inner.query("INSERT INTO probe (id, note) VALUES (4, 'nested')"));
      return (await tx.query<{ n: number }>('SELECT count(*) AS n FROM probe WHERE id IN (3, 4)'))[0]?.n;
    });
    expect(kept).toBe(2);
    const boom = new Error('boom');
    await expect(
      db.tx(async (tx) => {
        await tx.query("INSERT INTO probe (id, note) VALUES (5, 'lost')");
        throw boom;
      }),
    ).rejects.toBe(boom);
    await expect(
      db.tx(async (tx) => {
        await tx.query("INSERT INTO probe (id, note) VALUES (6, 'lost too')");
        await tx.query("INSERT INTO probe (id, note) VALUES (3, 'duplicate')");
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const ids = await db.query<{ id: number }>('SELECT id FROM probe WHERE id BETWEEN 3 AND 6 ORDER BY id');
    expect(ids.map((row) => row.id)).toEqual([3, 4]);
  });

  it('when a statement arrives while a transaction is open, then it runs after the transaction and sees its rows', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await db.tx(async (tx) => {
      await tx.query("INSERT INTO probe (id, note) VALUES (7, 'in transaction')");
      outside = db.query<{ note: string }>('SELECT note FROM probe WHERE id = 7').then((rows) => {
        order.push('outside');
        return rows;
      });
      await tx.query("UPDATE probe SET note = 'committed' WHERE id = 7");
      order.push('commit');
    });
    expect(await outside).toEqual([{ note: 'committed' }]);
    expect(order).toEqual(['commit', 'outside']);
  });

  it('when many statements are in flight at once, then each gets its own answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => db.query<{ n: number }>('SELECT $1::int * 2 AS n', [i])),
    );
    expect(answers.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
  });

  it('when the database works on a long statement, then the calling thread keeps running', async () => {
    expect(await ticksDuring(() => db.query(SLOW_SQL))).toBeGreaterThan(0);
  });

  it('when closed and opened again on the same folder, then the rows are there', async () => {
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow('The embedded database is closed');
    db = await createPgliteWorkerDb(path.join(dir, 'pglite'));
    const notes = await db.query<{ note: string }>('SELECT note FROM probe ORDER BY id');
    expect(notes.map((row) => row.note)).toEqual(['first', 'second', 'kept', 'nested', 'committed']);
  });
});

describe('embedded database on the calling thread (tests and tools)', () => {
  it('when it works on a long statement, then the calling thread waits for it', async () => {
    const db = await createPgliteDb();
    try {
      // The contrast that makes the worker worth having: the same statement holds this thread to the end.
      expect(await ticksDuring(() => db.query(SLOW_SQL))).toBe(0);
    } finally {
      await db.close();
    }
  });
});

describe('the server embedded database', () => {
  it('when the data folder is new, then it is created, answers, and keeps its rows for the next start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'create-db-'));
    try {
      const first = await createDb({ dataDir });
      await first.exec('CREATE TABLE kept (id integer PRIMARY KEY)');
      await first.query('INSERT INTO kept VALUES (1)');
      await first.close();
      const again = await createDb({ dataDir });
      expect(await again.query('SELECT id FROM kept')).toEqual([{ id: 1 }]);
      await again.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('when the new data folder cannot be created, then the start fails saying so', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'create-db-'));
    try {
      // A file where the database's folder would go: the process that creates it fails, and says how.
      writeFileSync(path.join(dataDir, 'blocked'), '');
      await expect(createPgliteFolder(path.join(dataDir, 'blocked', 'pglite'))).rejects.toThrow(
        'Creating the embedded database failed (exit code 1)',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
