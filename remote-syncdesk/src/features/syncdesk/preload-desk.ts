import { getToken } from '@synctrade/api';
import type { FeedSocketClass } from './api/feed-connection';
import { openFeedEarly, UNCLAIMED_FEED_MS } from './store/desk-feed';
import { useSyncdeskStore } from './store/syncdesk-store';

let preloaded: { token: string; at: number } | null = null;

/**
 * The desk's first data, asked for while the shell is still rendering: the host calls it when /syncdesk is the
 * page being opened. The feed opens (its first message is the full list and makes the desk live), and the
 * account list and the groups land in the store, so the desk's first render already shows live rows.
 */
export function preloadDesk(): void {
  const token = getToken();
  if (token === null) return;
  preloaded = { token, at: Date.now() };
  openFeedEarly(window.WebSocket as unknown as FeedSocketClass);
  const { loadAccounts, loadGroups } = useSyncdeskStore.getState();
  void loadAccounts();
  void loadGroups();
}

/**
 * True once after preloadDesk, for the desk's first mount: it then does not ask for the same lists again. Not when
 * the session changed since (a refused token, a new sign-in) or the desk came too late: it reads them itself.
 */
export function takePreloaded(): boolean {
  const was = preloaded;
  preloaded = null;
  return was !== null && was.token === getToken() && Date.now() - was.at < UNCLAIMED_FEED_MS;
}
