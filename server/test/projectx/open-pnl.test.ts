import { ProjectXState } from '../../src/brokers/projectx/state';

const ES = 'CON.F.US.EP.Z26';

function stateWithAccount(): ProjectXState {
  const state = new ProjectXState();
  state.applyAccount({ id: 7, name: 'PX-7', balance: 50_000, canTrade: true });
  return state;
}

describe('ProjectX open P&L (positions carry none at the gateway)', () => {
  it('when a long position has a later trade price from the hub, then the open P&L is (last − average) × size × point value', () => {
    const state = stateWithAccount();
    state.applyPosition({ accountId: 7, contractId: ES, type: 1, size: 2, averagePrice: 6000 });
    state.setPointValue('ESZ6', 12.5 / 0.25);
    // No price heard yet: nothing to value the position with.
    expect(state.openPnl('7')).toBe(0);
    state.applyTrade({ id: 1, orderId: 90, accountId: 7, contractId: ES, side: 0, size: 1, price: 6010.25 });
    // 10.25 points × 2 contracts × $50 a point.
    expect(state.openPnl('7')).toBe(1025);
    expect(state.snapshots()).toEqual([
      { accountExternalId: '7', cashBalance: 50_000, realizedPnl: 0, openPnl: 1025 },
    ]);
  });

  it('when the position is short, then a rising price is a loss, and the account event is emitted once per change', () => {
    const state = stateWithAccount();
    state.applyPosition({ accountId: 7, contractId: ES, type: 2, size: 3, averagePrice: 6000 });
    state.setPointValue('ESZ6', 50);
    state.applyTrade({ id: 2, orderId: 91, accountId: 7, contractId: ES, side: 1, size: 1, price: 6002 });
    const events = state.openPnlEvents();
    expect(events).toEqual([
      { kind: 'account', account: expect.objectContaining({ accountExternalId: '7', openPnl: -300 }) },
    ]);
    expect(state.openPnlEvents()).toEqual([]);
  });

  it('when the point value is not known yet, then the symbol is asked for and the position counts nothing until then', () => {
    const state = stateWithAccount();
    state.applyPosition({ accountId: 7, contractId: ES, type: 1, size: 1, averagePrice: 6000 });
    state.applyTrade({ id: 3, orderId: 92, accountId: 7, contractId: ES, side: 0, size: 1, price: 6004 });
    expect(state.symbolsWithoutPointValue()).toEqual(['ESZ6']);
    expect(state.openPnl('7')).toBe(0);
  });
});
