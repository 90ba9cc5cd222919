import { memoryClientOrderIds } from '../../src/brokers/tradovate/client-order-ids';

describe('Tradovate client order ids kept in memory', () => {
  it('when pairs are told again or clash, then the first pair of each order and each client order id is kept', async () => {
    const store = memoryClientOrderIds();
    await store.remember('demo', 7, { orderId: 1, clientOrderId: 'a' });
    await store.remember('demo', 7, { orderId: 1, clientOrderId: 'a' });
    await store.remember('demo', 7, { orderId: 2, clientOrderId: 'a' });
    await store.remember('demo', 7, { orderId: 1, clientOrderId: 'b' });
    await store.remember('demo', 7, { orderId: 3, clientOrderId: 'c' });
    await store.remember('live', 7, { orderId: 1, clientOrderId: 'b' });
    expect(await store.ofUser('demo', 7, 10)).toEqual([
      { orderId: 3, clientOrderId: 'c' },
      { orderId: 1, clientOrderId: 'a' },
    ]);
    expect(await store.ofUser('demo', 7, 1)).toEqual([{ orderId: 3, clientOrderId: 'c' }]);
    expect(await store.orderIdOf('demo', 7, 'a')).toBe(1);
    expect(await store.orderIdOf('demo', 7, 'b')).toBeNull();
    expect(await store.orderIdOf('live', 7, 'b')).toBe(1);
    expect(await store.orderIdOf('demo', 8, 'a')).toBeNull();
  });
});
