import type { OrderData } from '@synctrade/api/types';
import type { TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';
import { call } from './support/http';
import { openPaperDesk } from './support/paper-desk';

async function insertOrder(
  t: TestApp,
  user: TestUser,
  accountId: number,
  side: 'buy' | 'sell',
  createdAt: string,
): Promise<number> {
  const [row] = await t.app.db.query<{ id: string }>(
    `INSERT INTO copy_orders (user_id, account_id, role, symbol, order_type, side, qty, price, status, created_at)
     VALUES ($1, $2, 'manual', 'ESZ6', 'Market', $3, 1, 6000, 'Success', $4) RETURNING id`,
    [user.id, accountId, side, createdAt],
  );
  return Number(row!.id);
}

describe('the orders panel’s list', () => {
  let t: TestApp;
  let user: TestUser;
  let accountId: number;

  beforeAll(async () => {
    const desk = await openPaperDesk('Orders paper');
    ({ t, user } = desk);
    accountId = desk.rows[0]!.id;
  });
  afterAll(async () => t.close());

  it('when orders were stored out of time order and some share a time, then the list is newest first, ties newest id first', async () => {
    const x = await insertOrder(t, user, accountId, 'buy', '2026-11-20T10:00:02.000Z');
    const y = await insertOrder(t, user, accountId, 'sell', '2026-11-20T10:00:01.000Z');
    const z = await insertOrder(t, user, accountId, 'buy', '2026-11-20T10:00:01.000Z');
    const w = await insertOrder(t, user, accountId, 'sell', '2026-11-20T10:00:03.000Z');
    const other = await registerUser(t.app);
    const data = (await call<OrderData>(t.app, user, 'GET', `/copier/order-data/${user.id}`)).body;
    expect(data.orders.map((o) => o.id)).toEqual([w, x, z, y]);
    expect(data.orders.map((o) => o.time)).toEqual([
      '2026-11-20T10:00:03.000Z',
      '2026-11-20T10:00:02.000Z',
      '2026-11-20T10:00:01.000Z',
      '2026-11-20T10:00:01.000Z',
    ]);
    expect(data.total_orders).toBe(4);
    expect(data.summary).toEqual({ buy_orders: 2, sell_orders: 2 });
    const theirs = (await call<OrderData>(t.app, other, 'GET', `/copier/order-data/${other.id}`)).body;
    expect(theirs).toEqual({ total_orders: 0, summary: { buy_orders: 0, sell_orders: 0 }, orders: [] });
  });

  it('when there are more orders than the list holds, then the counts are of every order and the list keeps the newest', async () => {
    await t.app.db.query(
      `INSERT INTO copy_orders (user_id, account_id, role, symbol, order_type, side, qty, price, status, created_at)
       SELECT $1, $2, 'manual', 'ESZ6', 'Market', CASE WHEN n % 3 = 0 THEN 'sell' ELSE 'buy' END, 1, 6000, 'Success',
              timestamptz '2026-11-21T00:00:00Z' + n * interval '1 second'
       FROM generate_series(1, 600) AS n`,
      [user.id, accountId],
    );
    const data = (await call<OrderData>(t.app, user, 'GET', `/copier/order-data/${user.id}`)).body;
    // 4 orders of the first test + 600: 200 of them sells (every third), so 202 sells in all.
    expect(data.total_orders).toBe(604);
    expect(data.summary).toEqual({ buy_orders: 402, sell_orders: 202 });
    expect(data.orders).toHaveLength(500);
    expect(data.orders[0]!.time).toBe('2026-11-21T00:10:00.000Z');
    expect(data.orders[499]!.time).toBe('2026-11-21T00:01:41.000Z');
  });
});
