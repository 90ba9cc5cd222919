import type { BrokerEvent } from '../../src/brokers/types';
import { startWorld, type World } from './support/world';

describe('Tradovate user-data feed', () => {
  let world: World;
  beforeEach(async () => {
    world = await startWorld();
  });
  afterEach(() => world.close());

  it('when a human market order fills on the leader account, then the session emits order, fill, position and balance events', async () => {
    const { session, events } = await world.open(world.leader.userId);
    const accountId = String(world.leader.accountId);
    const placed = world.fake.control.placeHumanOrder({
      accountId: world.leader.accountId,
      symbol: 'ESZ6',
      action: 'Buy',
      qty: 2,
    });
    const orderId = 'orderId' in placed ? String(placed.orderId) : '';

    const fill = await events.waitFor(() => events.of('fill')[0], 3_000, 'fill');
    expect(fill).toEqual({
      kind: 'fill',
      fillId: expect.any(String),
      orderId,
      clientOrderId: null,
      accountExternalId: accountId,
      symbol: 'ESZ6',
      side: 'buy',
      qty: 2,
      price: 6000,
      time: expect.any(Number),
      // When the socket frame carrying it was read: the copier's latency starts there.
      heardAt: expect.any(Number),
    });
    await events.waitFor(() => events.of('position')[0], 3_000, 'position');
    const statuses = events
      .of('order')
      .filter((e) => e.order.orderId === orderId)
      .map((e) => e.order.status);
    expect(statuses[0]).toBe('PendingNew');
    expect(statuses.at(-1)).toBe('Filled');
    expect(statuses).toContain('Working');
    expect(events.of('order').at(-1)?.order).toMatchObject({
      symbol: 'ESZ6',
      side: 'buy',
      qty: 2,
      filledQty: 2,
      type: 'Market',
    });
    expect(events.of('position').at(-1)?.position).toEqual({
      accountExternalId: accountId,
      symbol: 'ESZ6',
      netPos: 2,
      avgPrice: 6000,
    });
    expect(await session.positions()).toEqual([
      { accountExternalId: accountId, symbol: 'ESZ6', netPos: 2, avgPrice: 6000 },
    ]);

    // Closing at a higher price realizes P&L, reported from the feed (ES: $50 a point).
    world.fake.control.setPrice('ESZ6', 6004);
    world.fake.control.placeHumanOrder({
      accountId: world.leader.accountId,
      symbol: 'ESZ6',
      action: 'Sell',
      qty: 2,
    });
    const account = await events.waitFor(
      () => events.of('account').find((e) => e.account.realizedPnl !== 0),
      3_000,
      'realized P&L',
    );
    expect(account.account).toEqual({
      accountExternalId: accountId,
      cashBalance: 50_400,
      realizedPnl: 400,
      openPnl: 0,
    });
    expect(await session.positions()).toEqual([]);
    expect(await session.accountSnapshots()).toEqual([account.account]);
  });

  it('when a human market order fills in parts, then each part is its own fill and the order works until the last', async () => {
    const { events } = await world.open(world.leader.userId);
    const placed = world.fake.control.placeHumanOrder({
      accountId: world.leader.accountId,
      symbol: 'ESZ6',
      action: 'Sell',
      qty: 4,
      parts: [1, 2],
    });
    const orderId = 'orderId' in placed ? String(placed.orderId) : '';
    await events.waitFor(() => events.of('fill').length === 3, 3_000, 'three fills');
    expect(events.of('fill').map((fill) => [fill.orderId, fill.side, fill.qty])).toEqual([
      [orderId, 'sell', 1],
      [orderId, 'sell', 2],
      [orderId, 'sell', 1],
    ]);
    await events.waitFor(() => events.of('order').at(-1)?.order.status === 'Filled', 3_000, 'filled');
    const filled = events.of('order').map((e) => [e.order.status, e.order.filledQty]);
    expect(filled).toEqual(
      expect.arrayContaining([
        ['Working', 1],
        ['Working', 3],
        ['Filled', 4],
      ]),
    );
    await events.waitFor(() => events.of('position').at(-1)?.position.netPos === -4, 3_000, 'short 4');
  });

  it('when a limit order is resting, then it is a working order until the price reaches it and fills', async () => {
    const { session, events } = await world.open(world.leader.userId);
    world.fake.control.placeHumanOrder({
      accountId: world.leader.accountId,
      symbol: 'ESZ6',
      action: 'Buy',
      qty: 1,
      orderType: 'Limit',
      price: 5990,
    });
    await events.waitFor(
      () => events.of('order').find((e) => e.order.status === 'Working'),
      3_000,
      'working limit',
    );
    expect(await session.workingOrders()).toEqual([
      expect.objectContaining({ type: 'Limit', price: 5990, status: 'Working', qty: 1 }),
    ]);
    expect(events.of('fill')).toHaveLength(0);
    world.fake.control.setPrice('ESZ6', 5989.75);
    const fill = await events.waitFor(() => events.of('fill')[0], 3_000, 'limit fill');
    expect(fill.price).toBe(5989.75);
    await events.waitFor(
      () => events.of('order').find((e) => e.order.status === 'Filled'),
      3_000,
      'filled limit',
    );
    expect(await session.workingOrders()).toEqual([]);
  });

  it('when the broker duplicates every event, then each fill and each state change is emitted once', async () => {
    const { events } = await world.open(world.leader.userId);
    world.fake.control.setFaults({ duplicateEvents: true });
    world.fake.control.placeHumanOrder({
      accountId: world.leader.accountId,
      symbol: 'ESZ6',
      action: 'Sell',
      qty: 1,
    });
    await events.waitFor(() => events.of('position')[0], 3_000, 'position');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events.of('fill')).toHaveLength(1);
    const keys = events.all.map((event: BrokerEvent) => JSON.stringify(event));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('when Tradovate sends entities wrapped in arrays, then they are read like single entities', async () => {
    const { events } = await world.open(world.leader.userId);
    world.fake.control.setFaults({ arrayEntities: true });
    world.fake.control.placeHumanOrder({
      accountId: world.leader.accountId,
      symbol: 'ESZ6',
      action: 'Buy',
      qty: 1,
    });
    await events.waitFor(() => events.of('position').find((e) => e.position.netPos === 1), 3_000, 'position');
    expect(events.of('fill')).toEqual([expect.objectContaining({ symbol: 'ESZ6', qty: 1, side: 'buy' })]);
  });

  it('when a malformed event arrives, then it is reported clearly and the events after it are still applied', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { events } = await world.open(world.leader.userId);
    world.fake.control.setFaults({ malformedEvent: true });
    world.fake.control.placeHumanOrder({
      accountId: world.leader.accountId,
      symbol: 'ESZ6',
      action: 'Buy',
      qty: 1,
    });
    await events.waitFor(() => events.of('position').find((e) => e.position.netPos === 1), 3_000, 'position');
    expect(events.of('fill')).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /skipped a malformed event \(Tradovate sent a malformed fill \(no numeric "id"\)/,
      ),
    );
  });

  it('when the session stays idle longer than the server tolerates silence, then heartbeats keep the socket open and Tradovate is still heard', async () => {
    const { session, events } = await world.open(world.leader.userId);
    const heardAtOpen = session.lastHeardAt!() ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(events.of('connection')).toEqual([]);
    // No event came: the server's heartbeat frames (every 200 ms here) are what was heard.
    expect(session.lastHeardAt!()).toBeGreaterThan(heardAtOpen + 500);
    expect(world.fake.control.socketCount()).toBe(1);
  });
});
