import {
  BatchWriter,
  RowWriteError,
  type FillRecord,
  type OrderRow,
} from '../../src/copier/store/batch-writer';
import type { Db } from '../../src/db/db';
import type { TestApp } from '../support/build-test-app';
import type { TestUser } from '../support/users';
import { openPaperDesk } from './support/paper-desk';

let t: TestApp;
let user: TestUser;
let accountId: number;
let otherId: number;

beforeAll(async () => {
  const desk = await openPaperDesk('Writer');
  ({ t, user } = desk);
  accountId = desk.rows[2]?.id ?? 0;
  otherId = desk.rows[3]?.id ?? 0;
});
afterAll(async () => t.close());

const order = (brokerOrderId: string, account = accountId): OrderRow => ({
  user_id: user.id,
  account_id: account,
  role: 'leader',
  broker_order_id: brokerOrderId,
  symbol: 'ESZ6',
  order_type: 'Market',
  side: 'buy',
  qty: 1,
  price: null,
  stop_price: null,
  status: 'Working',
  reason: null,
  created_ms: Date.now(),
});

const fill = (fillId: string, brokerOrderId: string): FillRecord => ({
  user_id: user.id,
  account_id: accountId,
  fill_id: fillId,
  broker_order_id: brokerOrderId,
  symbol: 'ESZ6',
  side: 'buy',
  qty: 1,
  price: 6000,
  filled_ms: Date.now(),
});

async function storedOrders(prefix: string): Promise<string[]> {
  const rows = await t.db.query<{ broker_order_id: string }>(
    `SELECT broker_order_id FROM copy_orders WHERE broker_order_id LIKE $1 ORDER BY broker_order_id`,
    [`${prefix}%`],
  );
  return rows.map((row) => row.broker_order_id);
}

async function storedFills(prefix: string): Promise<string[]> {
  const rows = await t.db.query<{ fill_id: string }>(
    `SELECT fill_id FROM copy_fills WHERE fill_id LIKE $1 ORDER BY fill_id`,
    [`${prefix}%`],
  );
  return rows.map((row) => row.fill_id);
}

describe('copier batch writer', () => {
  it('when one order row of a batch refers to an account that is gone, then that row is reported and every other row is stored', async () => {
    const errors: unknown[] = [];
    const writer = new BatchWriter(t.db, (error) => errors.push(error));
    writer.upsertOrder(order('a-1'));
    writer.upsertOrder(order('a-2', 2_000_000_000));
    writer.upsertOrder(order('a-3'));
    writer.addFill(fill('a-f1', 'a-1'));
    writer.addFill(fill('a-f3', 'a-3'));
    await writer.flush();
    expect(await storedOrders('a-')).toEqual(['a-1', 'a-3']);
    expect(await storedFills('a-')).toEqual(['a-f1', 'a-f3']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(RowWriteError);
    expect((errors[0] as RowWriteError).kind).toBe('orders');
    expect((errors[0] as RowWriteError).message).toContain('"broker_order_id":"a-2"');
  });

  it('when a copy would take a broker order id another order row of its account holds, then only that copy is refused', async () => {
    await t.db.query(
      `INSERT INTO copy_orders (user_id, account_id, role, broker_order_id, symbol, order_type, side, qty, status)
       VALUES ($1, $2, 'leader', 'b-77', 'ESZ6', 'Market', 'buy', 1, 'Success')`,
      [user.id, otherId],
    );
    for (const clientOrderId of ['st.b.1', 'st.b.2'])
      await t.db.query(
        `INSERT INTO copy_orders (user_id, account_id, role, client_order_id, event_key, symbol, order_type, side, qty, status, resolved)
         VALUES ($1, $2, 'copy', $3, 'b', 'ESZ6', 'Market', 'buy', 1, 'Pending New', false)`,
        [user.id, otherId, clientOrderId],
      );
    const errors: unknown[] = [];
    const writer = new BatchWriter(t.db, (error) => errors.push(error));
    const patch = { status: 'Success', reason: null, price: 6000, qty: 1, sent_ms: 1, ack_ms: 2 };
    writer.patchCopy({ client_order_id: 'st.b.1', broker_order_id: 'b-77', ...patch });
    writer.patchCopy({ client_order_id: 'st.b.2', broker_order_id: 'b-78', ...patch });
    writer.upsertOrder(order('b-leader'));
    await writer.flush();
    const copies = await t.db.query<{
      client_order_id: string;
      status: string;
      broker_order_id: string | null;
    }>(
      `SELECT client_order_id, status, broker_order_id FROM copy_orders WHERE event_key = 'b' ORDER BY client_order_id`,
    );
    expect(copies).toEqual([
      { client_order_id: 'st.b.1', status: 'Pending New', broker_order_id: null },
      { client_order_id: 'st.b.2', status: 'Success', broker_order_id: 'b-78' },
    ]);
    expect(await storedOrders('b-leader')).toEqual(['b-leader']);
    expect(errors.map((error) => (error as RowWriteError).kind)).toEqual(['copies']);
  });

  it('when a copy recorded as of unknown outcome later learns its order, then its reason is replaced, even by none; other reasons stay', async () => {
    const rows: Array<[string, string]> = [
      ['st.u.1', 'Outcome unknown'],
      ['st.u.2', 'Outcome unknown'],
      ['st.u.3', 'Flat by 15:10'],
    ];
    for (const [clientOrderId, reason] of rows)
      await t.db.query(
        `INSERT INTO copy_orders (user_id, account_id, role, client_order_id, event_key, symbol, order_type, side, qty, status, reason, resolved)
         VALUES ($1, $2, 'copy', $3, 'u', 'ESZ6', 'Market', 'buy', 1, 'Rejected', $4, true)`,
        [user.id, accountId, clientOrderId, reason],
      );
    const writer = new BatchWriter(t.db, (error) => {
      throw error;
    });
    const patch = {
      broker_order_id: null,
      reason: null,
      price: null,
      qty: null,
      sent_ms: null,
      ack_ms: null,
    };
    // Learned, then a later event of the same order in the same batch, which brings no reason of its own.
    writer.patchCopy({ ...patch, client_order_id: 'st.u.1', status: 'Working', clear_reason: true });
    writer.patchCopy({ ...patch, client_order_id: 'st.u.1', status: 'Success', price: 6001 });
    // Learned, and the broker then rejected it with a reason.
    writer.patchCopy({ ...patch, client_order_id: 'st.u.2', status: 'Working', clear_reason: true });
    writer.patchCopy({ ...patch, client_order_id: 'st.u.2', status: 'Rejected', reason: 'Margin' });
    writer.patchCopy({ ...patch, client_order_id: 'st.u.3', status: 'Success' });
    await writer.flush();
    // Given up on again, then learned, in a later batch.
    writer.patchCopy({ ...patch, client_order_id: 'st.u.2', status: 'Rejected', reason: 'Outcome unknown' });
    writer.patchCopy({ ...patch, client_order_id: 'st.u.2', status: 'Canceled', clear_reason: true });
    await writer.flush();
    const stored = await t.db.query<{ client_order_id: string; status: string; reason: string | null }>(
      `SELECT client_order_id, status, reason FROM copy_orders WHERE event_key = 'u' ORDER BY client_order_id`,
    );
    expect(stored.map((row) => [row.client_order_id, row.status, row.reason])).toEqual([
      ['st.u.1', 'Success', null],
      ['st.u.2', 'Canceled', null],
      ['st.u.3', 'Success', 'Flat by 15:10'],
    ]);
  });

  it('when the database is down for a write, then no row of the batch is lost: all are stored by the next write', async () => {
    let down = true;
    const db: Db = { ...t.db, tx: (fn) => (down ? Promise.reject(new Error('database down')) : t.db.tx(fn)) };
    const errors: unknown[] = [];
    const writer = new BatchWriter(db, (error) => errors.push(error));
    writer.upsertOrder(order('c-1'));
    writer.addFill(fill('c-f1', 'c-1'));
    await writer.flush();
    expect([await storedOrders('c-'), await storedFills('c-'), errors.length]).toEqual([[], [], 1]);
    // A newer state of the same order queued meanwhile wins over the one that failed.
    writer.upsertOrder({ ...order('c-1'), status: 'Success', price: 6001 });
    writer.upsertOrder(order('c-2'));
    down = false;
    await writer.flush();
    expect(await storedOrders('c-')).toEqual(['c-1', 'c-2']);
    expect(await storedFills('c-')).toEqual(['c-f1']);
    const [row] = await t.db.query<{ status: string; price: number }>(
      `SELECT status, price FROM copy_orders WHERE broker_order_id = 'c-1'`,
    );
    expect(row).toEqual({ status: 'Success', price: 6001 });
  });

  it('when a copy is claimed and answered within one batch, then its row is inserted as answered, with no update, and manual rows of its order merge', async () => {
    // The broker reported s-77 before placeorder's answer, in an earlier batch; s-78 in this one.
    await t.db.query(
      `INSERT INTO copy_orders (user_id, account_id, role, broker_order_id, symbol, order_type, side, qty, status)
       VALUES ($1, $2, 'manual', 's-77', 'ESZ6', 'Market', 'buy', 1, 'Working')`,
      [user.id, accountId],
    );
    const seen: string[] = [];
    const recording = (db: Db): Db => ({
      ...db,
      query: (sql, params) => {
        seen.push(sql);
        return db.query(sql, params);
      },
      tx: (fn) => db.tx((tx) => fn(recording(tx))),
    });
    const writer = new BatchWriter(recording(t.db), (error) => {
      throw error;
    });
    const leg = { symbol: 'ESZ6', order_type: 'Market', side: 'buy', qty: 2, price: null, stop_price: null };
    const intent = (clientOrderId: string, account: number, reason: string | null = null) => ({
      ...leg,
      account_id: account,
      client_order_id: clientOrderId,
      leader_order_id: 'L-s',
      is_exit: false,
      reason,
    });
    const entry = (eventKey: string, intents: ReturnType<typeof intent>[]) => ({
      eventKey,
      userId: user.id,
      at: Date.now(),
      intents,
    });
    writer.addClaims([
      entry('s', [
        intent('st.s.1', accountId),
        intent('st.s.2', otherId),
        intent('st.s.3', accountId, 'Scaled down'),
        intent('st.s.4', otherId, 'Scaled down'),
      ]),
    ]);
    writer.upsertOrder({ ...order('s-78', otherId), role: 'manual' });
    const none = { reason: null, price: null, qty: null, sent_ms: null, ack_ms: null };
    // Given up on as unknown, then learned: its reason goes, as the patch's update would clear it.
    writer.patchCopy({
      ...none,
      client_order_id: 'st.s.4',
      status: 'Rejected',
      broker_order_id: null,
      reason: 'Outcome unknown',
    });
    writer.patchCopy({
      ...none,
      client_order_id: 'st.s.4',
      status: 'Working',
      broker_order_id: null,
      clear_reason: true,
    });
    writer.patchCopy({
      ...none,
      client_order_id: 'st.s.1',
      status: 'Success',
      broker_order_id: 's-77',
      price: 6000,
      sent_ms: 1,
      ack_ms: 2,
    });
    writer.patchCopy({
      ...none,
      client_order_id: 'st.s.2',
      status: 'Working',
      broker_order_id: 's-78',
      sent_ms: 3,
    });
    writer.patchCopy({
      ...none,
      client_order_id: 'st.s.2',
      status: 'Success',
      broker_order_id: null,
      qty: 1,
    });
    await writer.flush();
    expect(seen.filter((sql) => /^\s*UPDATE copy_orders/.test(sql))).toEqual([]);
    // Stored before this batch, read back from the journal with its answer: the answer is applied to the stored row.
    await t.db.query(
      `INSERT INTO copy_orders (user_id, account_id, role, client_order_id, event_key, symbol, order_type, side, qty, status, resolved)
       VALUES ($1, $2, 'copy', 'st.s2.1', 's2', 'ESZ6', 'Market', 'buy', 2, 'Pending New', false)`,
      [user.id, accountId],
    );
    writer.addClaims([entry('s2', [intent('st.s2.1', accountId)])]);
    writer.patchCopy({
      ...none,
      client_order_id: 'st.s2.1',
      status: 'Rejected',
      broker_order_id: null,
      reason: 'Margin',
    });
    await writer.flush();
    const rows = await t.db.query<Record<string, unknown>>(
      `SELECT client_order_id, role, broker_order_id, status, reason, price, qty, sent_ms, ack_ms, resolved
       FROM copy_orders WHERE event_key IN ('s', 's2') OR broker_order_id IN ('s-77', 's-78') ORDER BY client_order_id`,
    );
    const row = (client_order_id: string, values: Record<string, unknown>) => ({
      client_order_id,
      role: 'copy',
      broker_order_id: null,
      reason: null,
      price: null,
      qty: 2,
      sent_ms: null,
      ack_ms: null,
      resolved: true,
      ...values,
    });
    expect(rows).toEqual([
      row('st.s.1', { broker_order_id: 's-77', status: 'Success', price: 6000, sent_ms: 1, ack_ms: 2 }),
      row('st.s.2', { broker_order_id: 's-78', status: 'Success', qty: 1, sent_ms: 3 }),
      row('st.s.3', { status: 'Pending New', reason: 'Scaled down', resolved: false }),
      row('st.s.4', { status: 'Working' }),
      row('st.s2.1', { status: 'Rejected', reason: 'Margin' }),
    ]);
  });

  it("when the history holds many orders, then a batch's statements reach copy rows by index, not by reading the table", async () => {
    // The embedded database never gathers statistics: the plans must hold without them, at any history size.
    await t.db.query(
      `INSERT INTO copy_orders (user_id, account_id, role, client_order_id, broker_order_id, event_key, symbol, order_type, side, qty, status, resolved)
       SELECT $1, $2, CASE WHEN n % 2 = 0 THEN 'copy' ELSE 'leader' END, CASE WHEN n % 2 = 0 THEN 'st.h.' || n END, 'h-' || n, 'h',
         'ESZ6', 'Market', 'buy', 1, 'Success', true
       FROM generate_series(1, 20000) AS n`,
      [user.id, accountId],
    );
    const seen: Array<{ sql: string; params: unknown[] }> = [];
    const recording = (db: Db): Db => ({
      ...db,
      query: (sql, params) => {
        seen.push({ sql, params: params ?? [] });
        return db.query(sql, params);
      },
      tx: (fn) => db.tx((tx) => fn(recording(tx))),
    });
    const writer = new BatchWriter(recording(t.db), (error) => {
      throw error;
    });
    const leg = { symbol: 'ESZ6', order_type: 'Market', side: 'buy', qty: 1, price: null };
    writer.addClaims([
      {
        eventKey: 'h-new',
        userId: user.id,
        at: Date.now(),
        intents: [
          {
            ...leg,
            account_id: accountId,
            client_order_id: 'st.h-new.1',
            stop_price: null,
            leader_order_id: null,
            is_exit: false,
            reason: null,
          },
          {
            ...leg,
            account_id: otherId,
            client_order_id: 'st.h-new.2',
            stop_price: null,
            leader_order_id: null,
            is_exit: false,
            reason: null,
          },
        ],
        skips: [{ ...leg, account_id: otherId, status: 'Canceled', reason: 'Below one contract' }],
      },
    ]);
    const patch = { status: 'Success', reason: null, price: 6000, qty: 1, sent_ms: 1, ack_ms: 2 };
    for (const n of [2, 4, 6])
      writer.patchCopy({ client_order_id: `st.h.${n}`, broker_order_id: `h-${n}`, ...patch });
    writer.patchCopy({ client_order_id: 'st.h-new.2', broker_order_id: 'h-new-2', ...patch });
    await writer.flush();
    const touching = seen.filter(({ sql }) => /copy_orders/.test(sql));
    // The merge of manual rows into the claimed copy answered in this batch, the claim's follower orders, its skip,
    // the merge of manual rows into the stored copies, their patches.
    expect(touching).toHaveLength(5);
    for (const { sql, params } of touching) {
      const plan = await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).not.toMatch(/Seq Scan on copy_orders/);
      // Every row without a client order id (every leader and manual order) is no way in either.
      expect(text).not.toMatch(/Cond: \(client_order_id IS NULL\)/);
    }
    const stored = await t.db.query<{ client_order_id: string | null; status: string }>(
      `SELECT client_order_id, status FROM copy_orders WHERE event_key = 'h-new' ORDER BY client_order_id`,
    );
    expect(stored).toEqual([
      { client_order_id: 'st.h-new.1', status: 'Pending New' },
      { client_order_id: 'st.h-new.2', status: 'Success' },
      { client_order_id: null, status: 'Canceled' },
    ]);
  });
});
