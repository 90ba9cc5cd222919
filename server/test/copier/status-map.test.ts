import type { BrokerOrder } from '../../src/brokers/types';
import { orderStatusOf, outcomeOfOrder } from '../../src/copier/engine/status-map';

// The orders list's words for a broker order's state: a filled order is a success.
describe('orderStatusOf', () => {
  it('when the broker reports an order state, then the orders list shows it in its own words', () => {
    expect(
      (['PendingNew', 'Working', 'Filled', 'Canceled', 'Rejected'] as const).map((status) =>
        orderStatusOf(status),
      ),
    ).toEqual(['Pending New', 'Working', 'Success', 'Canceled', 'Rejected']);
  });
});

describe('outcomeOfOrder', () => {
  const rejected: BrokerOrder = {
    orderId: 'B-17',
    clientOrderId: 'c.1.2',
    accountExternalId: 'F1',
    symbol: 'ESZ6',
    side: 'buy',
    qty: 2,
    filledQty: 0,
    type: 'Market',
    price: null,
    stopPrice: null,
    status: 'Rejected',
    reason: 'Max position exceeded',
    parentOrderId: null,
    time: 0,
  };

  it('when the engine sent the copy and heard the answer, then the outcome keeps the order, its words and both times', () => {
    expect(outcomeOfOrder('c.1.2', rejected, 0.4, 1.1)).toEqual({
      clientOrderId: 'c.1.2',
      status: 'Rejected',
      brokerOrderId: 'B-17',
      reason: 'Max position exceeded',
      sentMs: 0.4,
      ackMs: 1.1,
    });
  });

  it('when the order was only found by a look-up, then the outcome has no times', () => {
    expect(outcomeOfOrder('c.1.2', { ...rejected, status: 'Filled', reason: null })).toEqual({
      clientOrderId: 'c.1.2',
      status: 'Success',
      brokerOrderId: 'B-17',
      reason: null,
      sentMs: null,
      ackMs: null,
    });
  });
});
