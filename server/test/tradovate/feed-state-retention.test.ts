import { FINAL_ORDERS_KEPT, FORGOTTEN_ORDERS_REMEMBERED } from '../../src/brokers/order-retention';
import { FeedState } from '../../src/brokers/tradovate/feed-state';
import type { BrokerEvent } from '../../src/brokers/types';

const ACCOUNT = 5;

/** The entities of one order as Tradovate sends them: the order, its `New` command, its version, a fill. */
function entities(id: number, ordStatus: 'Filled' | 'Working') {
  return {
    order: {
      id,
      accountId: ACCOUNT,
      contractId: 1,
      action: 'Buy',
      ordStatus,
      timestamp: '2026-11-27T15:00:00.000Z',
    },
    command: { id: 10_000_000 + id, orderId: id, commandType: 'New', clOrdId: `st.c${id}` },
    version: { id: 20_000_000 + id, orderId: id, orderQty: 1, orderType: 'Market' },
    fill: {
      id: 30_000_000 + id,
      orderId: id,
      contractId: 1,
      timestamp: '2026-11-27T15:00:00.000Z',
      action: 'Buy',
      qty: 1,
      price: 6000,
    },
  };
}

/** One frame of an order's entities, flushed at its end as the feed does. */
function frame(state: FeedState, id: number, ordStatus: 'Filled' | 'Working' = 'Filled'): BrokerEvent[] {
  const e = entities(id, ordStatus);
  state.apply('command', 'Created', e.command);
  state.apply('order', 'Created', e.order);
  state.apply('orderVersion', 'Created', e.version);
  if (ordStatus === 'Filled') state.apply('fill', 'Created', e.fill);
  return state.flush(true);
}

const mentions = (events: BrokerEvent[], id: number): BrokerEvent[] =>
  events.filter(
    (event) =>
      (event.kind === 'order' && event.order.orderId === String(id)) ||
      (event.kind === 'fill' && event.orderId === String(id)),
  );

function newState(): FeedState {
  const state = new FeedState();
  state.absorbContracts({ contracts: [{ id: 1, name: 'ESZ6' }] });
  return state;
}

describe('how much of a long session the Tradovate feed state holds', () => {
  it('keeps the limits a session can live with', () => {
    expect(FINAL_ORDERS_KEPT).toBe(1_000);
    expect(FORGOTTEN_ORDERS_REMEMBERED).toBe(100_000);
  });

  it('when more orders finished than are kept, then the oldest final ones are forgotten and a working order older than all of them stays', () => {
    const state = newState();
    frame(state, 1, 'Working');
    const last = FINAL_ORDERS_KEPT + 51;
    for (let id = 2; id <= last; id += 1) {
      const events = frame(state, id);
      // Every finished order was still reported once, with its fill.
      expect(mentions(events, id).map((event) => event.kind)).toEqual(['order', 'fill']);
    }

    expect(state.allOrders()).toHaveLength(FINAL_ORDERS_KEPT + 1);
    expect(state.workingOrders().map((order) => order.orderId)).toEqual(['1']);
    expect(state.brokerOrder('2')).toBeNull();
    expect(state.brokerOrder('51')).toBeNull();
    expect(state.brokerOrder('52')?.status).toBe('Filled');
    expect(state.findByClientId(String(ACCOUNT), 'st.c2')).toBeNull();
    expect(state.findByClientId(String(ACCOUNT), `st.c${last}`)?.orderId).toBe(String(last));
    expect(state.clientIdOfOrder(2)).toBeNull();
    expect(state.clientIdOfOrder(last)).toBe(`st.c${last}`);
  });

  it("when a forgotten order's events come again, or a reconnect's snapshot lists it, then neither it nor its fill is emitted or held again", () => {
    const state = newState();
    for (let id = 1; id <= FINAL_ORDERS_KEPT + 10; id += 1) frame(state, id);
    expect(state.brokerOrder('3')).toBeNull();

    expect(frame(state, 3)).toEqual([]);
    expect(state.brokerOrder('3')).toBeNull();

    const old = entities(3, 'Filled');
    const kept = entities(FINAL_ORDERS_KEPT + 10, 'Filled');
    const events = state.loadSnapshot(
      {
        orders: [old.order, kept.order],
        commands: [old.command, kept.command],
        orderVersions: [old.version, kept.version],
        fills: [old.fill, kept.fill],
      },
      true,
    );
    expect(mentions(events, 3)).toEqual([]);
    expect(mentions(events, FINAL_ORDERS_KEPT + 10)).toEqual([]);
    expect(state.brokerOrder('3')).toBeNull();
    expect(state.brokerOrder(String(FINAL_ORDERS_KEPT + 10))?.status).toBe('Filled');
  });

  it('when a look-up reads a forgotten order from Tradovate, then it is held again and found by its client order id', () => {
    const state = newState();
    for (let id = 1; id <= FINAL_ORDERS_KEPT + 10; id += 1) frame(state, id);
    expect(state.findByClientId(String(ACCOUNT), 'st.c4')).toBeNull();

    const old = entities(4, 'Filled');
    state.rememberClientId(4, 'st.c4');
    state.absorb([old.order], [old.version], []);

    const found = state.findByClientId(String(ACCOUNT), 'st.c4');
    expect(found?.orderId).toBe('4');
    expect(found?.status).toBe('Filled');
    expect(found?.clientOrderId).toBe('st.c4');
    // Held again for good: a reconnect's snapshot that lists it keeps it.
    state.loadSnapshot({ orders: [old.order], commands: [old.command], orderVersions: [old.version] }, true);
    expect(state.findByClientId(String(ACCOUNT), 'st.c4')?.orderId).toBe('4');
  });

  it("when a session opens on a day of more final orders than are kept, then the snapshot's oldest are forgotten at once", () => {
    const state = newState();
    const ids = Array.from({ length: FINAL_ORDERS_KEPT + 300 }, (_, i) => i + 1);
    const all = ids.map((id) => entities(id, 'Filled'));
    state.loadSnapshot(
      {
        orders: all.map((e) => e.order),
        commands: all.map((e) => e.command),
        orderVersions: all.map((e) => e.version),
        fills: all.map((e) => e.fill),
      },
      false,
    );
    expect(state.allOrders()).toHaveLength(FINAL_ORDERS_KEPT);
    expect(state.brokerOrder('300')).toBeNull();
    expect(state.brokerOrder('301')?.status).toBe('Filled');
    // The next frame, a new order, is emitted in full and costs no forgetting of the snapshot's orders.
    const next = FINAL_ORDERS_KEPT + 301;
    expect(mentions(frame(state, next, 'Working'), next).map((event) => event.kind)).toEqual(['order']);
    expect(state.allOrders()).toHaveLength(FINAL_ORDERS_KEPT + 1);
  });
});
