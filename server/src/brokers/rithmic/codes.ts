import type { BrokerOrderType, OrderSide } from '../types';

/** Enum values of the order messages (async_rithmic `request_new_order.proto`, `rithmic_order_notification.proto`). */
export const TRANSACTION = { buy: 1, sell: 2 } as const;
export const PRICE_TYPE = { LIMIT: 1, MARKET: 2, STOP_LIMIT: 3, STOP_MARKET: 4 } as const;
export const DURATION_DAY = 1;
/** `manual_or_auto`: a copier's orders are automated (2 AUTO; async_rithmic defaults to MANUAL). */
export const AUTO = 2;
/** request_bracket_order.proto BracketType: stop and target counted from the fill price. */
export const BRACKET = { STOP_ONLY: 1, TARGET_ONLY: 2, TARGET_AND_STOP: 3 } as const;
export const USER_TYPE_TRADER = 3;

/** 351 RithmicOrderNotification notify_type. */
export const RITHMIC_NOTIFY = {
  OPEN: 13,
  MODIFIED: 14,
  COMPLETE: 15,
  TRIGGER_PENDING: 18,
} as const;
/** 351 notify types before the order is open at the exchange (received, pending, sent). */
export const RITHMIC_PENDING = new Set([1, 4, 7, 10]);

/** 352 ExchangeOrderNotification notify_type. */
export const EXCHANGE_NOTIFY = {
  STATUS: 1,
  MODIFY: 2,
  CANCEL: 3,
  TRIGGER: 4,
  FILL: 5,
  REJECT: 6,
} as const;

export function sideOf(transactionType: number | undefined): OrderSide | undefined {
  if (transactionType === 1) return 'buy';
  // 3 SS (short sale) is a sell.
  if (transactionType === 2 || transactionType === 3) return 'sell';
  return undefined;
}

export function typeOf(priceType: number | undefined): BrokerOrderType | undefined {
  if (priceType === PRICE_TYPE.LIMIT) return 'Limit';
  if (priceType === PRICE_TYPE.MARKET) return 'Market';
  if (priceType === PRICE_TYPE.STOP_MARKET || priceType === PRICE_TYPE.STOP_LIMIT) return 'Stop';
  return undefined;
}

export function priceTypeOf(type: BrokerOrderType): number {
  return type === 'Limit' ? PRICE_TYPE.LIMIT : type === 'Market' ? PRICE_TYPE.MARKET : PRICE_TYPE.STOP_MARKET;
}
