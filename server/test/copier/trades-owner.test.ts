import type { ImportTradeRow } from '@synctrade/api/types';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { importTrades } from '../../src/copier/history/trades-repo';
import { createTestDb, usingPostgres } from '../support/test-db';

/**
 * A trade belongs to a user. The statements that store trades lock the owner once (migration 441) instead of a
 * foreign key checking every row, and a trigger deletes a user's trades with the user.
 */
function trade(externalId: string): ImportTradeRow {
  return {
    symbol: 'ESZ6',
    side: 'buy',
    qty: 1,
    entry_time: '2026-11-02T14:00:00.000Z',
    exit_time: '2026-11-02T14:05:00.000Z',
    entry_price: 6000,
    exit_price: 6001,
    pnl: 50,
    external_id: externalId,
  };
}

async function addUser(db: Db, email: string): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash) VALUES ($1, 'x') RETURNING id`,
    [email],
  );
  return Number(row?.id);
}

async function tradesOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM copy_trades WHERE user_id = $1',
    [userId],
  );
  return Number(row?.n);
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 2_000; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never happened: ${what}`);
}

describe('trades and their owner', () => {
  let db: Db;

  beforeEach(async () => {
    db = await createTestDb();
    await migrate(db);
  });
  afterEach(async () => db.close());

  it('when trades are imported for a user that does not exist, then none is stored', async () => {
    const ann = await addUser(db, 'ann@example.com');
    expect(await importTrades(db, ann + 1000, [trade('a-1'), trade('a-2')])).toBe(0);
    const [all] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM copy_trades');
    expect(Number(all?.n)).toBe(0);
  });

  it('when a user is deleted, then their trades go with them and another user keeps theirs', async () => {
    const ann = await addUser(db, 'ann@example.com');
    const bob = await addUser(db, 'bob@example.com');
    expect(await importTrades(db, ann, [trade('t-1'), trade('t-2'), trade('t-3')])).toBe(3);
    expect(await importTrades(db, bob, [trade('t-1')])).toBe(1);

    await db.query('DELETE FROM users WHERE id = $1', [ann]);

    expect(await tradesOf(db, ann)).toBe(0);
    expect(await tradesOf(db, bob)).toBe(1);
  });

  (usingPostgres() ? it : it.skip)(
    'when a user is deleted while their import is still open, then the deletion waits and takes the trades too',
    async () => {
      const ann = await addUser(db, 'ann-open@example.com');
      let deleting: Promise<unknown> | null = null;
      await db.tx(async (tx) => {
        expect(await importTrades(tx, ann, [trade('o-1'), trade('o-2')])).toBe(2);
        deleting = db.query(`DELETE FROM users WHERE email = 'ann-open@example.com'`);
        await waitFor(async () => {
          const [row] = await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE wait_event_type = 'Lock' AND query LIKE 'DELETE FROM users WHERE email = ''ann-open@%'`,
          );
          return Number(row?.n) === 1;
        }, 'the deletion waiting for the import');
      });
      await deleting;
      expect(await tradesOf(db, ann)).toBe(0);
    },
  );
});
