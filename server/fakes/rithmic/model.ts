export type Plant = 'ticker' | 'order' | 'history' | 'pnl';

/** SysInfraType (request_login.proto): the plant a login opens. Repository (5) is not served. */
export const PLANT_OF_INFRA: Record<number, Plant> = { 1: 'ticker', 2: 'order', 3: 'history', 4: 'pnl' };

export interface FakeRithmicUser {
  user: string;
  password: string;
  systems?: string[];
  agreementsSigned?: boolean;
  maxSessions?: number;
  fcmId?: string;
  ibId?: string;
}

export interface FakeRithmicAccount {
  user: string;
  accountId: string;
  name: string;
  balance: number;
  currency: string;
  /** Realized P&L of the day (closed positions), in the account's currency. */
  closedPnl: number;
}

export type PriceType = 'LIMIT' | 'MARKET' | 'STOP_LIMIT' | 'STOP_MARKET';

export interface FakeRithmicOrder {
  basketId: string;
  userTag: string | null;
  accountId: string;
  symbol: string;
  exchange: string;
  side: 'buy' | 'sell';
  qty: number;
  priceType: PriceType;
  price: number | null;
  triggerPrice: number | null;
  manualOrAuto: 'MANUAL' | 'AUTO' | null;
  tradeRoute: string;
  status: 'open' | 'complete';
  completionReason: string | null;
  filledQty: number;
  avgFillPrice: number | null;
  linkedBasketIds: string[];
  /** A trailing stop's distance in ticks (0: not trailing): its trigger follows the market by this much. */
  trailTicks: number;
  /** performance.now() when the fake took the order (its 312/330 received, or placed by hand): for benches. */
  atHr?: number;
}

export interface FakeRithmicFill {
  fillId: string;
  basketId: string;
  userTag: string | null;
  accountId: string;
  symbol: string;
  exchange: string;
  side: 'buy' | 'sell';
  price: number;
  size: number;
  at: Date;
}

export interface FakeRithmicFaults {
  /** The request is executed, then the socket is closed before its answer (a lost answer). */
  loseAnswers: { remaining: number; templates: number[] } | null;
  /** Notifications (351/352) not sent, the next `remaining` ones. */
  dropNotifications: { remaining: number } | null;
  /** Every 352 FILL sent twice. */
  duplicateFills: boolean;
  /** Fills in lots of this size (partial fills); 0 = whole. */
  partialFillLot: number;
  /** PnL plant pushes delayed by this many ms. */
  pnlDelayMs: number;
  /** Send an unknown template (358) after each login answer. */
  unknownTemplates: boolean;
  /** Closes every socket now (set once; the flag clears itself). */
  disconnectAll: boolean;
  /**
   * Added by the fake (not in the agreed API's list): a modify/cancel stays pending this long, so a second one on
   * the same basket meanwhile gets "Atomic order operation in progress". 0 = immediate.
   */
  pendingWindowMs: number;
}

export function noFaults(): FakeRithmicFaults {
  return {
    loseAnswers: null,
    dropNotifications: null,
    duplicateFills: false,
    partialFillLot: 0,
    pnlDelayMs: 0,
    unknownTemplates: false,
    disconnectAll: false,
    pendingWindowMs: 0,
  };
}

/** Caps on what one fake holds, so a runaway client cannot grow it without end (the fake's choice). */
export const CAPS = {
  orders: 10_000,
  fills: 20_000,
  usersPerFake: 1_000,
  accountsPerUser: 100,
  sockets: 1_000,
};
