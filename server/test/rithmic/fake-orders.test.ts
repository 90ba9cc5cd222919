import { startFakeRithmic, type FakeRithmic } from '../../fakes/rithmic/server';
import { login, type RawRithmic } from './support/fake-client';
import { orderSession, place, placeOco, settle, trail } from './support/fake-session';

describe('fake Rithmic gateway: orders', () => {
  let fake: FakeRithmic;
  let client: RawRithmic;
  const open: RawRithmic[] = [];

  beforeEach(async () => {
    fake = await startFakeRithmic({ limits: 'off' });
    fake.addUser({ user: 'trader', password: 'pw', maxSessions: 3 });
    fake.addUser({ user: 'other', password: 'pw' });
    fake.addAccount({ user: 'trader', accountId: 'ACC-1', balance: 50_000 });
    fake.addAccount({ user: 'other', accountId: 'ACC-X' });
    fake.setPrice('ESZ6', 'CME', 6000);
    fake.setPrice('CLZ6', 'NYMEX', 70);
    client = await orderSession(fake, 'trader', 'ACC-1');
    open.push(client);
  });
  afterEach(async () => {
    for (const c of open.splice(0)) c.close();
    await fake.close();
  });

  it('refuses on 313, echoing user_tag: unknown or foreign account, missing or wrong trade route, bad fields', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ account_id: 'NOPE' }, 'invalid account_id'],
      [{ account_id: 'ACC-X' }, 'invalid account_id'],
      [{ trade_route: '' }, 'trade_route is required and must be valid for the exchange'],
      [{ trade_route: 'globex' }, 'trade_route is required and must be valid for the exchange'],
      [{ exchange: 'EUREX' }, 'trade_route is required and must be valid for the exchange'],
      [{ quantity: 0 }, 'invalid order parameters'],
      [{ price_type: 1 }, 'invalid order parameters'],
      [{ price_type: 4 }, 'invalid order parameters'],
      [{ price_type: 5, trigger_price: 6001 }, 'invalid order parameters'],
      [{ transaction_type: 0 }, 'invalid order parameters'],
    ];
    for (const [fields, text] of cases) {
      const answer = await place(client, 'ACC-1', { user_tag: 'bad', ...fields });
      expect([fields, answer.rp_code?.[1], answer.user_tag, answer.basket_id ?? '']).toEqual([
        fields,
        text,
        'bad',
        '',
      ]);
    }
    expect(fake.world.orders()).toEqual([]);
  });

  it('works limits and stops against setPrice, and keeps positions and average prices', async () => {
    const limit = await place(client, 'ACC-1', { user_tag: 'l', price_type: 1, price: 5995, quantity: 2 });
    const stop = await place(client, 'ACC-1', {
      user_tag: 's',
      price_type: 4,
      trigger_price: 6010,
      quantity: 1,
    });
    const stopLimit = await place(client, 'ACC-1', {
      user_tag: 'sl',
      transaction_type: 2,
      price_type: 3,
      trigger_price: 5990,
      price: 5989,
      quantity: 1,
    });
    await settle();
    expect(fake.world.orders().map((o) => [o.userTag, o.status])).toEqual([
      ['l', 'open'],
      ['s', 'open'],
      ['sl', 'open'],
    ]);
    fake.setPrice('ESZ6', 'CME', 5995.25);
    expect(fake.world.orders()[0]?.status).toBe('open');
    fake.setPrice('ESZ6', 'CME', 5995);
    expect(fake.world.orders()[0]).toMatchObject({
      status: 'complete',
      filledQty: 2,
      avgFillPrice: 5995,
      completionReason: 'Fill',
    });
    fake.setPrice('ESZ6', 'CME', 6012);
    expect(fake.world.orders()[1]).toMatchObject({ status: 'complete', avgFillPrice: 6012 });
    expect(fake.world.position('ACC-1', 'ESZ6')).toEqual({ netQty: 3, avgPrice: (2 * 5995 + 6012) / 3 });
    // The sell stop-limit triggers at 5990 but the market gaps under its limit 5989: it then works as a limit.
    fake.setPrice('ESZ6', 'CME', 5988);
    expect(fake.world.orders()[2]).toMatchObject({ status: 'open', avgFillPrice: null });
    fake.setPrice('ESZ6', 'CME', 5989.5);
    await settle();
    expect(fake.world.orders()[2]).toMatchObject({ status: 'complete', avgFillPrice: 5989 });
    expect(trail(client, stopLimit.basket_id)).toEqual([
      '351:1',
      '351:4',
      '351:7',
      '351:10',
      '351:13',
      '352:1',
      '352:4',
      '352:5',
      '351:15',
    ]);
    expect(trail(client, stop.basket_id)).toContain('352:4');
    expect(trail(client, limit.basket_id)).not.toContain('352:4');
    expect(fake.world.position('ACC-1', 'ESZ6').netQty).toBe(2);
  });

  it('modifies (351 2/5/14, 352 MODIFY) and cancels (351 3/6/15 "Cancel", 352 CANCEL)', async () => {
    const placed = await place(client, 'ACC-1', { user_tag: 'm', price_type: 1, price: 5990, quantity: 1 });
    const basket = placed.basket_id;
    const modId = client.send(314, {
      account_id: 'ACC-1',
      basket_id: basket,
      quantity: 3,
      price: 5991,
      price_type: 1,
    });
    const modified = await client.answer(315, modId);
    expect(modified.rows).toEqual([]);
    expect(modified.terminal).toMatchObject({ rp_code: ['0'], basket_id: basket });
    await settle();
    expect(fake.world.orders()[0]).toMatchObject({ qty: 3, price: 5991 });
    const cancelId = client.send(316, { account_id: 'ACC-1', basket_id: basket, manual_or_auto: 2 });
    expect((await client.answer(317, cancelId)).terminal).toMatchObject({
      rp_code: ['0'],
      basket_id: basket,
    });
    await settle();
    expect(trail(client, basket).slice(6)).toEqual([
      '351:2',
      '351:5',
      '351:14',
      '352:2',
      '351:3',
      '351:6',
      '352:3',
      '351:15',
    ]);
    const complete = client.received.filter(
      (m) => m.basket_id === basket && m.notify_type === 15 && m.template_id === 351,
    );
    expect(complete.map((m) => [m.completion_reason, m.user_tag])).toEqual([['Cancel', 'm']]);
    // Again: the order is complete; an unknown basket is not found.
    const again = client.send(316, { account_id: 'ACC-1', basket_id: basket });
    expect((await client.answer(317, again)).terminal.rp_code).toEqual(['5', 'order is already complete']);
    const unknown = client.send(314, { account_id: 'ACC-1', basket_id: '42', quantity: 1 });
    expect((await client.answer(315, unknown)).terminal.rp_code).toEqual(['5', 'order not found']);
    const foreign = client.send(316, { account_id: 'ACC-X', basket_id: basket });
    expect((await client.answer(317, foreign)).terminal.rp_code).toEqual(['5', 'invalid account_id']);
  });

  it('refuses a modify or cancel while another is pending on the basket (pendingWindowMs)', async () => {
    fake.setFaults({ pendingWindowMs: 150 });
    const placed = await place(client, 'ACC-1', { price_type: 1, price: 5990 });
    const first = client.send(314, { account_id: 'ACC-1', basket_id: placed.basket_id, price: 5992 });
    expect((await client.answer(315, first)).terminal.rp_code).toEqual(['0']);
    const second = client.send(316, { account_id: 'ACC-1', basket_id: placed.basket_id });
    expect((await client.answer(317, second)).terminal.rp_code).toEqual([
      '5',
      'Atomic order operation in progress',
    ]);
    expect(fake.world.orders()[0]?.price).toBe(5990);
    await settle(200);
    expect(fake.world.orders()[0]).toMatchObject({ price: 5992, status: 'open' });
    const third = client.send(316, { account_id: 'ACC-1', basket_id: placed.basket_id });
    expect((await client.answer(317, third)).terminal.rp_code).toEqual(['0']);
    await settle(200);
    expect(fake.world.orders()[0]?.status).toBe('complete');
  });

  it('cancels every open order of the account on 346', async () => {
    await place(client, 'ACC-1', { price_type: 1, price: 5900 });
    await place(client, 'ACC-1', { price_type: 1, price: 5901 });
    const id = client.send(346, { account_id: 'ACC-1', manual_or_auto: 2 });
    expect((await client.answer(347, id)).terminal.rp_code).toEqual(['0']);
    expect(fake.world.orders().map((o) => [o.status, o.completionReason])).toEqual([
      ['complete', 'Cancel'],
      ['complete', 'Cancel'],
    ]);
  });

  it('exits a position on 3504 only with manual_or_auto, canceling its open orders', async () => {
    await place(client, 'ACC-1', { quantity: 3 });
    await place(client, 'ACC-1', { price_type: 1, price: 5900 });
    const refused = client.send(3504, { account_id: 'ACC-1', symbol: 'ESZ6', exchange: 'CME' });
    expect((await client.answer(3505, refused)).terminal.rp_code).toEqual([
      '5',
      'manual_or_auto is required',
    ]);
    expect(fake.world.position('ACC-1', 'ESZ6').netQty).toBe(3);
    const id = client.send(3504, { account_id: 'ACC-1', symbol: 'ESZ6', exchange: 'CME', manual_or_auto: 2 });
    expect((await client.answer(3505, id)).terminal).toMatchObject({
      rp_code: ['0'],
      symbol: 'ESZ6',
      exchange: 'CME',
    });
    expect(fake.world.position('ACC-1', 'ESZ6').netQty).toBe(0);
    const orders = fake.world.orders();
    expect(orders.map((o) => [o.side, o.qty, o.status, o.completionReason, o.manualOrAuto])).toEqual([
      ['buy', 3, 'complete', 'Fill', 'AUTO'],
      ['buy', 1, 'complete', 'Cancel', 'AUTO'],
      ['sell', 3, 'complete', 'Fill', 'AUTO'],
    ]);
  });

  it('takes a trailing stop only with its price id (1112 without), and an OCO only with two legs', async () => {
    const trailing = { price_type: 4, transaction_type: 2, trigger_price: 5990, trailing_stop: true };
    expect((await place(client, 'ACC-1', { ...trailing, trail_by_ticks: 8 })).rp_code).toEqual([
      '1112',
      'trail_by_price_id is required for a trailing stop',
    ]);
    expect(
      (await place(client, 'ACC-1', { ...trailing, trail_by_ticks: 0, trail_by_price_id: 1 })).rp_code,
    ).toEqual(['5', 'invalid order parameters']);
    expect(
      (
        await place(client, 'ACC-1', {
          ...trailing,
          price_type: 1,
          price: 5990,
          trail_by_ticks: 8,
          trail_by_price_id: 1,
        })
      ).rp_code,
    ).toEqual(['5', 'invalid order parameters']);
    const taken = await place(client, 'ACC-1', { ...trailing, trail_by_ticks: 8, trail_by_price_id: 1 });
    expect(taken.rp_code).toEqual(['0']);
    // The market is at 6000: the stop trails to 8 ticks (2 points) below it at once.
    expect(fake.world.order(String(taken.basket_id))).toMatchObject({ trailTicks: 8, triggerPrice: 5998 });
    // A one-leg 328 is not a pair.
    const one = {
      symbol: 'ESZ6',
      exchange: 'CME',
      quantity: 1,
      transaction_type: 2,
      price_type: 1,
      price: 6010,
    };
    expect((await placeOco(client, 'ACC-1', [{ ...one, user_tag: 'one' }])).rp_code).toEqual([
      '5',
      'an OCO order takes exactly two legs',
    ]);

    expect(fake.world.orders()).toHaveLength(1);
  });

  it('takes a 328 laid out as rithmic-rs sends it (no tags, legs on two exchanges), links the legs and cancels one when the other fills', async () => {
    const answer = await placeOco(client, 'ACC-1', [
      { symbol: 'ESZ6', exchange: 'CME', quantity: 1, transaction_type: 2, price_type: 1, price: 6010 },
      {
        symbol: 'CLZ6',
        exchange: 'NYMEX',
        quantity: 2,
        transaction_type: 2,
        price_type: 4,
        trigger_price: 69,
      },
    ]);
    expect(answer.rp_code).toEqual(['0']);
    const baskets = answer.basket_id as string[];
    expect(baskets).toHaveLength(2);
    const [limit, stop] = baskets.map((id) => fake.world.order(id));
    expect([limit?.symbol, limit?.priceType, limit?.price, limit?.userTag]).toEqual([
      'ESZ6',
      'LIMIT',
      6010,
      null,
    ]);
    expect([stop?.symbol, stop?.priceType, stop?.triggerPrice, stop?.qty]).toEqual([
      'CLZ6',
      'STOP_MARKET',
      69,
      2,
    ]);
    expect([limit?.linkedBasketIds, stop?.linkedBasketIds]).toEqual([[baskets[1]], [baskets[0]]]);
    // The stop is hit: it fills and the gateway cancels the limit.
    fake.setPrice('CLZ6', 'NYMEX', 68.5);
    expect([
      fake.world.order(baskets[0]!)?.completionReason,
      fake.world.order(baskets[1]!)?.completionReason,
    ]).toEqual(['Cancel', 'Fill']);
  });

  it('places bracket legs linked to each other on the entry fill, and cancels the other leg on a fill', async () => {
    const answer = await place(
      client,
      'ACC-1',
      {
        user_tag: 'b',
        quantity: 2,
        bracket_type: 6,
        target_ticks: 8,
        target_quantity: 2,
        stop_ticks: 4,
        stop_quantity: 2,
      },
      330,
    );
    expect(answer).toMatchObject({ rp_code: ['0'], user_tag: 'b' });
    const [entry, target, stop] = fake.world.orders();
    expect(entry).toMatchObject({ basketId: answer.basket_id, status: 'complete', avgFillPrice: 6000 });
    expect(target).toMatchObject({
      side: 'sell',
      priceType: 'LIMIT',
      price: 6002,
      qty: 2,
      status: 'open',
      userTag: 'b',
    });
    expect(stop).toMatchObject({
      side: 'sell',
      priceType: 'STOP_MARKET',
      triggerPrice: 5999,
      qty: 2,
      status: 'open',
    });
    expect(entry?.linkedBasketIds).toEqual([target?.basketId, stop?.basketId]);
    expect(target?.linkedBasketIds).toEqual([stop?.basketId]);
    expect(stop?.linkedBasketIds).toEqual([target?.basketId]);
    await settle();
    const targetOpen = client.received.find(
      (m) => m.template_id === 351 && m.basket_id === target?.basketId && m.notify_type === 13,
    );
    expect(targetOpen?.linked_basket_ids).toBe(stop?.basketId);
    fake.setPrice('ESZ6', 'CME', 6002.5);
    const after = fake.world.orders();
    expect([after[1]?.completionReason, after[2]?.completionReason]).toEqual(['Fill', 'Cancel']);
    expect(fake.world.position('ACC-1', 'ESZ6').netQty).toBe(0);
    // A 330 with no leg is refused.
    expect((await place(client, 'ACC-1', { bracket_type: 0 }, 330)).rp_code).toEqual([
      '5',
      'invalid order parameters',
    ]);
  });

  it('lists only open orders on 320, and the day’s fills on 3506 (352 is_snapshot) and 3512 (3513 rows)', async () => {
    const filled = await place(client, 'ACC-1', { user_tag: 'f', quantity: 2 });
    const resting = await place(client, 'ACC-1', { user_tag: 'r', price_type: 1, price: 5900 });
    await settle();
    client.received.length = 0;
    const show = client.send(320, { account_id: 'ACC-1' });
    const shown = await client.answer(321, show);
    expect(shown.terminal.rp_code).toEqual(['0']);
    expect(client.received.filter((m) => m.is_snapshot).map((m) => m.basket_id)).toEqual([resting.basket_id]);
    client.received.length = 0;
    const replay = client.send(3506, { account_id: 'ACC-1', start_index: 0, finish_index: 0 });
    expect((await client.answer(3507, replay)).terminal.rp_code).toEqual(['0']);
    const fills = client.received.filter((m) => m.template_id === 352 && m.is_snapshot);
    expect(fills.map((m) => [m.basket_id, m.user_tag, m.notify_type, m.fill_size])).toEqual([
      [filled.basket_id, 'f', 5, 2],
    ]);
    const history = client.send(3512, {
      account_id: 'ACC-1',
      index_format: 'ssboe',
      start_index: 0,
      finish_index: 2_000_000_000,
    });
    const rows = await client.answer(3513, history);
    expect(
      rows.rows.map((r) => [
        r.basket_id,
        r.fill_price,
        r.fill_size,
        r.transaction_type,
        r.rq_handler_rp_code,
      ]),
    ).toEqual([[filled.basket_id, 6000, 2, 'BUY', ['0']]]);
    expect(rows.terminal.rp_code).toEqual(['0']);
    const later = client.send(3512, { account_id: 'ACC-1', start_index: 2_000_000_000 });
    expect((await client.answer(3513, later)).terminal.rp_code).toEqual(['7', 'no data']);
  });

  it('computes P&L with the contract table: CL 1000 USD a point, realized on close into the balance', async () => {
    const { client: pnl } = await login(fake.url, {
      user: 'trader',
      password: 'pw',
      system: 'Rithmic Test',
      infraType: 4,
    });
    open.push(pnl);
    await pnl.answer(401, pnl.send(400, { request: 1, account_id: 'ACC-1' }));
    await place(client, 'ACC-1', { symbol: 'CLZ6', exchange: 'NYMEX', quantity: 2 });
    fake.setPrice('CLZ6', 'NYMEX', 70.5);
    await place(client, 'ACC-1', { symbol: 'CLZ6', exchange: 'NYMEX', quantity: 1, transaction_type: 2 });
    await settle();
    const last450 = pnl.received.filter((m) => m.template_id === 450).at(-1);
    const last451 = pnl.received.filter((m) => m.template_id === 451).at(-1);
    // 2 long at 70, 1 sold at 70.5: 500 realized; 1 open at 70 marked at 70.5: 500 open.
    expect(last450).toMatchObject({
      symbol: 'CLZ6',
      net_quantity: 1,
      day_closed_pnl: 500,
      day_open_pnl: 500,
      day_pnl: 1000,
    });
    expect(last451).toMatchObject({
      closed_position_pnl: '500.00',
      open_position_pnl: '500.00',
      day_pnl: '1000.00',
      cash_on_hand: '50500.00',
      account_balance: '51000.00',
    });
  });

  it('never routes one user’s notifications to another user’s session', async () => {
    const other = await orderSession(fake, 'other', 'ACC-X');
    open.push(other);
    await place(client, 'ACC-1', {});
    await settle();
    expect(other.received.filter((m) => m.template_id === 351 || m.template_id === 352)).toEqual([]);
    const id = other.send(308, { account_id: 'ACC-1' });
    expect((await other.answer(309, id)).terminal.rp_code).toEqual(['5', 'invalid account_id']);
  });
});
