import type { MarketQuote, Notification, SyncAccount } from './entities';

/** Messages the realtime feed (`/ws/accounts`) sends. */
export type FeedMessage =
  | { type: 'account_data'; accounts: SyncAccount[] }
  | { type: 'notification'; notification: Notification; unread: number }
  | { type: 'quotes'; quotes: MarketQuote[] }
  | { type: 'heartbeat'; time: string };

/** WebSocket close codes of the feed. */
export const FEED_CLOSE = {
  invalidTicket: 4401,
  revoked: 4403,
  serverRestart: 1012,
} as const;
