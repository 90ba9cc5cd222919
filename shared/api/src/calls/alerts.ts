import { http } from '@synctrade/api/session';
import type {
  AlertChannel,
  AlertPreferencesPayload,
  AlertSetup,
  AlertSwitchPayload,
  DiscordChannelPayload,
  TelegramCode,
  TelegramLinkPayload,
  WebPushChannelPayload,
} from '../types/alerts';
import type { MessageResponse } from '../types/responses';
import type { CallOptions } from './call-options';

// Served by the server's `alerts/` module.

export async function getAlertSetup(options: CallOptions = {}): Promise<AlertSetup> {
  return (await http.get<AlertSetup>('/alerts', options)).data;
}
export async function createTelegramCode(): Promise<TelegramCode> {
  return (await http.post<TelegramCode>('/alerts/telegram/code')).data;
}
export async function linkTelegram(payload: TelegramLinkPayload): Promise<AlertChannel> {
  return (await http.post<AlertChannel>('/alerts/telegram/link', payload)).data;
}
export async function connectDiscord(payload: DiscordChannelPayload): Promise<AlertChannel> {
  return (await http.post<AlertChannel>('/alerts/discord', payload)).data;
}
export async function connectWebPush(payload: WebPushChannelPayload): Promise<AlertChannel> {
  return (await http.post<AlertChannel>('/alerts/webpush', payload)).data;
}
export async function connectEmailAlerts(): Promise<AlertChannel> {
  return (await http.post<AlertChannel>('/alerts/email')).data;
}
export async function switchAlertEvent(
  channelId: number,
  payload: AlertSwitchPayload,
): Promise<AlertChannel> {
  return (await http.put<AlertChannel>(`/alerts/channels/${channelId}/events`, payload)).data;
}
export async function saveAlertPreferences(payload: AlertPreferencesPayload): Promise<AlertSetup> {
  return (await http.put<AlertSetup>('/alerts/preferences', payload)).data;
}
export async function sendTestAlert(channelId: number): Promise<MessageResponse> {
  return (await http.post<MessageResponse>(`/alerts/channels/${channelId}/test`)).data;
}
export async function disconnectAlertChannel(channelId: number): Promise<MessageResponse> {
  return (await http.delete<MessageResponse>(`/alerts/channels/${channelId}`)).data;
}
