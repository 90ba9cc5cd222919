import type { Static } from '@sinclair/typebox';
import type { FeedMessageSchema } from '../schemas/feed';

/** Messages the realtime feed (`/ws/accounts`) sends (schema: `../schemas/feed`). */
export type FeedMessage = Static<typeof FeedMessageSchema>;

/** WebSocket close codes of the feed. */
export const FEED_CLOSE = {
  invalidTicket: 4401,
  revoked: 4403,
  serverRestart: 1012,
} as const;
