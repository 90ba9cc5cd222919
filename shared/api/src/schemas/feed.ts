/** JSON Schemas of the realtime feed's messages (`/ws/accounts`). */
import { Type } from '@sinclair/typebox';
import { MarketQuoteSchema, NotificationSchema, SyncAccountSchema } from './entities';

export const AccountDataMessageSchema = Type.Object({
  type: Type.Literal('account_data'),
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
  NotificationMessageSchema,
  QuotesMessageSchema,
  HeartbeatMessageSchema,
]);

/** Each message's schema by its `type`. */
export const FEED_MESSAGE_SCHEMAS = {
  account_data: AccountDataMessageSchema,
  notification: NotificationMessageSchema,
  quotes: QuotesMessageSchema,
  heartbeat: HeartbeatMessageSchema,
} as const;
