import { FeedState } from '../../src/brokers/tradovate/feed-state';

const at = (iso: string): string => new Date(iso).toISOString();

/** A snapshot as Tradovate's sync answer holds it, after a fill at 10:00:02. */
function snapshot(): Record<string, unknown> {
  return {
    accounts: [{ id: 1, name: 'ACC-1', active: true }],
    contracts: [{ id: 7, name: 'ESZ6' }],
    commands: [{ id: 30, orderId: 20, clOrdId: 'cp-1', commandType: 'New', commandStatus: 'RiskPassed' }],
    orders: [
      {
        id: 20,
        accountId: 1,
        contractId: 7,
        action: 'Buy',
        ordStatus: 'Filled',
        timestamp: at('2026-11-24T10:00:00Z'),
      },
    ],
    orderVersions: [{ id: 21, orderId: 20, orderQty: 2, orderType: 'Market' }],
    fills: [
      {
        id: 40,
        orderId: 20,
        contractId: 7,
        action: 'Buy',
        qty: 2,
        price: 6000,
        timestamp: at('2026-11-24T10:00:02Z'),
      },
    ],
    positions: [
      { accountId: 1, contractId: 7, netPos: 2, netPrice: 6000, timestamp: at('2026-11-24T10:00:02Z') },
    ],
    cashBalances: [{ accountId: 1, amount: 50_000, realizedPnL: 0, timestamp: at('2026-11-24T10:00:02Z') }],
  };
}

describe('Tradovate props that arrive before the sync answer', () => {
  it('when events older than the snapshot are applied after it, then they never overwrite the newer snapshot state', () => {
    const state = new FeedState();
    state.loadSnapshot(snapshot(), false);
    // Sent before the snapshot was taken, buffered, applied after it.
    state.apply('order', 'Updated', {
      id: 20,
      accountId: 1,
      contractId: 7,
      action: 'Buy',
      ordStatus: 'Working',
      timestamp: at('2026-11-24T10:00:00Z'),
    });
    state.apply('position', 'Updated', {
      accountId: 1,
      contractId: 7,
      netPos: 1,
      netPrice: 6000,
      timestamp: at('2026-11-24T10:00:01Z'),
    });
    state.apply('cashBalance', 'Updated', {
      accountId: 1,
      amount: 49_000,
      realizedPnL: -1_000,
      timestamp: at('2026-11-24T10:00:01Z'),
    });
    const events = state.flush(true);
    expect(state.brokerOrder('20')).toMatchObject({ status: 'Filled', clientOrderId: 'cp-1', filledQty: 2 });
    expect(state.positions()).toEqual([
      { accountExternalId: '1', symbol: 'ESZ6', netPos: 2, avgPrice: 6000 },
    ]);
    expect(state.snapshots()).toEqual([
      { accountExternalId: '1', cashBalance: 50_000, realizedPnl: 0, openPnl: 0 },
    ]);
    expect(events.filter((e) => e.kind === 'position' || e.kind === 'account')).toEqual([]);
  });

  it('when newer events follow the snapshot, then they apply', () => {
    const state = new FeedState();
    state.loadSnapshot(snapshot(), false);
    state.apply('position', 'Updated', {
      accountId: 1,
      contractId: 7,
      netPos: 0,
      netPrice: 0,
      timestamp: at('2026-11-24T10:00:05Z'),
    });
    state.apply('order', 'Created', {
      id: 50,
      accountId: 1,
      contractId: 7,
      action: 'Sell',
      ordStatus: 'Working',
      timestamp: at('2026-11-24T10:00:04Z'),
    });
    state.apply('command', 'Created', {
      id: 51,
      orderId: 50,
      clOrdId: 'cp-2',
      commandType: 'New',
      commandStatus: 'RiskPassed',
    });
    const events = state.flush(false);
    expect(state.positions()).toEqual([]);
    expect(events).toContainEqual({
      kind: 'position',
      position: { accountExternalId: '1', symbol: 'ESZ6', netPos: 0, avgPrice: 0 },
    });
    expect(events).toContainEqual(
      expect.objectContaining({
        kind: 'order',
        order: expect.objectContaining({ orderId: '50', clientOrderId: 'cp-2' }),
      }),
    );
  });
});
