import { useEffect } from 'react';
import { create } from 'zustand';
import {
  errorMessage,
  isCanceled,
  latestSignal,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type Notification,
} from '@synctrade/api';
import { bus } from '@synctrade/event-bus';
import { notify } from '@synctrade/ui';

const POLL_MS = 30_000;

interface NotificationsState {
  items: Notification[];
  unread: number;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  load(options?: { quiet?: boolean }): Promise<void>;
  markRead(id: number): Promise<void>;
  markAllRead(): Promise<void>;
}

export const useNotificationsStore = create<NotificationsState>()((set, get) => ({
  items: [],
  unread: 0,
  status: 'idle',
  error: null,
  load: async ({ quiet = false } = {}) => {
    if (!quiet) set({ status: 'loading', error: null });
    try {
      const data = await listNotifications({ signal: latestSignal('notifications') });
      const items = [...data.notifications].sort((a, b) => b.created_at.localeCompare(a.created_at));
      set({ items, unread: data.unread, status: 'ready', error: null });
      bus.emit('notifications:changed', { unread: data.unread });
    } catch (error: unknown) {
      if (isCanceled(error)) return;
      if (!quiet) set({ status: 'error', error: errorMessage(error, 'notifications') });
    }
  },
  markRead: async (id) => {
    try {
      await markNotificationRead(id);
      set({
        items: get().items.map((item) => (item.id === id ? { ...item, read: true } : item)),
        unread: Math.max(
          0,
          get().unread - (get().items.find((item) => item.id === id && !item.read) ? 1 : 0),
        ),
      });
    } catch (error: unknown) {
      notify.error(errorMessage(error, 'notifications'));
    }
  },
  markAllRead: async () => {
    try {
      await markAllNotificationsRead();
      set({ items: get().items.map((item) => ({ ...item, read: true })), unread: 0 });
    } catch (error: unknown) {
      notify.error(errorMessage(error, 'notifications'));
    }
  },
}));

/** The unread count for the top bar, kept fresh by a quiet poll while the shell is open. */
export function useUnreadCount(): number {
  const unread = useNotificationsStore((state) => state.unread);
  useEffect(() => {
    const { load } = useNotificationsStore.getState();
    void load({ quiet: true });
    const timer = window.setInterval(() => void load({ quiet: true }), POLL_MS);
    return () => window.clearInterval(timer);
  }, []);
  return unread;
}
