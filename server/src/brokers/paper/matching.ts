import type { BrokerOrder, VenueOrderType } from '../types';

export interface PaperOrder extends BrokerOrder {
  bracket: { stopLoss?: number; takeProfit?: number } | undefined;
  /** The other half of an OCO pair (bracket children). */
  ocoWith: string | null;
  /** The order as placed: a StopLimit and a TrailingStop are Stops to the engine (`type`). */
  kind: VenueOrderType;
  /** A trailing stop's distance from the best price, in points. */
  trail: number | null;
  /** A stop-limit whose stop was reached: from then on it rests as a limit at `price`. */
  triggered: boolean;
}

/** The engine's type a venue type stands for (as Tradovate's adapter reports them). */
export function engineType(kind: VenueOrderType): BrokerOrder['type'] {
  return kind === 'StopLimit' || kind === 'TrailingStop' ? 'Stop' : kind;
}

function reachesLimit(order: BrokerOrder, market: number): boolean {
  const limit = order.price ?? NaN;
  return order.side === 'buy' ? market <= limit : market >= limit;
}

function reachesStop(order: BrokerOrder, market: number): boolean {
  const stop = order.stopPrice ?? order.price ?? NaN;
  return order.side === 'buy' ? market >= stop : market <= stop;
}

/** Whether the market price reaches the order: limits at or better, stops at or through the trigger. */
export function crosses(order: BrokerOrder, market: number): boolean {
  if (order.type === 'Market') return true;
  if (order.type === 'Limit') return reachesLimit(order, market);
  return reachesStop(order, market);
}

/**
 * One price for a paper order: whether a stop-limit's stop is reached now (it then rests as a limit), and
 * whether the order fills. A triggered stop-limit fills only at its limit or better.
 */
export function matchAt(order: PaperOrder, market: number): { triggers: boolean; fills: boolean } {
  if (order.kind !== 'StopLimit') return { triggers: false, fills: crosses(order, market) };
  const triggers = !order.triggered && reachesStop(order, market);
  const resting = order.triggered || triggers;
  return { triggers, fills: resting && reachesLimit(order, market) };
}

/**
 * A trailing stop's stop after the market moved: it follows the best price at its trail distance and never
 * moves back (a sell stop only up, a buy stop only down). Null when it stays.
 */
export function trailedStop(order: PaperOrder, market: number, tick: number): number | null {
  if (order.kind !== 'TrailingStop' || order.trail === null || order.stopPrice === null) return null;
  const candidate = roundToStep(order.side === 'sell' ? market - order.trail : market + order.trail, tick);
  const better = order.side === 'sell' ? candidate > order.stopPrice : candidate < order.stopPrice;
  return better ? candidate : null;
}

/** Limits (and triggered stop-limits) fill at the better of limit and market; stops and markets at the market. */
export function fillPrice(order: PaperOrder | BrokerOrder, market: number): number {
  const limitLike = order.type === 'Limit' || ('kind' in order && order.kind === 'StopLimit');
  if (!limitLike || order.price === null) return market;
  return order.side === 'buy' ? Math.min(order.price, market) : Math.max(order.price, market);
}

function roundToStep(value: number, step: number): number {
  if (step <= 0) return value;
  return Number((Math.round(value / step) * step).toFixed(10));
}
