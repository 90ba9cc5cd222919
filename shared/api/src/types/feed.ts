import type { Static } from '@sinclair/typebox';
import type { FeedMessageSchema, FeedRequestSchema } from '../schemas/feed';

/** Messages the realtime feed (`/ws/accounts`) sends (schema: `../schemas/feed`). */
export type FeedMessage = Static<typeof FeedMessageSchema>;
/** What a client may send on the feed. */
export type FeedRequest = Static<typeof FeedRequestSchema>;

/** WebSocket close codes of the feed. */
export const FEED_CLOSE = {
  invalidTicket: 4401,
  revoked: 4403,
  serverRestart: 1012,
} as const;
