import type { FakeOrder } from './venue-types';

/**
 * When a working order fills at `price`, and at what price (null: not now). Order types as PlaceOrder.md
 * lists them: a limit fills at its limit or better, a stop at market once touched, an MIT (market if touched)
 * at market once its price is touched, a stop-limit becomes a limit once its stop is touched, a trailing stop
 * follows the market by its `pegDifference` (never back) and goes to market once touched.
 */
export function fillPrice(order: FakeOrder, price: number): number | null {
  const buy = order.action === 'Buy';
  switch (order.orderType) {
    case 'Market':
      return price;
    case 'Limit':
      return order.price !== null && limitReached(buy, price, order.price)
        ? atLimit(buy, price, order.price)
        : null;
    case 'Stop':
    case 'QTS':
      return order.stopPrice !== null && stopTouched(buy, price, order.stopPrice) ? price : null;
    case 'MIT':
      return order.price !== null && limitReached(buy, price, order.price) ? price : null;
    case 'StopLimit':
      if (!order.stopTriggered) {
        if (order.stopPrice === null || !stopTouched(buy, price, order.stopPrice)) return null;
        order.stopTriggered = true;
      }
      return order.price !== null && limitReached(buy, price, order.price)
        ? atLimit(buy, price, order.price)
        : null;
    case 'TrailingStop': {
      const stop = trail(order, price);
      return stop !== null && stopTouched(buy, price, stop) ? price : null;
    }
    case 'TrailingStopLimit': {
      if (!order.stopTriggered) {
        const before = order.trailingStop;
        const stop = trail(order, price);
        // The limit keeps its distance from the stop as the stop trails.
        if (order.price !== null && before !== null && stop !== null) order.price += stop - before;
        if (stop === null || !stopTouched(buy, price, stop)) return null;
        order.stopTriggered = true;
      }
      return order.price !== null && limitReached(buy, price, order.price)
        ? atLimit(buy, price, order.price)
        : null;
    }
  }
}

// Module functions rather than closures made on every call: every order placed asks fillPrice.
function limitReached(buy: boolean, price: number, limit: number): boolean {
  return buy ? price <= limit : price >= limit;
}

function stopTouched(buy: boolean, price: number, stop: number): boolean {
  return buy ? price >= stop : price <= stop;
}

function atLimit(buy: boolean, price: number, limit: number): number {
  return buy ? Math.min(price, limit) : Math.max(price, limit);
}

/**
 * Moves a trailing stop after the market: a sell stop rises to `pegDifference` below the price, a buy stop
 * falls to `pegDifference` above it; neither moves back. The schema gives `pegDifference` a number and no
 * sign rule, so the venue takes its size and puts the stop on the protective side of the order.
 */
export function trail(order: FakeOrder, price: number): number | null {
  if (order.trailingStop === null || order.pegDifference === null) return order.trailingStop;
  const distance = Math.abs(order.pegDifference);
  order.trailingStop =
    order.action === 'Sell'
      ? Math.max(order.trailingStop, price - distance)
      : Math.min(order.trailingStop, price + distance);
  return order.trailingStop;
}

/** Which prices an order type carries, and which it needs. */
export const usesPrice = (type: FakeOrder['orderType']): boolean =>
  type === 'Limit' || type === 'StopLimit' || type === 'MIT' || type === 'TrailingStopLimit';
export const usesStop = (type: FakeOrder['orderType']): boolean =>
  type === 'Stop' ||
  type === 'StopLimit' ||
  type === 'TrailingStop' ||
  type === 'TrailingStopLimit' ||
  type === 'QTS';
export const usesPeg = (type: FakeOrder['orderType']): boolean =>
  type === 'TrailingStop' || type === 'TrailingStopLimit';
