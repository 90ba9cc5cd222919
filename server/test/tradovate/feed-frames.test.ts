import { FeedState } from '../../src/brokers/tradovate/feed-state';
import type { BrokerEvent } from '../../src/brokers/types';
import { startWorld, type World } from './support/world';

const over = { TRADOVATE_ORDERS_OVER_SOCKET: 'true' };

const market = (w: World, clientOrderId: string, account = 0) => ({
  accountExternalId: String(w.follower.accountIds[account]),
  clientOrderId,
  symbol: 'ESZ6',
  side: 'buy' as const,
  qty: 1,
  type: 'Market' as const,
});

describe('Tradovate frames as they arrive', () => {
  let world: World;
  afterEach(() => world.close());

  it('when ten orders are placed in the same turn over the socket, then each reaches Tradovate once and gets its own answer', async () => {
    world = await startWorld({ env: over });
    const { session } = await world.open(world.follower.userId);
    const ids = Array.from({ length: 10 }, (_, i) => `turn-${i}`);
    const placed = await Promise.all(ids.map((id, i) => session.placeOrder(market(world, id, i % 2))));
    const requests = world.fake.control.requests('order/placeorder');
    expect(requests.map((r) => r.via)).toEqual(Array(10).fill('ws'));
    const atFake = world.fake.control.orders().filter((o) => ids.includes(o.clOrdId ?? ''));
    expect(atFake).toHaveLength(10);
    for (const [i, order] of placed.entries()) {
      expect(atFake.filter((o) => o.clOrdId === ids[i]).map((o) => String(o.id))).toEqual([order.orderId]);
    }
  });

  it('when a human order fills, then its events reach listeners in the order Tradovate sent them', async () => {
    world = await startWorld();
    const { events } = await world.open(world.leader.userId);
    world.fake.control.placeHumanOrder({
      accountId: world.leader.accountId,
      symbol: 'ESZ6',
      action: 'Buy',
      qty: 1,
    });
    await events.waitFor(() => events.of('position')[0], 3_000, 'the position after the fill');
    const kinds = events.all
      .map((e: BrokerEvent) => (e.kind === 'order' ? `order ${e.order.status}` : e.kind))
      .filter((kind, i, all) => kind !== all[i - 1]);
    expect(kinds).toEqual(['order PendingNew', 'order Working', 'fill', 'order Filled', 'position']);
  });
});

describe('Tradovate working orders', () => {
  const order = (id: number, ordStatus: string) => ({
    id,
    accountId: 1,
    contractId: 7,
    action: 'Buy',
    ordStatus,
    timestamp: '2026-11-24T10:00:00.000Z',
  });
  const snapshot = (orders: unknown[]) => ({
    accounts: [{ id: 1, name: 'ACC-1', active: true }],
    contracts: [{ id: 7, name: 'ESZ6' }],
    orders,
  });
  const working = (state: FeedState) => state.workingOrders().map((o) => `${o.orderId} ${o.status}`);

  it('when orders reach a final status, then they leave the working orders for good, the others keep the order first seen', () => {
    const state = new FeedState();
    state.loadSnapshot(snapshot([order(1, 'Working'), order(2, 'Filled'), order(3, 'PendingNew')]), false);
    expect(working(state)).toEqual(['1 Working', '3 PendingNew']);
    state.apply('order', 'Created', order(4, 'Suspended'));
    state.apply('order', 'Updated', order(3, 'Working'));
    state.apply('order', 'Updated', order(1, 'Canceled'));
    expect(working(state)).toEqual(['3 Working', '4 Working']);
    // An update older than the final status (sent before it, applied after) does not bring the order back.
    state.apply('order', 'Updated', order(1, 'Working'));
    state.apply('order', 'Updated', order(2, 'PendingNew'));
    expect(working(state)).toEqual(['3 Working', '4 Working']);
  });

  it('when a new snapshot replaces the state, then only its own orders are working', () => {
    const state = new FeedState();
    state.loadSnapshot(snapshot([order(1, 'Working'), order(2, 'Working'), order(3, 'Working')]), false);
    state.loadSnapshot(snapshot([order(2, 'Working'), order(1, 'Working'), order(5, 'PendingNew')]), true);
    expect(working(state)).toEqual(['2 Working', '1 Working', '5 PendingNew']);
  });
});
