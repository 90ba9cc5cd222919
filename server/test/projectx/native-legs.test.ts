import { ProjectXState } from '../../src/brokers/projectx/state';

const ES = 'CON.F.US.EP.Z26';
const at = (ms: number): string => new Date(Date.UTC(2026, 11, 5, 15, 0, 0, ms)).toISOString();

/** An order as the hub pushes it: type 1 limit, 2 market, 4 stop; side 0 buy, 1 sell; status 1 open, 2 filled. */
const push = (
  id: number,
  o: { type: number; side: number; size?: number; status?: number; created: number; updated?: number },
  extra: Record<string, unknown> = {},
) => ({
  id,
  accountId: 7,
  contractId: ES,
  type: o.type,
  side: o.side,
  size: o.size ?? 2,
  status: o.status ?? 1,
  fillVolume: o.status === 2 ? (o.size ?? 2) : 0,
  filledPrice: o.status === 2 ? 6000 : null,
  customTag: null,
  creationTimestamp: at(o.created),
  updateTimestamp: at(o.updated ?? o.created),
  ...extra,
});

/** A trade of one contract at 5990 on account 7, as the hub pushes it, `ms` after the test's hour. */
const trade = (state: ProjectXState, id: number, orderId: number, ms: number) =>
  state.applyTrade({
    id,
    orderId,
    accountId: 7,
    contractId: ES,
    price: 5990,
    size: 1,
    side: 0,
    creationTimestamp: at(ms),
  });

const parentOf = (state: ProjectXState, id: number): string | null | undefined =>
  state.order(String(id))?.parentOrderId;

/** A market buy of 2 filled at 0 ms, as the gateway reports it: placed, then filled. */
function filledEntry(state: ProjectXState, id = 10, side = 0): void {
  state.applyOrder(push(id, { type: 2, side, status: 6, created: 0 }));
  state.applyOrder(push(id, { type: 2, side, status: 2, created: 0, updated: 3 }));
}

describe("ProjectX's own bracket legs linked to their entry", () => {
  it('when the gateway creates a stop and a target on the exit side at the fill, then both name the entry as parent', () => {
    const state = new ProjectXState();
    filledEntry(state);
    const events = [
      ...state.applyOrder(push(11, { type: 4, side: 1, created: 4 }, { stopPrice: 5980 })),
      ...state.applyOrder(push(12, { type: 1, side: 1, created: 5 }, { limitPrice: 6020 })),
    ];
    expect([parentOf(state, 11), parentOf(state, 12)]).toEqual(['10', '10']);
    expect(events.map((e) => (e.kind === 'order' ? e.order.parentOrderId : e.kind))).toEqual(['10', '10']);
    // A later push of a leg (moved to break-even) keeps its parent.
    state.applyOrder(push(11, { type: 4, side: 1, created: 4, updated: 9_000 }, { stopPrice: 6000 }));
    expect(parentOf(state, 11)).toBe('10');
  });

  it('when only the first trade tells the fill (the order push comes later), then the legs are still linked', () => {
    const state = new ProjectXState();
    state.applyOrder(push(10, { type: 1, side: 1, status: 1, created: 0 }, { limitPrice: 6010 }));
    state.applyTrade({
      id: 900,
      orderId: 10,
      accountId: 7,
      contractId: ES,
      price: 6010,
      size: 2,
      side: 1,
      creationTimestamp: at(60_000),
    });
    state.applyOrder(push(11, { type: 4, side: 0, created: 60_002 }, { stopPrice: 6030 }));
    state.applyOrder(push(12, { type: 1, side: 0, created: 60_002 }, { limitPrice: 5990 }));
    expect([parentOf(state, 11), parentOf(state, 12)]).toEqual(['10', '10']);
  });

  it('when the entry fills in parts, then the legs created at its last fill are linked', () => {
    const state = new ProjectXState();
    state.applyOrder(push(10, { type: 1, side: 0, status: 1, created: 0 }, { limitPrice: 5990 }));
    trade(state, 901, 10, 10_000);
    trade(state, 902, 10, 30_000);
    state.applyOrder(push(11, { type: 4, side: 1, created: 30_001 }, { stopPrice: 5970 }));
    expect(parentOf(state, 11)).toBe('10');
  });

  it('when trades arrive out of order, then the latest fill counts; a trade of an order never seen is ignored', () => {
    const state = new ProjectXState();
    state.applyOrder(push(10, { type: 1, side: 0, status: 1, created: 0 }, { limitPrice: 5990 }));
    trade(state, 902, 10, 30_000);
    trade(state, 901, 10, 10_000);
    expect(() => trade(state, 903, 99, 30_000)).not.toThrow();
    expect(() =>
      state.applyTrade({ id: 904, orderId: 5, accountId: 8, contractId: ES, price: 1, size: 1, side: 0 }),
    ).not.toThrow();
    state.applyOrder(push(11, { type: 4, side: 1, created: 31_000 }, { stopPrice: 5970 }));
    expect(parentOf(state, 11)).toBe('10');
  });

  it('when a leg comes exactly a second after the fill, then it is linked; a millisecond later, not', () => {
    const state = new ProjectXState();
    filledEntry(state);
    state.applyOrder(push(11, { type: 4, side: 1, created: 1_003 }, { stopPrice: 5980 }));
    state.applyOrder(push(12, { type: 1, side: 1, created: 1_004 }, { limitPrice: 6020 }));
    expect([parentOf(state, 11), parentOf(state, 12)]).toEqual(['10', null]);
  });

  it('when an account places many orders, then only its latest 16 can still be an entry', () => {
    const state = new ProjectXState();
    filledEntry(state);
    for (let id = 100; id < 115; id += 1)
      state.applyOrder(push(id, { type: 1, side: 0, created: 1 }, { limitPrice: 5900 }));
    state.applyOrder(push(11, { type: 4, side: 1, created: 4 }, { stopPrice: 5980 }));
    state.applyOrder(push(115, { type: 1, side: 0, created: 1 }, { limitPrice: 5900 }));
    state.applyOrder(push(12, { type: 1, side: 1, created: 5 }, { limitPrice: 6020 }));
    expect([parentOf(state, 11), parentOf(state, 12)]).toEqual(['10', null]);
  });

  it('when legs wait for their resting entry (status 8), then they are linked by the time the entry was placed', () => {
    const state = new ProjectXState();
    state.applyOrder(push(10, { type: 1, side: 0, status: 1, created: 0 }, { limitPrice: 5990 }));
    state.applyOrder(push(11, { type: 4, side: 1, status: 8, created: 40 }, { stopPrice: 5970 }));
    state.applyOrder(push(12, { type: 1, side: 1, status: 8, created: 41 }, { limitPrice: 6010 }));
    expect([parentOf(state, 11), parentOf(state, 12)]).toEqual(['10', '10']);
  });

  it('when orders are not what the gateway makes at a fill, then they stay plain orders', () => {
    const state = new ProjectXState();
    filledEntry(state);
    // More than a second after the fill: a stop the trader placed by hand.
    state.applyOrder(push(20, { type: 4, side: 1, created: 1_004 }, { stopPrice: 5980 }));
    // On the entry's own side, of another size, on another contract, carrying one of our tags.
    state.applyOrder(push(21, { type: 1, side: 0, created: 5 }, { limitPrice: 5990 }));
    state.applyOrder(push(22, { type: 4, side: 1, size: 1, created: 5 }, { stopPrice: 5980 }));
    state.applyOrder(
      push(23, { type: 4, side: 1, created: 5 }, { stopPrice: 5980, contractId: 'CON.F.US.ENQ.Z26' }),
    );
    state.applyOrder(push(24, { type: 4, side: 1, created: 5 }, { stopPrice: 5980, customTag: 'st.m5-9.3' }));
    // A market exit at the fill is no leg either.
    state.applyOrder(push(25, { type: 2, side: 1, created: 5 }));
    // Not yet working at the gateway before its entry filled, and not marked as a waiting leg.
    state.applyOrder(push(30, { type: 1, side: 0, status: 1, created: 100_000 }, { limitPrice: 5990 }));
    state.applyOrder(push(31, { type: 4, side: 1, created: 100_010 }, { stopPrice: 5970 }));
    expect([20, 21, 22, 23, 24, 25, 31].map((id) => parentOf(state, id))).toEqual(Array(7).fill(null));
  });

  it('when an entry has its stop and its target, then a third order at the fill is no leg of it; the next entry gets its own', () => {
    const state = new ProjectXState();
    filledEntry(state);
    state.applyOrder(push(11, { type: 4, side: 1, created: 4 }, { stopPrice: 5980 }));
    state.applyOrder(push(12, { type: 1, side: 1, created: 5 }, { limitPrice: 6020 }));
    state.applyOrder(push(13, { type: 4, side: 1, created: 6 }, { stopPrice: 5970 }));
    filledEntry(state, 40, 1);
    state.applyOrder(push(41, { type: 4, side: 0, created: 8 }, { stopPrice: 6020 }));
    expect([parentOf(state, 13), parentOf(state, 41)]).toEqual([null, '40']);
  });
});
