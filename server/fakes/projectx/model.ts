/**
 * The shapes the fake ProjectX Gateway speaks, as the published API documents them (see README.md for the
 * source of each). Codes are numeric on the wire.
 */

export const OrderType = {
  Limit: 1,
  Market: 2,
  StopLimit: 3,
  Stop: 4,
  TrailingStop: 5,
  JoinBid: 6,
  JoinAsk: 7,
} as const;
export const OrderSide = { Bid: 0, Ask: 1 } as const;
export const OrderStatus = {
  None: 0,
  Open: 1,
  Filled: 2,
  Cancelled: 3,
  Expired: 4,
  Rejected: 5,
  Pending: 6,
} as const;
export const PositionType = { Long: 1, Short: 2 } as const;

export const LoginError = {
  Success: 0,
  UserNotFound: 1,
  InvalidCredentials: 3,
  ApiSubscriptionNotFound: 9,
  ApiKeyAuthenticationDisabled: 10,
} as const;

export const PlaceError = {
  AccountNotFound: 1,
  OrderRejected: 2,
  AccountViolation: 4,
  OutsideTradingHours: 5,
  ContractNotFound: 8,
  AccountRejected: 10,
} as const;

export const CancelError = { AccountNotFound: 1, OrderNotFound: 2, Rejected: 3 } as const;
export const CloseError = { AccountNotFound: 1, PositionNotFound: 2, ContractNotFound: 3 } as const;

export type BracketMode = 'auto-oco' | 'position';

export interface FakeUser {
  userName: string;
  apiKey: string;
  /** What loginKey answers for this user besides success. */
  keyState: 'ok' | 'no-subscription' | 'disabled';
}

export interface FakeAccount {
  id: number;
  name: string;
  userName: string;
  balance: number;
  canTrade: boolean;
  isVisible: boolean;
  simulated: boolean;
  /** The firm's cap on contracts held in one contract (AccountViolation past it). */
  maxContracts: number;
  /** Realized loss at which the firm liquidates and locks the account (canTrade=false); 0: none. */
  dailyLossLimit: number;
  realizedToday: number;
  bracketMode: BracketMode;
}

export interface FakeContract {
  id: string;
  name: string;
  description: string;
  tickSize: number;
  tickValue: number;
  activeContract: boolean;
  symbolId: string;
  /** The exchange root (`ES` for `EP`): the gateway's search finds a contract by it too. Not on the wire. */
  root: string;
  /** Last trading moment (the month's third Friday); past it the month is expired. Not on the wire. */
  expiresAt: number;
}

export interface FakeOrder {
  id: number;
  accountId: number;
  contractId: string;
  symbolId: string;
  creationTimestamp: string;
  updateTimestamp: string;
  status: number;
  type: number;
  side: number;
  size: number;
  limitPrice: number | null;
  stopPrice: number | null;
  /** A trailing stop's distance in price (`trailPrice`); its `stopPrice` follows the market by it. */
  trailPrice: number | null;
  fillVolume: number;
  filledPrice: number | null;
  customTag: string | null;
  /** Bracket legs to create once this entry fills (ticks signed from the fill price). */
  brackets?: { stopLossTicks?: number; takeProfitTicks?: number };
  /** The OCO sibling of a bracket leg. */
  ocoWith?: number;
}

export interface FakePosition {
  id: number;
  accountId: number;
  contractId: string;
  creationTimestamp: string;
  type: number;
  size: number;
  averagePrice: number;
}

export interface FakeTrade {
  id: number;
  accountId: number;
  contractId: string;
  creationTimestamp: string;
  price: number;
  profitAndLoss: number | null;
  fees: number;
  side: number;
  size: number;
  voided: boolean;
  orderId: number;
}

/** The fault switches tests arm; each count is spent by the requests or events it hits. */
export interface FakeFaults {
  /** The next N matching REST calls are executed, then the connection is dropped before the answer. */
  loseAnswers: { remaining: number; match?: string } | null;
  /**
   * The next N matching REST calls lose their answer at once (the connection is dropped) and are executed
   * `delayMs` later, as a request still queued at the gateway after the client gave up on it.
   */
  handleLate: { remaining: number; match?: string; delayMs: number } | null;
  /** The next N matching REST calls are executed at once and answered `delayMs` later (a slow gateway). */
  slowAnswers: { remaining: number; match?: string; delayMs: number } | null;
  /** The next N REST calls answer HTTP 429. */
  http429: { remaining: number; match?: string } | null;
  /** The next N hub events are never delivered. */
  dropEvents: { remaining: number; target?: string } | null;
  duplicateEvents: boolean;
  /** How user events are framed: flat, `{action, data}`, a list of those, or a rotation through all three. */
  envelope: 'flat' | 'wrapped' | 'list' | 'mixed';
  /** Market orders fill one contract at a time, each with its own trade and order update. */
  partialFills: boolean;
}

export const noFaults = (): FakeFaults => ({
  loseAnswers: null,
  handleLate: null,
  slowAnswers: null,
  http429: null,
  dropEvents: null,
  duplicateEvents: false,
  envelope: 'flat',
  partialFills: false,
});

export function trip<T extends { remaining: number; match?: string }>(rule: T | null, key: string): boolean {
  if (rule === null || rule.remaining <= 0) return false;
  if (rule.match !== undefined && !key.toLowerCase().includes(rule.match.toLowerCase())) return false;
  rule.remaining -= 1;
  return true;
}
