import type { OrderStatus } from '@synctrade/api/types';
import type { BrokerOrderStatus } from '../../brokers/types';

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
