import { getToken } from '@synctrade/api';
import type { FeedSocketClass } from './api/feed-connection';
import { openFeedEarly } from './store/desk-feed';
import { useSyncdeskStore } from './store/syncdesk-store';

let preloaded = false;

/**
 * The desk's first data, asked for while the shell is still rendering: the host calls it when /syncdesk is the
 * page being opened. The feed opens (its first message is the full list and makes the desk live), and the
 * account list and the groups land in the store, so the desk's first render already shows live rows.
 */
export function preloadDesk(): void {
  if (getToken() === null) return;
  preloaded = true;
  openFeedEarly(window.WebSocket as unknown as FeedSocketClass);
  const { loadAccounts, loadGroups } = useSyncdeskStore.getState();
  void loadAccounts();
  void loadGroups();
}

/** True once after preloadDesk: the page's first mount then does not ask for the same lists again. */
export function takePreloaded(): boolean {
  const was = preloaded;
  preloaded = false;
  return was;
}
