import { http } from '@synctrade/api/session';
import type { MessageResponse, NotificationList } from '../types/responses';
import type { CallOptions } from './call-options';

// Served by the server's `notifications/` module.

export async function listNotifications(options: CallOptions = {}): Promise<NotificationList> {
  return (await http.get<NotificationList>('/notifications', options)).data;
}
export async function markNotificationRead(id: number): Promise<MessageResponse> {
  return (await http.put<MessageResponse>(`/notifications/${id}/read`)).data;
}
export async function markAllNotificationsRead(): Promise<MessageResponse> {
  return (await http.put<MessageResponse>('/notifications/read-all')).data;
}
