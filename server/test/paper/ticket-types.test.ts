import type { MessageResponse } from '@synctrade/api/types';
import type { PaperLedger } from '../../src/paper/paper-ledger';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { connectSim } from '../support/connect-sim';
import { registerUser, type TestUser } from '../support/users';
import { call as callSome, waitForDesk } from '../copier/support/http';
import type { FastifyInstance } from 'fastify';

/** A request of any method (PATCH too) as the signed-in trader. */
async function call<T>(
  app: FastifyInstance,
  who: TestUser,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: T }> {
  if (method !== 'PATCH') return callSome<T>(app, who, method, url, payload);
  const response = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    payload: payload as object,
  });
  return { status: response.statusCode, body: response.json() as T };
}

/**
 * The desk's paper ticket with the types beyond market and limit, through the route: what the venue then holds
 * (read from the account's ledger), and the venue's refusals answered as `{ detail }`.
 */
describe('paper ticket order types', () => {
  let t: TestApp;
  let user: TestUser;
  let id = 0;
  /** The user's other paper accounts: a test that must start with none working takes one of its own. */
  let spare: number[] = [];
  let es = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    user = await registerUser(t.app);
    await connectSim(t.app, user, 'Types');
    const rows = await waitForDesk(t.app, user, (list) => list.length >= 4);
    id = rows[rows.length - 1]?.id ?? 0;
    spare = rows.slice(0, -1).map((row) => row.id);
  });
  afterAll(async () => t.close());

  beforeEach(() => {
    // A known market for the prices below (ES ticks are 0.25); no step runs between here and the checks.
    t.app.paperVenue.stop();
    es = 6000;
    t.app.paperVenue.setPrice(t.app.paperVenue.quotes()[0]?.symbol ?? 'ESZ6', es);
  });

  const ledger = async (account = id): Promise<PaperLedger> =>
    (await call<PaperLedger>(t.app, user, 'GET', `/sim/accounts/${account}/ledger`)).body;

  it('when a market buy carries a bracket in ticks, then a stop and a target rest linked one-cancels-other', async () => {
    const sent = await call<MessageResponse>(t.app, user, 'POST', '/sim/orders', {
      account_id: id,
      contract: 'ES',
      side: 'buy',
      qty: 2,
      order_type: 'Market',
      bracket_unit: 'ticks',
      stop_loss: 8,
      take_profit: 12,
    });
    expect(sent.status).toBe(200);
    const held = await ledger();
    const [stop, target] = held.working_orders;
    // 8 ticks of 0.25 under 6000, 12 ticks over it.
    expect(held.working_orders.map((o) => [o.order_type, o.side, o.qty, o.price, o.stop_price])).toEqual([
      ['Stop', 'sell', 2, null, 5998],
      ['Limit', 'sell', 2, 6003, null],
    ]);
    expect(stop?.linked_order_id).toBe(target?.order_id);
    expect(target?.linked_order_id).toBe(stop?.order_id);
    const symbol = held.positions[0]?.symbol ?? '';
    t.app.paperVenue.setPrice(symbol, 6003);
    const after = await ledger();
    expect(after.working_orders).toEqual([]);
    expect(after.positions).toEqual([]);
  });

  it('when a stop-limit and a trailing stop are sent, then they rest with their own types', async () => {
    for (const body of [
      { order_type: 'StopLimit', side: 'sell', stop_price: 5990, price: 5989.75 },
      { order_type: 'TrailingStop', side: 'buy', trail_ticks: 4 },
    ]) {
      const sent = await call(t.app, user, 'POST', '/sim/orders', {
        account_id: id,
        contract: 'ES',
        qty: 1,
        ...body,
      });
      expect(sent.status).toBe(200);
    }
    expect(
      (await ledger()).working_orders.map((o) => [o.type, o.order_type, o.price, o.stop_price, o.trail]),
    ).toEqual([
      ['Stop', 'StopLimit', 5989.75, 5990, null],
      ['Stop', 'TrailingStop', null, 6001, 1],
    ]);
  });

  it.each([
    [{ order_type: 'Stop', side: 'sell', stop_price: 6010 }, 'A sell stop must be below the market price'],
    [{ order_type: 'Stop', side: 'buy', stop_price: 5990 }, 'A buy stop must be above the market price'],
    [{ order_type: 'Stop', side: 'buy' }, /^stop_price must be/],
    [{ order_type: 'StopLimit', side: 'buy', stop_price: 6010 }, /^price must be/],
    [{ order_type: 'TrailingStop', side: 'sell', trail_ticks: 0 }, /^trail_ticks must be/],
    [
      { order_type: 'Market', side: 'buy', bracket_unit: 'price', stop_loss: 6010 },
      'The stop-loss must be below the entry price',
    ],
    [{ order_type: 'Market', side: 'buy', bracket_unit: 'ticks', take_profit: 2.5 }, /^take_profit must be/],
  ])(
    'when the ticket is %j, then it answers 400 with a clear detail and nothing rests',
    async (body, detail) => {
      const before = (await ledger()).working_orders.length;
      const response = await call<{ detail: string }>(t.app, user, 'POST', '/sim/orders', {
        account_id: id,
        contract: 'ES',
        qty: 1,
        ...body,
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(detail);
      expect((await ledger()).working_orders).toHaveLength(before);
    },
  );

  it('when a bracket stop is moved to break-even and its target moved, then they rest there; a cancel ends the target', async () => {
    const id = spare[0] ?? 0;
    await call(t.app, user, 'POST', '/sim/orders', {
      account_id: id,
      contract: 'ES',
      side: 'buy',
      qty: 1,
      order_type: 'Market',
      bracket_unit: 'ticks',
      stop_loss: 8,
      take_profit: 12,
    });
    const symbol = (await ledger(id)).positions[0]?.symbol ?? '';
    t.app.paperVenue.setPrice(symbol, 6002);
    const [stop, target] = (await ledger(id)).working_orders;
    const moved = await call<MessageResponse>(t.app, user, 'PATCH', `/sim/orders/${stop?.order_id}`, {
      account_id: id,
      stop_price: 6000,
    });
    expect(moved).toMatchObject({ status: 200, body: { message: 'Order changed' } });
    const retargeted = await call(t.app, user, 'PATCH', `/sim/orders/${target?.order_id}`, {
      account_id: id,
      price: 6005,
    });
    expect(retargeted.status).toBe(200);
    expect((await ledger(id)).working_orders.map((o) => [o.order_type, o.price, o.stop_price])).toEqual([
      ['Stop', null, 6000],
      ['Limit', 6005, null],
    ]);
    // A stop moved above the market would fill at once: refused, and it stays at break-even.
    const through = await call<{ detail: string }>(t.app, user, 'PATCH', `/sim/orders/${stop?.order_id}`, {
      account_id: id,
      stop_price: 6003,
    });
    expect(through).toMatchObject({
      status: 400,
      body: { detail: 'A sell stop must be below the market price' },
    });
    const nothing = await call<{ detail: string }>(t.app, user, 'PATCH', `/sim/orders/${stop?.order_id}`, {
      account_id: id,
    });
    expect(nothing).toMatchObject({
      status: 400,
      body: { detail: 'Send price, stop_price or trail_ticks to change' },
    });
    const canceled = await call<MessageResponse>(
      t.app,
      user,
      'POST',
      `/sim/orders/${target?.order_id}/cancel`,
      {
        account_id: id,
      },
    );
    expect(canceled).toMatchObject({ status: 200, body: { message: 'Order canceled' } });
    expect((await ledger(id)).working_orders.map((o) => o.order_id)).toEqual([stop?.order_id]);
    const again = await call<{ detail: string }>(
      t.app,
      user,
      'POST',
      `/sim/orders/${target?.order_id}/cancel`,
      {
        account_id: id,
      },
    );
    expect(again.status).toBe(400);
    // Break-even: the stop fills at 6000 and the position is flat with nothing realized.
    t.app.paperVenue.setPrice(symbol, 6000);
    expect((await ledger(id)).positions).toEqual([]);
  });

  it("when another trader names this account's order, then it answers 404 and the order stays", async () => {
    await call(t.app, user, 'POST', '/sim/orders', {
      account_id: id,
      contract: 'ES',
      side: 'sell',
      qty: 1,
      order_type: 'Stop',
      stop_price: 5950,
    });
    const order = (await ledger()).working_orders.find((o) => o.stop_price === 5950);
    const other = await registerUser(t.app);
    await connectSim(t.app, other, 'Other');
    const theirs = await waitForDesk(t.app, other, (list) => list.length >= 4);
    const theirId = theirs[0]?.id ?? 0;
    for (const [method, url, body] of [
      ['PATCH', `/sim/orders/${order?.order_id}`, { account_id: theirId, stop_price: 5940 }],
      ['POST', `/sim/orders/${order?.order_id}/cancel`, { account_id: theirId }],
      ['POST', `/sim/orders/${order?.order_id}/cancel`, { account_id: id }],
    ] as const) {
      const response = await call<{ detail: string }>(t.app, other, method, url, body);
      expect(response.status).toBe(404);
    }
    expect((await ledger()).working_orders.find((o) => o.order_id === order?.order_id)?.stop_price).toBe(
      5950,
    );
  });
});
