/** The fake venue's own records; `entities.ts` turns them into Tradovate's JSON shapes. */
export interface FakeUser {
  id: number;
  name: string;
  fullName: string;
  email: string;
}

export interface FakeAccount {
  id: number;
  name: string;
  userId: number;
  amount: number;
  realizedPnL: number;
  active: boolean;
}

export interface FakeContract {
  id: number;
  name: string;
  productName: string;
  tickSize: number;
  valuePerPoint: number;
}

export type OrderType =
  'Market' | 'Limit' | 'Stop' | 'StopLimit' | 'MIT' | 'TrailingStop' | 'TrailingStopLimit' | 'QTS';
export type Action = 'Buy' | 'Sell';

export interface FakeOrder {
  id: number;
  accountId: number;
  contractId: number;
  action: Action;
  ordStatus: 'PendingNew' | 'Working' | 'Suspended' | 'Filled' | 'Canceled' | 'Rejected';
  orderQty: number;
  orderType: OrderType;
  price: number | null;
  stopPrice: number | null;
  /** A stop-limit whose stop was touched works as a limit. */
  stopTriggered: boolean;
  /** A trailing stop's distance from the market (`pegDifference` of PlaceOrder and OrderVersion). */
  pegDifference: number | null;
  /**
   * Where a trailing stop stands now: it starts at `stopPrice` and follows the market by `pegDifference`.
   * The order's version keeps what was asked (`stopPrice`, `pegDifference`); the trail is the venue's.
   */
  trailingStop: number | null;
  /** The client order id of the `New` command that created the order (Tradovate keeps it on commands only). */
  clOrdId: string | null;
  isAutomated: boolean;
  parentId: number | null;
  /** The other bracket of an OCO pair. */
  ocoSiblingId: number | null;
  versionId: number;
  /** The latest command on the order; execution reports name it. */
  commandId: number;
  cumQty: number;
  avgPx: number;
  timestamp: string;
}

export type CommandType = 'New' | 'Modify' | 'Cancel';

/** Tradovate's `command`: every order request, with the caller's `clOrdId` (the order itself has none). */
export interface FakeCommand {
  id: number;
  orderId: number;
  timestamp: string;
  clOrdId: string | null;
  commandType: CommandType;
  commandStatus: 'RiskPassed' | 'RiskRejected' | 'ExecutionRejected';
  isAutomated: boolean;
  /** Forgotten by the fake's lists (a command history Tradovate no longer returns). */
  archived: boolean;
}

/** Tradovate's `commandReport`: how the risk and execution systems answered one command. */
export interface FakeCommandReport {
  id: number;
  commandId: number;
  timestamp: string;
  commandStatus: FakeCommand['commandStatus'];
  ordStatus: FakeOrder['ordStatus'];
  rejectReason?: string;
  text?: string;
}

export interface FakeFill {
  id: number;
  orderId: number;
  contractId: number;
  action: Action;
  qty: number;
  price: number;
  timestamp: string;
}

export interface FakePosition {
  id: number;
  accountId: number;
  contractId: number;
  netPos: number;
  netPrice: number;
  bought: number;
  boughtValue: number;
  sold: number;
  soldValue: number;
  timestamp: string;
}

/** A `props` event as the socket sends it. */
export interface PropsEvent {
  e: 'props';
  d: { entityType: string; eventType: 'Created' | 'Updated' | 'Deleted'; entity: Record<string, unknown> };
}

export interface NewOrder {
  accountId: number;
  symbol: string;
  action: Action;
  orderQty: number;
  orderType: OrderType;
  price?: number;
  stopPrice?: number;
  pegDifference?: number;
  clOrdId?: string;
  isAutomated: boolean;
  /** A market order that fills in these parts (the rest at the end), each its own fill: partial fills. */
  fillParts?: number[];
}
