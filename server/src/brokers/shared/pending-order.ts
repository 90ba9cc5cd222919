import type { BrokerOrder, PlaceOrderCommand } from '../types';

/** The order a broker accepted (it gave its id) before its feed told anything more about it. */
export function pendingOrder(orderId: string, command: PlaceOrderCommand): BrokerOrder {
  return {
    orderId,
    clientOrderId: command.clientOrderId,
    accountExternalId: command.accountExternalId,
    symbol: command.symbol,
    side: command.side,
    qty: command.qty,
    filledQty: 0,
    type: command.type,
    price: command.type === 'Limit' ? (command.price ?? null) : null,
    stopPrice: command.type === 'Stop' ? (command.stopPrice ?? command.price ?? null) : null,
    status: 'PendingNew',
    reason: null,
    parentOrderId: null,
    time: Date.now(),
  };
}
