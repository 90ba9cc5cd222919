import { FeedState } from '../../src/brokers/tradovate/feed-state';

/** A state that knows contract 1 (ESZ6). */
function knownState(): FeedState {
  const state = new FeedState();
  state.absorbContracts({ contracts: [{ id: 1, name: 'ESZ6' }] });
  return state;
}

const order = (id: number) => ({ id, accountId: 5, contractId: 1, action: 'Buy', ordStatus: 'Working' });

describe('the Tradovate feed state marking what changed', () => {
  it('when orders with whole, negative and fractional ids change, then each is emitted once, in the order it changed', () => {
    const state = knownState();
    for (const id of [-7, 12, 2.5, 2 ** 60]) state.apply('order', 'Created', order(id));
    state.apply('orderVersion', 'Created', { id: 1, orderId: 12, orderQty: 2, orderType: 'Market' });

    const emitted = state
      .flush(true)
      .map((event) => (event.kind === 'order' ? event.order.orderId : event.kind));

    expect(emitted).toEqual(['-7', '12', '2.5', String(2 ** 60)]);
    expect(state.flush(true)).toEqual([]);
  });

  it('when an order waits for its command, then it stays marked and is emitted by the final flush', () => {
    const state = knownState();
    state.apply('order', 'Created', [order(-3), order(4)]);
    expect(state.flush(false)).toEqual([]);
    expect(state.flush(true).map((event) => (event.kind === 'order' ? event.order.orderId : ''))).toEqual([
      '-3',
      '4',
    ]);
  });
});
