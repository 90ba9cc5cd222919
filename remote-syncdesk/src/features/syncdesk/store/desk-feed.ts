import { apiConfig, getFeedTicket, type SyncAccount } from '@synctrade/api';
import { openAccountFeed, type FeedConnection, type FeedSocketClass } from '../api/feed-connection';
import { useSyncdeskStore } from './syncdesk-store';

/** A feed opened ahead of the desk that no desk took within this long is closed (the trader went elsewhere). */
export const UNCLAIMED_FEED_MS = 15_000;

const nextFrame = (callback: () => void): number =>
  typeof requestAnimationFrame === 'function'
    ? requestAnimationFrame(callback)
    : window.setTimeout(callback, 16);
const cancelFrame = (handle: number): void =>
  typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame(handle) : window.clearTimeout(handle);

/**
 * The desk's realtime feed, writing into the store. Messages are applied once per animation frame: a full list
 * replaces what came before it, and deltas since then are merged (the newest copy of an account wins), so a
 * burst of frames costs one render, never a backlog.
 */
function openDeskFeed(socketClass: FeedSocketClass): FeedConnection {
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
    socketClass,
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
  return {
    close() {
      connection.close();
      if (frame !== null) cancelFrame(frame);
    },
  };
}

let early: {
  connection: FeedConnection;
  socketClass: FeedSocketClass;
  unclaimed: ReturnType<typeof setTimeout>;
} | null = null;

/**
 * Opens the feed before the desk renders (the page being opened is the desk): its ticket, socket and first list
 * travel while the shell draws. Closed if no desk takes it in time.
 */
export function openFeedEarly(socketClass: FeedSocketClass): void {
  if (early !== null) return;
  const connection = openDeskFeed(socketClass);
  const unclaimed = setTimeout(() => {
    connection.close();
    early = null;
  }, UNCLAIMED_FEED_MS);
  early = { connection, socketClass, unclaimed };
}

/** The desk's feed for a mounted desk: the one opened early if it used the same socket class, else a new one. */
export function takeDeskFeed(socketClass: FeedSocketClass): FeedConnection {
  const taken = early;
  early = null;
  if (taken !== null) {
    clearTimeout(taken.unclaimed);
    if (taken.socketClass === socketClass) return taken.connection;
    taken.connection.close();
  }
  return openDeskFeed(socketClass);
}

/** For tests: forgets an early feed (closing it). */
export function resetEarlyFeed(): void {
  if (early === null) return;
  clearTimeout(early.unclaimed);
  early.connection.close();
  early = null;
}
