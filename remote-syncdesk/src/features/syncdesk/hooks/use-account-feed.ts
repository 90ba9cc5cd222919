import { useEffect } from 'react';
import { apiConfig, getFeedTicket, type SyncAccount } from '@synctrade/api';
import { openAccountFeed, type FeedSocketClass } from '../api/feed-connection';
import { useSyncdeskStore } from '../store/syncdesk-store';

const nextFrame = (callback: () => void): number =>
  typeof requestAnimationFrame === 'function'
    ? requestAnimationFrame(callback)
    : window.setTimeout(callback, 16);
const cancelFrame = (handle: number): void =>
  typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame(handle) : window.clearTimeout(handle);

/**
 * Keeps the desk on the realtime feed while mounted. Each `account_data` replaces the list, so only the
 * newest one per animation frame is applied: a burst of frames costs one render, never a backlog.
 * The socket class is read from `window.WebSocket` at mount (tests put a fake class there).
 */
export function useAccountFeed(socketClass?: FeedSocketClass): void {
  useEffect(() => {
    const { replaceAccounts, setFeedStatus } = useSyncdeskStore.getState();
    let pending: SyncAccount[] | null = null;
    let frame: number | null = null;
    const flush = (): void => {
      frame = null;
      if (pending) replaceAccounts(pending);
      pending = null;
    };
    const connection = openAccountFeed({
      feedUrl: () => apiConfig().feedUrl,
      getTicket: async () => (await getFeedTicket()).ticket,
      socketClass: socketClass ?? (window.WebSocket as unknown as FeedSocketClass),
      onAccounts: (accounts) => {
        pending = accounts;
        if (frame === null) frame = nextFrame(flush);
      },
      onStatus: setFeedStatus,
    });
    return () => {
      connection.close();
      if (frame !== null) cancelFrame(frame);
    };
  }, [socketClass]);
}
