import type { BrokerOrderStatus, BrokerOrderType, OrderSide } from '../types';

/** Gateway enums (OrderType, OrderSide, OrderStatus, PositionType) ↔ ours. */
export const PX_TYPE: Record<BrokerOrderType, number> = { Limit: 1, Market: 2, Stop: 4 };
/** Order/place type 5: a stop that trails the market by `trailPrice`. */
export const PX_TRAILING_STOP = 5;
export const PX_SIDE: Record<OrderSide, number> = { buy: 0, sell: 1 };

export function orderTypeOf(code: number | undefined): BrokerOrderType {
  if (code === 2) return 'Market';
  // 3 StopLimit, 4 Stop and 5 TrailingStop trigger on a stop price.
  if (code === 3 || code === 4 || code === 5) return 'Stop';
  return 'Limit';
}

export function sideOf(code: number | undefined): OrderSide {
  return code === 1 ? 'sell' : 'buy';
}

/**
 * 6 Pending is transitional; 8 has been seen on bracket legs waiting for their entry (undocumented). Codes
 * nobody documented keep the order's last known status rather than guessing one.
 */
export function orderStatusOf(
  code: number | undefined,
  previous: BrokerOrderStatus | undefined,
): BrokerOrderStatus {
  switch (code) {
    case 1:
      return 'Working';
    case 2:
      return 'Filled';
    case 3:
    case 4:
      return 'Canceled';
    case 5:
      return 'Rejected';
    case 6:
    case 8:
      return previous ?? 'PendingNew';
    default:
      return previous ?? 'PendingNew';
  }
}

export const TERMINAL: ReadonlySet<BrokerOrderStatus> = new Set(['Filled', 'Canceled', 'Rejected']);
