import { BrokerError, type PlaceOrderCommand } from '../../src/brokers/types';
import {
  ACCOUNT,
  filledQty,
  fillsOf,
  lastOrder,
  rithmicWorld,
  type RithmicWorld,
  until,
} from './support/rithmic-world';

const order = (clientOrderId: string, overrides: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
  accountExternalId: ACCOUNT,
  clientOrderId,
  symbol: 'ESZ6',
  side: 'buy',
  qty: 1,
  type: 'Market',
  ...overrides,
});

describe('Rithmic adapter orders against the fake gateway', () => {
  let world: RithmicWorld;
  beforeEach(async () => {
    world = await rithmicWorld();
  });
  afterEach(() => world.close());

  it('lists accounts, places a market order with our id in user_tag and AUTO, reports its fill and position', async () => {
    const { session, events } = await world.open();
    expect((await session.listAccounts()).map((account) => account.externalId)).toEqual([ACCOUNT]);
    const placed = await session.placeOrder(order('st.a', { qty: 2 }));
    expect(placed).toMatchObject({ clientOrderId: 'st.a', qty: 2, side: 'buy', symbol: 'ESZ6' });
    await until(() => filledQty(events, placed.orderId) === 2, 'filled 2');
    await until(() => lastOrder(events, placed.orderId)?.status === 'Filled', 'order filled');
    expect(fillsOf(events, placed.orderId)[0]).toMatchObject({
      clientOrderId: 'st.a',
      accountExternalId: ACCOUNT,
      symbol: 'ESZ6',
      side: 'buy',
      price: 6000,
      // When the 352 carrying it was read from the order plant's socket: the copier's latency starts there.
      heardAt: expect.any(Number),
    });
    const sent = world.fake.world.orders().find((o) => o.userTag === 'st.a');
    expect(sent).toMatchObject({ manualOrAuto: 'AUTO', exchange: 'CME', qty: 2, side: 'buy' });
    expect(sent?.tradeRoute).not.toBe('');
    await until(
      () =>
        events.some((e) => e.kind === 'position' && e.position.symbol === 'ESZ6' && e.position.netPos === 2),
      'position 2',
    );
    expect(await session.positions()).toEqual([
      { accountExternalId: ACCOUNT, symbol: 'ESZ6', netPos: 2, avgPrice: 6000 },
    ]);
    // The same client order id again is the same order, never a second one.
    const again = await session.placeOrder(order('st.a', { qty: 2 }));
    expect(again.orderId).toBe(placed.orderId);
    expect(world.fake.world.requests(312)).toBe(1);
  });

  it('places, modifies and cancels a resting limit order', async () => {
    const { session, events } = await world.open();
    const placed = await session.placeOrder(order('st.l', { type: 'Limit', price: 5990 }));
    await until(() => lastOrder(events, placed.orderId)?.status === 'Working', 'working');
    await session.modifyOrder({
      accountExternalId: ACCOUNT,
      orderId: placed.orderId,
      qty: 3,
      type: 'Limit',
      price: 5985,
    });
    await until(() => lastOrder(events, placed.orderId)?.qty === 3, 'modified to 3');
    expect(lastOrder(events, placed.orderId)).toMatchObject({ price: 5985, status: 'Working' });
    expect(await session.workingOrders()).toEqual([expect.objectContaining({ orderId: placed.orderId })]);
    await session.cancelOrder(ACCOUNT, placed.orderId);
    await until(() => lastOrder(events, placed.orderId)?.status === 'Canceled', 'cancelled');
    expect(await session.workingOrders()).toEqual([]);
    await expect(session.cancelOrder(ACCOUNT, placed.orderId)).rejects.toMatchObject({ code: 'rejected' });
  });

  it('flattens: cancels working orders and exits the position', async () => {
    const { session, events } = await world.open();
    const entry = await session.placeOrder(order('st.e', { side: 'sell', qty: 3 }));
    await until(() => filledQty(events, entry.orderId) === 3, 'short 3');
    const resting = await session.placeOrder(order('st.r', { type: 'Limit', price: 5900 }));
    await until(() => lastOrder(events, resting.orderId)?.status === 'Working', 'resting');
    await session.flatten(ACCOUNT, 'ESZ6');
    await until(() => world.fake.world.position(ACCOUNT, 'ESZ6').netQty === 0, 'flat at the fake');
    await until(() => lastOrder(events, resting.orderId)?.status === 'Canceled', 'resting cancelled');
    await until(
      () =>
        events.some((e) => e.kind === 'position' && e.position.symbol === 'ESZ6' && e.position.netPos === 0),
      'flat event',
    );
  });

  it('counts a fill sent twice once, and partial fills to the full size', async () => {
    world.fake.setFaults({ duplicateFills: true, partialFillLot: 1 });
    const { session, events } = await world.open();
    const placed = await session.placeOrder(order('st.p', { qty: 3 }));
    await until(() => lastOrder(events, placed.orderId)?.status === 'Filled', 'filled');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const fills = fillsOf(events, placed.orderId);
    expect(fills).toHaveLength(3);
    expect(new Set(fills.map((fill) => fill.fillId)).size).toBe(3);
    expect(filledQty(events, placed.orderId)).toBe(3);
    expect(world.fake.world.position(ACCOUNT, 'ESZ6').netQty).toBe(3);
  });

  it('refuses what it cannot send clearly, before sending', async () => {
    const { session } = await world.open();
    await expect(session.placeOrder(order('st.x', { symbol: 'ZZZZ6' }))).rejects.toMatchObject({
      code: 'rejected',
    });
    await expect(session.placeOrder(order('st.y', { type: 'Limit' }))).rejects.toMatchObject({
      code: 'rejected',
    });
    await expect(session.placeOrder(order('st.z', { qty: 0 }))).rejects.toBeInstanceOf(BrokerError);
    await expect(
      session.placeOrder(order('st.b', { bracket: { stopLoss: 5990, takeProfit: 6010 } })),
    ).rejects.toMatchObject({ code: 'rejected', message: expect.stringMatching(/entry price/) });
    expect(world.fake.world.requests(312) + world.fake.world.requests(330)).toBe(0);
  });

  it('a refusal of the gateway is rejected with its reason, and nothing is left working', async () => {
    const { session } = await world.open();
    await expect(
      session.placeOrder(order('st.nope', { accountExternalId: 'NOT-MINE' })),
    ).rejects.toMatchObject({
      code: 'rejected',
      message: expect.stringMatching(/invalid account/),
    });
    expect(await session.workingOrders()).toEqual([]);
    expect(await session.findOrderByClientId('NOT-MINE', 'st.nope').catch(() => null)).toBeNull();
  });

  it('places a bracket (330) in ticks from the entry price: legs at the stop loss and take profit', async () => {
    const { session, events } = await world.open();
    const placed = await session.placeOrder(
      order('st.br', { type: 'Limit', price: 6000, bracket: { stopLoss: 5990, takeProfit: 6010 } }),
    );
    await until(() => filledQty(events, placed.orderId) === 1, 'entry filled');
    expect(world.fake.world.requests(330)).toBe(1);
    expect(world.fake.world.requests(312)).toBe(0);
    await until(() => world.fake.world.orders().length === 3, 'two legs placed');
    const legs = world.fake.world.orders().filter((o) => o.basketId !== placed.orderId);
    expect(legs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ priceType: 'LIMIT', price: 6010, side: 'sell', qty: 1 }),
        expect.objectContaining({ priceType: 'STOP_MARKET', triggerPrice: 5990, side: 'sell', qty: 1 }),
      ]),
    );
    // The legs reach the engine as children of the entry (they carry its user_tag at Rithmic).
    for (const leg of legs)
      await until(
        () =>
          events.some(
            (e) => e.kind === 'order' && e.order.orderId === leg.basketId && e.order.status === 'Working',
          ),
        `leg ${leg.priceType} heard working`,
      );
    expect(lastOrder(events, legs[0]!.basketId)?.parentOrderId).toBe(placed.orderId);
    expect(await session.findOrderByClientId(ACCOUNT, 'st.br')).toMatchObject({ orderId: placed.orderId });
  });

  it('reads balances and P&L from the PnL plant (strings in 451, doubles in 450)', async () => {
    const { session, events } = await world.open();
    // The PnL plant's snapshot (402) is read while the session opens.
    expect(await session.accountSnapshots()).toEqual([
      { accountExternalId: ACCOUNT, cashBalance: 50_000, realizedPnl: 0, openPnl: 0 },
    ]);
    const placed = await session.placeOrder(order('st.pnl', { qty: 1 }));
    await until(() => filledQty(events, placed.orderId) === 1, 'filled');
    world.fake.setPrice('ESZ6', 'CME', 6010);
    await until(
      () =>
        events.some(
          (e) => e.kind === 'account' && e.account.accountExternalId === ACCOUNT && e.account.openPnl === 500,
        ),
      'open P&L of 10 points × 50',
    );
    const snapshot = (await session.accountSnapshots()).find((s) => s.accountExternalId === ACCOUNT);
    expect(snapshot?.cashBalance).toBeGreaterThan(0);
    expect((await session.listAccounts())[0]?.cashBalance).toBe(snapshot?.cashBalance);
  });

  it('moves the position with the fills at once, not with the lagging PnL plant', async () => {
    world.fake.setFaults({ pnlDelayMs: 2_000 });
    const { session, events } = await world.open();
    const placed = await session.placeOrder(order('st.lag', { qty: 2 }));
    await until(() => filledQty(events, placed.orderId) === 2, 'filled', 1_500);
    expect(await session.positions()).toEqual([
      { accountExternalId: ACCOUNT, symbol: 'ESZ6', netPos: 2, avgPrice: 6000 },
    ]);
    // The PnL plant's late figure agrees: nothing flickers.
    await new Promise((resolve) => setTimeout(resolve, 2_300));
    const positions = events.filter((e) => e.kind === 'position');
    expect(positions.every((e) => e.kind === 'position' && e.position.netPos === 2)).toBe(true);
  });

  it('ignores an unknown template (358) and keeps working, reporting it once', async () => {
    world.fake.setFaults({ unknownTemplates: true });
    const { session, events } = await world.open();
    const placed = await session.placeOrder(order('st.u'));
    await until(() => filledQty(events, placed.orderId) === 1, 'filled');
    // Sent after each login (two plants), reported once.
    expect(world.warnings.filter((warning) => warning.includes('358'))).toHaveLength(1);
  });
});
