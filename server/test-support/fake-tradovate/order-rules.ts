import type { FakeOrder } from './venue-types';

/**
 * When a working order fills at `price`, and at what price (null: not now). Order types as PlaceOrder.md
 * lists them: a limit fills at its limit or better, a stop at market once touched, an MIT (market if touched)
 * at market once its price is touched, a stop-limit becomes a limit once its stop is touched.
 */
export function fillPrice(order: FakeOrder, price: number): number | null {
  const buy = order.action === 'Buy';
  const limitReached = (limit: number): boolean => (buy ? price <= limit : price >= limit);
  const stopTouched = (stop: number): boolean => (buy ? price >= stop : price <= stop);
  const atLimit = (limit: number): number => (buy ? Math.min(price, limit) : Math.max(price, limit));
  switch (order.orderType) {
    case 'Market':
      return price;
    case 'Limit':
      return order.price !== null && limitReached(order.price) ? atLimit(order.price) : null;
    case 'Stop':
      return order.stopPrice !== null && stopTouched(order.stopPrice) ? price : null;
    case 'MIT':
      return order.price !== null && limitReached(order.price) ? price : null;
    case 'StopLimit':
      if (!order.stopTriggered) {
        if (order.stopPrice === null || !stopTouched(order.stopPrice)) return null;
        order.stopTriggered = true;
      }
      return order.price !== null && limitReached(order.price) ? atLimit(order.price) : null;
  }
}

/** Which prices an order type carries, and which it needs. */
export const usesPrice = (type: FakeOrder['orderType']): boolean =>
  type === 'Limit' || type === 'StopLimit' || type === 'MIT';
export const usesStop = (type: FakeOrder['orderType']): boolean => type === 'Stop' || type === 'StopLimit';
