/** Wire types of the product's entities (spec section 3), plus the fields the server adds. */

export type Theme = 'dark' | 'light';
export type Environment = 'demo' | 'live';
export type BrokerId = 'tradovate' | 'rithmic' | 'dxfeed' | 'projectx' | 'sim';
export type Side = 'buy' | 'sell';

export interface Profile {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  bio: string;
  /** Public address of the profile photo, or null when none was uploaded. */
  photo_url: string | null;
  two_factor_enabled: boolean;
}

export interface Broker {
  id: BrokerId;
  name: string;
  /** False for brokers listed as "coming soon". */
  connectable: boolean;
}

export type ConnectionStatus = 'connected' | 'reauth_required' | 'disconnected';

export interface Connection {
  id: number;
  connection_name: string;
  enabled: boolean;
  broker_name: BrokerId;
  account_count: number;
  environment: Environment;
  status: ConnectionStatus;
}

export interface ConnectionInfo {
  id: number;
  connection_name: string;
  /** The broker user the connection signed in as (shown as Username). */
  user_data: string;
  broker_name: BrokerId;
  environment: Environment;
}

export interface BrokerAccount {
  id: number;
  account_name: string;
  currency_name: string;
  currency_symbol: string;
  cash_balance: number;
  active: boolean;
  enabled: boolean;
}

export interface ConnectionDetails {
  connection: ConnectionInfo;
  accounts: BrokerAccount[];
}

/** One row of `GET /brokers/accounts`: an account with the connection it belongs to. */
export interface AccountSummary extends BrokerAccount {
  connection_id: number;
  connection_name: string;
  broker_name: BrokerId;
}

export type PositionSide = 'long' | 'short' | 'flat';

/** Why a follower is not copying normally; `ok` when it is. */
export type FollowerState =
  'ok' | 'out_of_sync' | 'rate_limited' | 'risk_stopped' | 'disconnected' | 'reauth_required';

export interface SyncAccount {
  id: number;
  /** The broker's own account number. */
  account_id: string;
  account_name: string;
  /** Connection id. */
  connection: number;
  connection_name: string;
  /** Account label shown in the desk's Accounts column. */
  accounts: string;
  broker_name: BrokerId;
  side: PositionSide;
  balance: number;
  avg_price: number;
  day_pnl: number;
  open_pnl: number;
  qty: number;
  ratio: number;
  cross: boolean;
  is_master: boolean;
  is_follower: boolean;
  enabled: boolean;
  auto_sync: boolean;
  state: FollowerState;
  /** Human text for a state other than `ok`. */
  state_reason: string | null;
  currency_symbol: string;
}

export type OrderStatus = 'Success' | 'Working' | 'Pending New' | 'Rejected' | 'Canceled';
export type OrderType = 'Market' | 'Limit' | 'Stop';

export interface Order {
  id: number;
  connection: string;
  account: string;
  /** ISO 8601. */
  time: string;
  contract: string;
  type: OrderType;
  side: Side;
  qty: number;
  price: number | null;
  status: OrderStatus;
  /** Why the order was rejected or skipped, when it was. */
  reason: string | null;
  role: 'leader' | 'copy' | 'manual';
  /** Leader event received → follower order acknowledged, for copies. */
  latency_ms: number | null;
}

export interface OrderData {
  total_orders: number;
  summary: { buy_orders: number; sell_orders: number };
  orders: Order[];
}

export interface Trade {
  id: number;
  /** Entry time, ISO 8601. */
  time: string;
  exit_time: string;
  /** Seconds between entry and exit. */
  duration: number;
  connection: string;
  account: string;
  symbol: string;
  side: Side;
  qty: number;
  avgEntry: number;
  avgExit: number;
  pts: number;
  pnl: number;
  journal: string;
  source: 'copier' | 'import';
}

export interface HistoryData {
  trades: Trade[];
}

export interface DayJournal {
  date: string;
  note: string;
}

export interface RiskSettings {
  max_contracts_per_order: number;
  max_net_position: number;
  daily_loss_limit: number;
  auto_sync: boolean;
}

export type NotificationKind = 'risk_stop' | 'copy_failed' | 'out_of_sync' | 'broker_disconnected' | 'info';

export interface Notification {
  id: number;
  kind: NotificationKind;
  title: string;
  message: string;
  created_at: string;
  read: boolean;
}

export interface MarketQuote {
  id: number;
  symbol: string;
  price: number;
  /** Percent change since the session open. */
  change: number;
  dir: 'up' | 'down';
}
