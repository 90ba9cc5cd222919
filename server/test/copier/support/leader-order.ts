import type { BrokerOrder } from '../../../src/brokers/types';

/** A leader's buy limit order of one ESZ6 at 5000, as its broker reports it, in the given status. */
export function leaderLimitOrder(orderId: string, status: BrokerOrder['status']): BrokerOrder {
  return {
    orderId,
    clientOrderId: null,
    accountExternalId: 'L',
    symbol: 'ESZ6',
    side: 'buy',
    qty: 1,
    filledQty: 0,
    type: 'Limit',
    price: 5000,
    stopPrice: null,
    status,
    reason: null,
    parentOrderId: null,
    time: 0,
  };
}
