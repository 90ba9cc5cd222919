import type { Environment, OrderType, RiskSettings, Side } from './entities';

export interface LoginPayload {
  email: string;
  password: string;
  /** Six-digit authenticator code or a recovery code, when two-factor is on. */
  otp?: string;
}
export interface RegisterPayload {
  email: string;
  password: string;
}
export interface ProfileUpdatePayload {
  username: string;
  first_name: string;
  last_name: string;
  bio: string;
}
export interface PasswordChangePayload {
  current_password: string;
  new_password: string;
  confirmPassword: string;
}
export interface ForgotPasswordPayload {
  email: string;
}
export interface ResetPasswordPayload {
  token: string;
  new_password: string;
}
export interface ConnectQuery {
  connection_name: string;
  environment: Environment;
}
export interface RatioPayload {
  ratio: number;
}
export interface CrossPayload {
  cross: boolean;
}
/** The flatten body is the list of account ids (spec section 3). */
export type FlattenPayload = number[];
export type RiskSettingsPayload = Partial<RiskSettings>;
export interface HistoryQuery {
  start_date?: string;
  end_date?: string;
}
export interface TicketOrderPayload {
  account_id: number;
  contract: string;
  side: Side;
  qty: number;
  order_type: Extract<OrderType, 'Market' | 'Limit'>;
  price?: number;
}
/** One trade as read from an imported CSV file, normalized by the client. */
export interface ImportTradeRow {
  symbol: string;
  side: 'buy' | 'sell';
  qty: number;
  entry_time: string;
  exit_time: string;
  entry_price: number;
  exit_price: number;
  pnl: number;
  /** A stable key of the source row so a second import of the same file adds nothing. */
  external_id: string;
}
export interface ImportTradesPayload {
  trades: ImportTradeRow[];
}
export interface JournalPayload {
  journal: string;
}
export interface TwoFactorCodePayload {
  code: string;
}
/** Connects a broker that signs in with an API key (ProjectX); the key is never sent back. */
export interface ApiKeyConnectPayload {
  connection_name: string;
  environment: Environment;
  /** A known firm id, or `custom` with `custom_host` (and optionally `custom_hub`). */
  firm: string;
  custom_host?: string;
  custom_hub?: string;
  user_name: string;
  api_key: string;
}
