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
 * Keeps the desk on the realtime feed while mounted. Messages are applied once per animation frame: a full
 * list replaces what came before it, and deltas since then are merged (the newest copy of an account wins),
 * so a burst of frames costs one render, never a backlog.
 * The socket class is read from `window.WebSocket` at mount (tests put a fake class there).
 */
export function useAccountFeed(socketClass?: FeedSocketClass): void {
  useEffect(() => {
    const { replaceAccounts, applyAccountChanges, setFeedStatus } = useSyncdeskStore.getState();
    let pending: SyncAccount[] | null = null;
    const changes = new Map<number, SyncAccount>();
    let frame: number | null = null;
    const flush = (): void => {
      frame = null;
      if (pending) replaceAccounts(pending);
      if (changes.size > 0) applyAccountChanges([...changes.values()]);
      pending = null;
      changes.clear();
    };
    const schedule = (): void => {
      if (frame === null) frame = nextFrame(flush);
    };
    const connection = openAccountFeed({
      feedUrl: () => apiConfig().feedUrl,
      getTicket: async () => (await getFeedTicket()).ticket,
      socketClass: socketClass ?? (window.WebSocket as unknown as FeedSocketClass),
      onAccounts: (accounts) => {
        pending = accounts;
        changes.clear();
        schedule();
      },
      onChanges: (accounts) => {
        for (const account of accounts) changes.set(account.id, account);
        schedule();
      },
      onStatus: setFeedStatus,
    });
    return () => {
      connection.close();
      if (frame !== null) cancelFrame(frame);
    };
  }, [socketClass]);
}
