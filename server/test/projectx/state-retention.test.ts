import type { BrokerEvent } from '../../src/brokers/types';
import { FINAL_ORDERS_KEPT } from '../../src/brokers/order-retention';
import { ProjectXState } from '../../src/brokers/projectx/state';
import { seedContracts } from '../../fakes/projectx/catalog';
import { OrderSide, OrderType } from '../../fakes/projectx/model';
import { orderView, type VenueEvent, Venue } from '../../fakes/projectx/venue';

const ES = 'CON.F.US.EP.Z26';
const ACCOUNT = 7;

/**
 * The fake gateway's exchange making the pushes, applied to the state as the session applies the hub's events.
 * Every push is kept, so a test can replay one as the hub or a reconnect's history would.
 */
function world() {
  const pushes: VenueEvent[] = [];
  const venue = new Venue((event) => pushes.push(event));
  for (const contract of seedContracts([2026])) venue.contracts.set(contract.id, contract);
  venue.accounts.set(ACCOUNT, {
    id: ACCOUNT,
    name: 'PX-7',
    userName: 'trader',
    balance: 50_000,
    canTrade: true,
    isVisible: true,
    simulated: true,
    maxContracts: 1_000,
    dailyLossLimit: 0,
    realizedToday: 0,
    bracketMode: 'auto-oco',
  });
  const state = new ProjectXState();
  state.applyAccount({ id: ACCOUNT, name: 'PX-7', balance: 50_000, canTrade: true });
  let applied = 0;

  const apply = (event: VenueEvent): BrokerEvent[] => {
    const data = event.data as Record<string, unknown>;
    if (event.target === 'GatewayUserOrder') return state.applyOrder(data);
    if (event.target === 'GatewayUserTrade') return state.applyTrade(data);
    if (event.target === 'GatewayUserPosition') return state.applyPosition(data, event.action === 2);
    return [];
  };
  /** Applies the pushes made since the last call, except those `hold` keeps back. */
  const deliver = (hold: (event: VenueEvent) => boolean = () => false): BrokerEvent[] => {
    const out: BrokerEvent[] = [];
    for (; applied < pushes.length; applied += 1) {
      const event = pushes[applied]!;
      if (!hold(event)) out.push(...apply(event));
    }
    return out;
  };
  /** A market order with the tag, filled at the price: the venue opens and fills it on the next turn. */
  const trade = async (tag: string, side: number, price: number): Promise<number> => {
    venue.setPrice(ES, price);
    const placed = venue.place({
      accountId: ACCOUNT,
      contractId: ES,
      type: OrderType.Market,
      side,
      size: 1,
      customTag: tag,
    });
    if (!('orderId' in placed)) throw new Error(placed.errorMessage);
    await new Promise((resolve) => setImmediate(resolve));
    return placed.orderId;
  };
  const pushesOf = (orderId: number): VenueEvent[] =>
    pushes.filter(
      (event) =>
        (event.target === 'GatewayUserOrder' && (event.data as { id: number }).id === orderId) ||
        (event.target === 'GatewayUserTrade' && (event.data as { orderId: number }).orderId === orderId),
    );
  const realized = (): number => state.snapshots()[0]!.realizedPnl;
  return { venue, state, apply, deliver, trade, pushesOf, realized };
}

const found = (state: ProjectXState, clientOrderId: string): string[] =>
  state.ordersForClientId(String(ACCOUNT), clientOrderId).map(({ order }) => order.orderId);

/** Round turns at a rising price, so every closing trade carries P&L. */
async function roundTurns(w: ReturnType<typeof world>, orders: number, firstTag = 0): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < orders; i += 1) {
    const n = firstTag + i;
    ids.push(await w.trade(`st.c${n}`, n % 2 === 0 ? OrderSide.Bid : OrderSide.Ask, 6000 + n));
    w.deliver();
  }
  return ids;
}

describe('a ProjectX session forgetting old final orders', () => {
  it('when more final orders than kept have been seen, then the oldest are forgotten and the newest and the working ones stay', async () => {
    const w = world();
    // A resting limit far below the market: older than every final order, and working.
    w.venue.setPrice(ES, 6000);
    const resting = w.venue.place({
      accountId: ACCOUNT,
      contractId: ES,
      type: OrderType.Limit,
      side: OrderSide.Bid,
      size: 1,
      limitPrice: 1000,
      customTag: 'st.rest',
    });
    await new Promise((resolve) => setImmediate(resolve));
    w.deliver();
    const ids = await roundTurns(w, FINAL_ORDERS_KEPT + 6);

    for (let n = 0; n < 6; n += 1) {
      expect(found(w.state, `st.c${n}`)).toEqual([]);
      expect(w.state.order(String(ids[n]))).toBeUndefined();
    }
    expect(found(w.state, 'st.c6')).toEqual([String(ids[6])]);
    expect(found(w.state, `st.c${FINAL_ORDERS_KEPT + 5}`)).toEqual([String(ids[FINAL_ORDERS_KEPT + 5])]);
    expect(found(w.state, 'st.rest')).toHaveLength(1);
    expect(w.state.workingOrders().map((order) => order.clientOrderId)).toEqual(['st.rest']);
    expect('orderId' in resting).toBe(true);

    // Cancelled, it leaves the working orders (they are an index of their own, not a pass over every order).
    if (!('orderId' in resting)) throw new Error('the resting limit was refused');
    w.venue.cancel(ACCOUNT, resting.orderId);
    await new Promise((resolve) => setImmediate(resolve));
    w.deliver();
    expect(w.state.workingOrders()).toEqual([]);
  });

  it("when a forgotten order's pushes and trade are replayed, then nothing is emitted and no P&L is counted twice", async () => {
    const w = world();
    const ids = await roundTurns(w, FINAL_ORDERS_KEPT + 4);
    const realized = w.realized();
    // Round turns at prices rising by a point: each closing trade earns a point of ES ($50).
    expect(realized).toBe(((FINAL_ORDERS_KEPT + 4) / 2) * 50);

    for (const id of ids.slice(0, 4)) {
      const replayed = w.pushesOf(id);
      expect(replayed.map((event) => event.target)).toEqual(
        expect.arrayContaining(['GatewayUserOrder', 'GatewayUserTrade']),
      );
      for (const event of replayed) expect(w.apply(event)).toEqual([]);
    }
    expect(w.realized()).toBe(realized);
    expect(found(w.state, 'st.c1')).toEqual([]);
  });

  it('when an old order has a fill not told yet (its trade held back, no fill price), then it is kept until the trade tells it once', async () => {
    const w = world();
    const late = await w.trade('st.late', OrderSide.Bid, 6000);
    // The order's pushes without their fill price, its trade held back: nothing can tell its fill yet.
    const held: VenueEvent[] = [];
    w.deliver((event) => {
      const data = event.data as Record<string, unknown>;
      if (event.target === 'GatewayUserTrade' && data.orderId === late) {
        held.push(event);
        return true;
      }
      if (event.target === 'GatewayUserOrder' && data.id === late) {
        w.state.applyOrder({ ...data, filledPrice: undefined });
        return true;
      }
      return false;
    });
    await roundTurns(w, FINAL_ORDERS_KEPT + 2, 1);
    expect(found(w.state, 'st.late')).toEqual([String(late)]);

    const fills = held.flatMap((event) => w.apply(event)).filter((event) => event.kind === 'fill');
    expect(fills).toEqual([
      expect.objectContaining({ kind: 'fill', orderId: String(late), qty: 1, price: 6000 }),
    ]);
    // Told now: the next final order lets it go, and a replay of its trade tells nothing.
    await roundTurns(w, 1, FINAL_ORDERS_KEPT + 3);
    expect(found(w.state, 'st.late')).toEqual([]);
    expect(held.flatMap((event) => w.apply(event))).toEqual([]);
  });

  it('when a look-up reads the history and meets a forgotten order, then the order is found again without its fill or P&L told twice', async () => {
    const w = world();
    const ids = await roundTurns(w, FINAL_ORDERS_KEPT + 2);
    const first = ids[1]!;
    expect(found(w.state, 'st.c1')).toEqual([]);
    const realized = w.realized();

    const row = orderView(w.venue.orders.get(first)!, true);
    // A reconnect's history (not a look-up) leaves it forgotten.
    expect(w.state.applyOrder(row)).toEqual([]);
    expect(found(w.state, 'st.c1')).toEqual([]);
    // A look-up after an uncertain placement brings it back, telling nothing.
    expect(w.state.applyOrder(row, true)).toEqual([]);
    expect(found(w.state, 'st.c1')).toEqual([String(first)]);
    expect(w.state.order(String(first))).toMatchObject({
      status: 'Filled',
      filledQty: 1,
      clientOrderId: 'st.c1',
    });

    for (const event of w.pushesOf(first)) expect(w.apply(event)).toEqual([]);
    expect(w.realized()).toBe(realized);
  });

  it('when a trade of a forgotten order comes, then its tag counts as settled (the history is not read for it)', async () => {
    const w = world();
    const ids = await roundTurns(w, FINAL_ORDERS_KEPT + 1);
    expect(w.state.tagSettled(String(ids[0]))).toBe(true);
    expect(w.state.tagSettled(String(ids[1]))).toBe(true);
    expect(w.state.tagSettled('424242')).toBe(false);
  });
});
