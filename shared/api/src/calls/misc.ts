import { http } from '@synctrade/api/session';
import type { MarketQuote } from '../types/entities';
import type { MessageResponse, NotificationList } from '../types/responses';

interface CallOptions {
  signal?: AbortSignal;
}

export async function listNotifications(options: CallOptions = {}): Promise<NotificationList> {
  return (await http.get<NotificationList>('/notifications', options)).data;
}
export async function markNotificationRead(id: number): Promise<MessageResponse> {
  return (await http.put<MessageResponse>(`/notifications/${id}/read`)).data;
}
export async function markAllNotificationsRead(): Promise<MessageResponse> {
  return (await http.put<MessageResponse>('/notifications/read-all')).data;
}
/** Live prices of the paper venue (ES, NQ, CL, GC) for Home's market tiles. */
export async function getMarketQuotes(options: CallOptions = {}): Promise<MarketQuote[]> {
  return (await http.get<MarketQuote[]>('/market/quotes', options)).data;
}
