import type { Notification } from './entities';

export interface MessageResponse {
  message: string;
}
export interface TokenResponse {
  access_token: string;
  message?: string;
}
/** Login answer when two-factor is on and no code was sent. */
export interface TwoFactorRequiredResponse {
  two_factor_required: true;
  message: string;
}
export interface ConnectResponse {
  url: string;
  message: string;
}
export interface WsTicketResponse {
  ticket: string;
  expires_in: number;
}
export interface NotificationList {
  notifications: Notification[];
  unread: number;
}
export interface TwoFactorStatus {
  enabled: boolean;
}
export interface TwoFactorSetup {
  secret: string;
  otpauth_url: string;
  /** A PNG data URL of the QR code. */
  qr_data_url: string;
}
export interface TwoFactorEnabled {
  message: string;
  recovery_codes: string[];
}
export interface ImportResult {
  imported: number;
  duplicates: number;
  message: string;
}
export interface ErrorBody {
  detail: string;
}
export interface ApiKeyConnectResponse {
  message: string;
  connection_id: number;
}
