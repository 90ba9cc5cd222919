/**
 * Wire types of the product's entities (spec section 3), plus the fields the server adds. Derived from the
 * JSON Schemas in `../schemas` (type-only imports: nothing of them is loaded at run time), so the client's
 * types, the server's validation and serialization, and the fixtures of tests cannot drift apart.
 */
import type { Static } from '@sinclair/typebox';
import type * as S from '../schemas/entities';

export type Theme = Static<typeof S.ThemeSchema>;
export type Environment = Static<typeof S.EnvironmentSchema>;
export type BrokerId = Static<typeof S.BrokerIdSchema>;
export type Side = Static<typeof S.SideSchema>;
export type Profile = Static<typeof S.ProfileSchema>;
export type Broker = Static<typeof S.BrokerSchema>;
export type ConnectionStatus = Static<typeof S.ConnectionStatusSchema>;
export type Connection = Static<typeof S.ConnectionSchema>;
export type ConnectionInfo = Static<typeof S.ConnectionInfoSchema>;
export type BrokerAccount = Static<typeof S.BrokerAccountSchema>;
export type ConnectionDetails = Static<typeof S.ConnectionDetailsSchema>;
/** One row of `GET /brokers/accounts`: an account with the connection it belongs to. */
export type AccountSummary = Static<typeof S.AccountSummarySchema>;
export type PositionSide = Static<typeof S.PositionSideSchema>;
/** Why a follower is not copying normally; `ok` when it is. */
export type FollowerState = Static<typeof S.FollowerStateSchema>;
export type SyncAccount = Static<typeof S.SyncAccountSchema>;
export type FollowerThrottle = Static<typeof S.FollowerThrottleSchema>;
export type OrderStatus = Static<typeof S.OrderStatusSchema>;
export type OrderType = Static<typeof S.OrderTypeSchema>;
export type Order = Static<typeof S.OrderSchema>;
export type OrderData = Static<typeof S.OrderDataSchema>;
/** A paper account's positions and working orders as the paper broker holds them. */
export type PaperLedger = Static<typeof S.PaperLedgerSchema>;
export type Trade = Static<typeof S.TradeSchema>;
export type HistoryData = Static<typeof S.HistoryDataSchema>;
export type HistorySummary = Static<typeof S.HistorySummarySchema>;
export type HistoryDay = Static<typeof S.HistoryDaySchema>;
export type DayJournal = Static<typeof S.DayJournalSchema>;
export type CopyGroup = Static<typeof S.CopyGroupSchema>;
export type ConnectionHealth = Static<typeof S.ConnectionHealthSchema>;
export type RiskSettings = Static<typeof S.RiskSettingsSchema>;
export type CopySettings = Static<typeof S.CopySettingsSchema>;
export type NotificationKind = Static<typeof S.NotificationKindSchema>;
export type Notification = Static<typeof S.NotificationSchema>;
export type MarketQuote = Static<typeof S.MarketQuoteSchema>;
