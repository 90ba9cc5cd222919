import type { BrokerOrder } from '../types';

export interface PaperOrder extends BrokerOrder {
  bracket: { stopLoss?: number; takeProfit?: number } | undefined;
  /** The other half of an OCO pair (bracket children). */
  ocoWith: string | null;
}

/** Whether the market price reaches the order: limits at or better, stops at or through the trigger. */
export function crosses(order: BrokerOrder, market: number): boolean {
  if (order.type === 'Market') return true;
  if (order.type === 'Limit') {
    const limit = order.price ?? NaN;
    return order.side === 'buy' ? market <= limit : market >= limit;
  }
  const stop = order.stopPrice ?? order.price ?? NaN;
  return order.side === 'buy' ? market >= stop : market <= stop;
}

/** Limits fill at the better of limit and market; stops and markets at the market. */
export function fillPrice(order: BrokerOrder, market: number): number {
  if (order.type !== 'Limit' || order.price === null) return market;
  return order.side === 'buy' ? Math.min(order.price, market) : Math.max(order.price, market);
}
