/** Wire types of what the client sends, derived from `../schemas/payloads`. */
import type { Static } from '@sinclair/typebox';
import type * as S from '../schemas/payloads';

export type LoginPayload = Static<typeof S.LoginPayloadSchema>;
export type RegisterPayload = Static<typeof S.RegisterPayloadSchema>;
export type ProfileUpdatePayload = Static<typeof S.ProfileUpdatePayloadSchema>;
export type PasswordChangePayload = Static<typeof S.PasswordChangePayloadSchema>;
export type ForgotPasswordPayload = Static<typeof S.ForgotPasswordPayloadSchema>;
export type ResetPasswordPayload = Static<typeof S.ResetPasswordPayloadSchema>;
export type ConnectQuery = Static<typeof S.ConnectQuerySchema>;
export type RatioPayload = Static<typeof S.RatioPayloadSchema>;
export type CrossPayload = Static<typeof S.CrossPayloadSchema>;
/** The flatten body is the list of account ids (spec section 3). */
export type FlattenPayload = Static<typeof S.FlattenPayloadSchema>;
export type GroupNamePayload = Static<typeof S.GroupNamePayloadSchema>;
export type GroupMovePayload = Static<typeof S.GroupMovePayloadSchema>;
export type KillSwitchPayload = Static<typeof S.KillSwitchPayloadSchema>;
export type GroupMovePosition = GroupMovePayload['position'];
export type RiskSettingsPayload = Static<typeof S.RiskSettingsPayloadSchema>;
export type CopySettingsPayload = Static<typeof S.CopySettingsPayloadSchema>;
export type HistoryQuery = Static<typeof S.HistoryQuerySchema>;
export type DateRangeQuery = Static<typeof S.DateRangeQuerySchema>;
export type TicketOrderPayload = Static<typeof S.TicketOrderPayloadSchema>;
export type TicketChangePayload = Static<typeof S.TicketChangePayloadSchema>;
export type TicketCancelPayload = Static<typeof S.TicketCancelPayloadSchema>;
export type { ImportTradeRow } from '../validation/import-row';
export type ImportTradesPayload = Static<typeof S.ImportTradesPayloadSchema>;
export type JournalPayload = Static<typeof S.JournalPayloadSchema>;
export type DayNotePayload = Static<typeof S.DayNotePayloadSchema>;
export type TwoFactorCodePayload = Static<typeof S.TwoFactorCodePayloadSchema>;
/** Connects a broker that signs in with an API key (ProjectX); the key is never sent back. */
export type ApiKeyConnectPayload = Static<typeof S.ApiKeyConnectPayloadSchema>;
/** The gateway whose systems are listed (Rithmic). */
export type GatewaySystemsQuery = Static<typeof S.GatewaySystemsQuerySchema>;
/** Connects a broker that signs in with a user name and password (Rithmic); the password is never sent back. */
export type LoginConnectPayload = Static<typeof S.LoginConnectPayloadSchema>;
