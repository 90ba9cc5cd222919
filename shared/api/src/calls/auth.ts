import { http } from '@synctrade/api/session';
import type {
  ForgotPasswordPayload,
  LoginPayload,
  PasswordChangePayload,
  ProfileUpdatePayload,
  RegisterPayload,
  ResetPasswordPayload,
  TwoFactorCodePayload,
} from '../types/payloads';
import type { Profile } from '../types/entities';
import type {
  MessageResponse,
  TokenResponse,
  TwoFactorEnabled,
  TwoFactorRequiredResponse,
  TwoFactorSetup,
  TwoFactorStatus,
  WsTicketResponse,
} from '../types/responses';

interface CallOptions {
  signal?: AbortSignal;
}

export async function login(payload: LoginPayload): Promise<TokenResponse | TwoFactorRequiredResponse> {
  return (await http.post<TokenResponse | TwoFactorRequiredResponse>('/auth/login', payload)).data;
}
export async function register(payload: RegisterPayload): Promise<TokenResponse> {
  return (await http.post<TokenResponse>('/auth/register', payload)).data;
}
export async function logout(): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('/auth/logout')).data;
}
export async function getProfile(options: CallOptions = {}): Promise<Profile> {
  return (await http.get<Profile>('/auth/profile', options)).data;
}
export async function updateProfile(payload: ProfileUpdatePayload): Promise<Profile> {
  return (await http.put<Profile>('/auth/profile', payload)).data;
}
/** Sends a JPG or PNG as multipart field `photo`; answers the updated profile. */
export async function uploadProfilePhoto(file: Blob, filename: string): Promise<Profile> {
  const form = new FormData();
  form.append('photo', file, filename);
  return (await http.post<Profile>('/auth/profile/photo', form)).data;
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
