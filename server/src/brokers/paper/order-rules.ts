import { specOf } from '@synctrade/market';
import type { ModifyOrderCommand, PlaceOrderCommand, VenueOrderType } from '../types';

/**
 * What the paper venue refuses, in the words a trader understands. Like a real futures broker, a stop must be
 * on the far side of the market (a sell stop below it, a buy stop above it: else it would fill at once), a
 * stop-limit's limit must not be worse than its stop allows to fill, and a trailing stop needs a positive trail.
 */
export interface PricedOrder {
  side: PlaceOrderCommand['side'];
  kind: VenueOrderType;
  price: number | null;
  stopPrice: number | null;
  trail: number | null;
}

export const ORDER_RULES = {
  limitPrice: 'A limit order needs a price',
  stopPrice: 'A stop order needs a stop price',
  stopLimitPrices: 'A stop-limit order needs a stop price and a limit price',
  trail: 'A trailing stop needs a trail distance above zero',
  sellStopBelow: 'A sell stop must be below the market price',
  buyStopAbove: 'A buy stop must be above the market price',
  sellLimitBelowStop: "A sell stop-limit's limit price cannot be above its stop price",
  buyLimitAboveStop: "A buy stop-limit's limit price cannot be below its stop price",
  qty: 'Quantity must be a positive whole number',
  tick: (tick: number) => `Prices must be whole ticks of ${tick}`,
  noMarketOco: 'A market order cannot be linked one-cancels-other',
  bracketStopSide: (side: 'below' | 'above') => `The stop-loss must be ${side} the entry price`,
  bracketTargetSide: (side: 'above' | 'below') => `The take-profit must be ${side} the entry price`,
} as const;

/** The venue type a command asks for (an engine Stop with a limit price is a StopLimit where it says so). */
export function kindOf(command: Pick<PlaceOrderCommand, 'type' | 'venueType'>): VenueOrderType {
  return command.venueType ?? command.type;
}

/** Prices of a placed order: a trailing stop's first stop is its trail away from the market. */
export function pricedOf(command: PlaceOrderCommand, market: number): PricedOrder {
  const kind = kindOf(command);
  const trail = kind === 'TrailingStop' ? (command.trail ?? null) : null;
  const stopPrice =
    kind === 'TrailingStop' && trail !== null
      ? command.side === 'sell'
        ? market - trail
        : market + trail
      : (command.stopPrice ?? null);
  return { side: command.side, kind, price: command.price ?? null, stopPrice, trail };
}

/** Why the prices are refused at this market, or null. */
export function priceProblem(order: PricedOrder, market: number, tick: number): string | null {
  const { kind, side, price, stopPrice } = order;
  if (kind === 'Limit' && price === null) return ORDER_RULES.limitPrice;
  if (kind === 'Stop' && stopPrice === null) return ORDER_RULES.stopPrice;
  if (kind === 'StopLimit' && (stopPrice === null || price === null)) return ORDER_RULES.stopLimitPrices;
  if (kind === 'TrailingStop' && (order.trail === null || !(order.trail > 0))) return ORDER_RULES.trail;
  for (const value of [price, kind === 'TrailingStop' ? null : stopPrice, order.trail])
    if (value !== null && !onTick(value, tick)) return ORDER_RULES.tick(tick);
  if ((kind === 'Stop' || kind === 'StopLimit') && stopPrice !== null) {
    if (side === 'sell' && stopPrice >= market) return ORDER_RULES.sellStopBelow;
    if (side === 'buy' && stopPrice <= market) return ORDER_RULES.buyStopAbove;
  }
  if (kind === 'StopLimit' && stopPrice !== null && price !== null) {
    if (side === 'sell' && price > stopPrice) return ORDER_RULES.sellLimitBelowStop;
    if (side === 'buy' && price < stopPrice) return ORDER_RULES.buyLimitAboveStop;
  }
  return null;
}

/** Why a bracket's legs are on the wrong side of the entry (a long's stop below, target above), or null. */
export function bracketProblem(
  side: PlaceOrderCommand['side'],
  entry: number,
  bracket: NonNullable<PlaceOrderCommand['bracket']>,
): string | null {
  const long = side === 'buy';
  if (bracket.stopLoss !== undefined && (long ? bracket.stopLoss >= entry : bracket.stopLoss <= entry))
    return ORDER_RULES.bracketStopSide(long ? 'below' : 'above');
  if (bracket.takeProfit !== undefined && (long ? bracket.takeProfit <= entry : bracket.takeProfit >= entry))
    return ORDER_RULES.bracketTargetSide(long ? 'above' : 'below');
  return null;
}

/** The prices of a working order after a modify: what the command names changes, the rest stays. */
export function modified(order: PricedOrder, command: ModifyOrderCommand): PricedOrder {
  return {
    side: order.side,
    kind: order.kind,
    price: command.price ?? order.price,
    stopPrice: command.stopPrice ?? order.stopPrice,
    trail: command.trail ?? order.trail,
  };
}

export function tickOf(symbol: string): number {
  return specOf(symbol)?.tickSize ?? 0.01;
}

function onTick(value: number, tick: number): boolean {
  const steps = value / tick;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}
