/** JSON Schemas of the realtime feed's messages (`/ws/accounts`). */
import { Type } from '@sinclair/typebox';
import { MarketQuoteSchema, NotificationSchema, SyncAccountSchema } from './entities';

/**
 * The full account list (the spec's message): the first message on a socket, after a reorder, an added or
 * removed account, and whenever the client asks again (`resync`). `seq` numbers it in the socket's sequence.
 */
export const AccountDataMessageSchema = Type.Object({
  type: Type.Literal('account_data'),
  accounts: Type.Array(SyncAccountSchema),
  seq: Type.Optional(Type.Integer({ minimum: 0 })),
});
/**
 * Only the accounts that changed since the message numbered `seq - 1` (same ids, same order otherwise).
 * A client that sees a number other than the next one asks for the full list again.
 */
export const AccountDeltaMessageSchema = Type.Object({
  type: Type.Literal('account_delta'),
  seq: Type.Integer({ minimum: 1 }),
  accounts: Type.Array(SyncAccountSchema),
});
export const NotificationMessageSchema = Type.Object({
  type: Type.Literal('notification'),
  notification: NotificationSchema,
  unread: Type.Integer({ minimum: 0 }),
});
export const QuotesMessageSchema = Type.Object({
  type: Type.Literal('quotes'),
  quotes: Type.Array(MarketQuoteSchema),
});
export const HeartbeatMessageSchema = Type.Object({
  type: Type.Literal('heartbeat'),
  time: Type.String({ format: 'date-time' }),
});

export const FeedMessageSchema = Type.Union([
  AccountDataMessageSchema,
  AccountDeltaMessageSchema,
  NotificationMessageSchema,
  QuotesMessageSchema,
  HeartbeatMessageSchema,
]);

/** Each message's schema by its `type`. */
export const FEED_MESSAGE_SCHEMAS = {
  account_data: AccountDataMessageSchema,
  account_delta: AccountDeltaMessageSchema,
  notification: NotificationMessageSchema,
  quotes: QuotesMessageSchema,
  heartbeat: HeartbeatMessageSchema,
} as const;

/** What a client may send on the feed: a request for the full account list (after a gap in `seq`). */
export const FeedRequestSchema = Type.Object({ type: Type.Literal('resync') });
