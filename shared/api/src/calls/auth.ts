import { http } from '@synctrade/api/session';
import type {
  ForgotPasswordPayload,
  LoginPayload,
  PasswordChangePayload,
  RegisterPayload,
  ResetPasswordPayload,
  TwoFactorCodePayload,
} from '../types/payloads';
import type {
  MessageResponse,
  TokenResponse,
  TwoFactorEnabled,
  TwoFactorRequiredResponse,
  TwoFactorSetup,
  TwoFactorStatus,
  WsTicketResponse,
} from '../types/responses';

// Served by the server's `auth/` module: sign-up, sign-in, passwords, two-factor, the feed ticket.

export async function login(payload: LoginPayload): Promise<TokenResponse | TwoFactorRequiredResponse> {
  return (await http.post<TokenResponse | TwoFactorRequiredResponse>('/auth/login', payload)).data;
}
export async function register(payload: RegisterPayload): Promise<TokenResponse> {
  return (await http.post<TokenResponse>('/auth/register', payload)).data;
}
export async function logout(): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('/auth/logout')).data;
}
export async function changePassword(payload: PasswordChangePayload): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('/auth/profile/password', payload)).data;
}
export async function forgotPassword(payload: ForgotPasswordPayload): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('/auth/forgot-password', payload)).data;
}
export async function resetPassword(payload: ResetPasswordPayload): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('/auth/reset-password', payload)).data;
}
/** A short-lived single-use ticket for the realtime feed: the access token never goes into a URL. */
export async function getFeedTicket(): Promise<WsTicketResponse> {
  return (await http.post<WsTicketResponse>('/auth/ws-ticket')).data;
}
export async function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  return (await http.get<TwoFactorStatus>('/auth/2fa')).data;
}
export async function setupTwoFactor(): Promise<TwoFactorSetup> {
  return (await http.post<TwoFactorSetup>('/auth/2fa/setup')).data;
}
export async function enableTwoFactor(payload: TwoFactorCodePayload): Promise<TwoFactorEnabled> {
  return (await http.post<TwoFactorEnabled>('/auth/2fa/enable', payload)).data;
}
export async function disableTwoFactor(payload: TwoFactorCodePayload): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('/auth/2fa/disable', payload)).data;
}
