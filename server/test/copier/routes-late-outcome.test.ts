import type { Order, SyncAccount } from '@synctrade/api/types';
import type { TestApp } from '../support/build-test-app';
import type { TestUser } from '../support/users';
import { call, waitForDesk, waitForOrders } from './support/http';
import { openPaperDesk } from './support/paper-desk';

const UNKNOWN = 'Outcome unknown: the broker did not answer; the position is reconciled';

// The orders list (`GET /copier/order-data/:userId`) on the server's own store (PGlite, or PostgreSQL with
// TEST_DB=postgres) for copies whose place answer and look-up were both lost, and whose order then filled.
describe('the orders list for a copy whose answer and look-up were lost', () => {
  let t: TestApp;
  let user: TestUser;
  let rows: SyncAccount[];
  let follower: { id: number; externalId: string };

  beforeAll(async () => {
    ({ t, user, rows } = await openPaperDesk('Late outcome'));
    const [leader, id] = rows.map((r) => r.id) as [number, number];
    await call(t.app, user, 'PUT', `/copier/accounts/${leader}/master`);
    await call(t.app, user, 'PUT', `/copier/accounts/${id}/follower`);
    const [row] = await t.db.query<{ external_id: string }>(
      'SELECT external_id FROM broker_accounts WHERE id = $1',
      [id],
    );
    follower = { id, externalId: row?.external_id ?? '' };
  }, 60_000);
  afterAll(async () => t.close());

  const copies = (orders: Order[]): Order[] => orders.filter((o) => o.role === 'copy');
  /** Waits until the list holds `count` copies, none of them still waiting for its answer (its latency known). */
  const settledCopies = async (count: number): Promise<Order[]> =>
    copies(
      await waitForOrders(t.app, user, (orders) => {
        const list = copies(orders);
        return list.length === count && list.every((o) => o.status === 'Rejected' || o.latency_ms !== null);
      }),
    );
  const leaderBuys = (): Promise<unknown> =>
    call(t.app, user, 'POST', '/sim/orders', {
      account_id: rows[0]?.id,
      contract: 'ES',
      side: 'buy',
      qty: 1,
      order_type: 'Market',
    });

  it('when the broker filled the copy and only its answer and look-up were lost, then the list shows it succeeded, with its fill price and latency', async () => {
    t.app.paperVenue.faults.arm({ kind: 'drop-after-send' }, follower.externalId);
    t.app.paperVenue.faults.arm({ kind: 'lookup-lost' }, follower.externalId);
    await leaderBuys();
    await waitForDesk(t.app, user, (list) => list.find((r) => r.id === follower.id)?.qty === 1);
    const [copy] = await settledCopies(1);
    expect(copy).toMatchObject({ status: 'Success', reason: null, qty: 1 });
    expect(copy?.price).toEqual(expect.any(Number));
  });

  it('when the copy reached the broker only after the engine gave up on it, then the list shows the filled order instead of the unknown outcome, and the follower holds it once', async () => {
    t.app.paperVenue.faults.arm({ kind: 'timeout' }, follower.externalId);
    // One look-up for the send; one spare for an auto-sync check before the copy lands.
    t.app.paperVenue.faults.arm({ kind: 'lookup-lost' }, follower.externalId);
    t.app.paperVenue.faults.arm({ kind: 'lookup-lost' }, follower.externalId);
    await leaderBuys();
    const [lost] = (await settledCopies(2)).filter((o) => o.status === 'Rejected');
    expect(lost?.reason).toBe(UNKNOWN);
    const [stored] = await t.db.query<{ client_order_id: string; symbol: string }>(
      'SELECT client_order_id, symbol FROM copy_orders WHERE id = $1',
      [lost?.id],
    );
    // The request the engine gave up on lands at the broker now, as a late request does on Tradovate.
    const landed = t.app.paperVenue.place({
      accountExternalId: follower.externalId,
      clientOrderId: stored?.client_order_id ?? '',
      symbol: stored?.symbol ?? '',
      side: 'buy',
      qty: 1,
      type: 'Market',
    });
    const orders = await waitForOrders(t.app, user, (list) =>
      list.some((o) => o.id === lost?.id && o.status === 'Success' && o.latency_ms !== null),
    );
    expect(orders.find((o) => o.id === lost?.id)).toMatchObject({
      status: 'Success',
      reason: null,
      price: landed.price,
    });
    await call(t.app, user, 'POST', `/copier/accounts/${follower.id}/sync`);
    const desk = await waitForDesk(t.app, user, (list) => list.find((r) => r.id === follower.id)?.qty === 2);
    expect(desk.find((r) => r.id === rows[0]?.id)?.qty).toBe(2);
    expect(copies(await settledCopies(2)).map((o) => o.status)).toEqual(['Success', 'Success']);
  });
});
