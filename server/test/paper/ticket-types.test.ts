import type { MessageResponse } from '@synctrade/api/types';
import type { PaperLedger } from '../../src/paper/paper-ledger';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { connectSim } from '../support/connect-sim';
import { registerUser, type TestUser } from '../support/users';
import { call, waitForDesk } from '../copier/support/http';

/**
 * The desk's paper ticket with the types beyond market and limit, through the route: what the venue then holds
 * (read from the account's ledger), and the venue's refusals answered as `{ detail }`.
 */
describe('paper ticket order types', () => {
  let t: TestApp;
  let user: TestUser;
  let id = 0;
  let es = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    user = await registerUser(t.app);
    await connectSim(t.app, user, 'Types');
    const rows = await waitForDesk(t.app, user, (list) => list.length >= 4);
    id = rows[rows.length - 1]?.id ?? 0;
  });
  afterAll(async () => t.close());

  beforeEach(() => {
    // A known market for the prices below (ES ticks are 0.25); no step runs between here and the checks.
    t.app.paperVenue.stop();
    es = 6000;
    t.app.paperVenue.setPrice(t.app.paperVenue.quotes()[0]?.symbol ?? 'ESZ6', es);
  });

  const ledger = async (): Promise<PaperLedger> =>
    (await call<PaperLedger>(t.app, user, 'GET', `/sim/accounts/${id}/ledger`)).body;

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
});
