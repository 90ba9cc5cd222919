import type { FollowerState, SyncAccount } from '@synctrade/api';

/** The realtime feed as the desk sees it: `reconnecting` means the table may be stale. */
export type FeedStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

/** The orders panel's filter (spec section 4: all, buy, sell). */
export type OrdersTab = 'all' | 'buy' | 'sell';

export type LoadStatus = 'idle' | 'loading' | 'success' | 'error';

/** The desk's cells that flash after a live update (spec section 2). */
export const FLASH_FIELDS = [
  'side',
  'balance',
  'avg_price',
  'day_pnl',
  'open_pnl',
  'qty',
] as const satisfies readonly (keyof SyncAccount)[];

/** How a follower's state reads on its row; `ok` shows nothing. */
export const FOLLOWER_STATE_LABEL: Record<Exclude<FollowerState, 'ok'>, string> = {
  out_of_sync: 'Out of sync',
  rate_limited: 'Rate limited',
  risk_stopped: 'Stopped by a risk limit',
  disconnected: 'Disconnected',
  reauth_required: 'Broker sign-in required',
};
