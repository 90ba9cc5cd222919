import type { OrderStatus } from '@synctrade/api/types';
import type { BrokerOrder, BrokerOrderStatus } from '../../brokers/types';
import type { CopyOutcome } from './types';

/** Broker order states in the words of the orders list. */
export function orderStatusOf(status: BrokerOrderStatus): OrderStatus {
  switch (status) {
    case 'PendingNew':
      return 'Pending New';
    case 'Working':
      return 'Working';
    case 'Filled':
      return 'Success';
    case 'Canceled':
      return 'Canceled';
    case 'Rejected':
      return 'Rejected';
  }
}

/** A copy's outcome as the broker's order shows it (the times only when this engine sent it and heard the answer). */
export function outcomeOfOrder(
  clientOrderId: string,
  order: BrokerOrder,
  sentMs: number | null = null,
  ackMs: number | null = null,
): CopyOutcome {
  return {
    clientOrderId,
    status: orderStatusOf(order.status),
    brokerOrderId: order.orderId,
    reason: order.reason ?? order.sentAs ?? null,
    sentMs,
    ackMs,
  };
}
