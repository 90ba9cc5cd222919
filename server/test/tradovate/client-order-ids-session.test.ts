import {
  type ClientOrderIdRow,
  type ClientOrderIdStore,
  sessionClientOrderIds,
  TOLD_REMEMBERED,
} from '../../src/brokers/tradovate/client-order-ids';

/** A store that counts its writes and fails the ones it is told to. */
function countingStore(failing: Set<string>) {
  const writes: ClientOrderIdRow[] = [];
  const store: ClientOrderIdStore = {
    async remember(_environment, _userId, row) {
      writes.push(row);
      if (failing.has(row.clientOrderId)) throw new Error('database away');
    },
    orderIdOf: async () => null,
    ofUser: async () => [],
  };
  return { store, writes };
}

describe('Tradovate client order ids seen from one session', () => {
  it('when an order is told twice (its answer and its New command), then it is written once', async () => {
    const { store, writes } = countingStore(new Set());
    const ids = sessionClientOrderIds(store, 'demo', 7, () => undefined);
    ids.remember(1, 'a');
    ids.remember(1, 'a');
    ids.remember(2, 'b');
    await ids.settled();
    ids.remember(2, 'b');
    await ids.settled();
    expect(writes).toEqual([
      { orderId: 1, clientOrderId: 'a' },
      { orderId: 2, clientOrderId: 'b' },
    ]);
  });

  it('when a write fails, then the next telling of the pair writes it again', async () => {
    const failing = new Set(['a']);
    const { store, writes } = countingStore(failing);
    const warnings: string[] = [];
    const ids = sessionClientOrderIds(store, 'demo', 7, (message) => warnings.push(message));
    ids.remember(1, 'a');
    await ids.settled();
    failing.clear();
    ids.remember(1, 'a');
    await ids.settled();
    expect(writes).toEqual([
      { orderId: 1, clientOrderId: 'a' },
      { orderId: 1, clientOrderId: 'a' },
    ]);
    expect(warnings).toHaveLength(1);
  });

  it('when a session has told more orders than it remembers, then the oldest told again is written again and a recent one is not', async () => {
    const { store, writes } = countingStore(new Set());
    const ids = sessionClientOrderIds(store, 'demo', 7, () => undefined);
    for (let orderId = 1; orderId <= TOLD_REMEMBERED + 1; orderId += 1) ids.remember(orderId, `c${orderId}`);
    await ids.settled();
    expect(writes).toHaveLength(TOLD_REMEMBERED + 1);

    ids.remember(TOLD_REMEMBERED + 1, `c${TOLD_REMEMBERED + 1}`);
    ids.remember(2, 'c2');
    ids.remember(1, 'c1');
    await ids.settled();
    expect(writes.slice(TOLD_REMEMBERED + 1)).toEqual([{ orderId: 1, clientOrderId: 'c1' }]);
  });
});
