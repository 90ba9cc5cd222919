/** Wire types of the answers that are not entities, derived from `../schemas/responses`. */
import type { Static } from '@sinclair/typebox';
import type * as S from '../schemas/responses';

export type MessageResponse = Static<typeof S.MessageResponseSchema>;
export type TokenResponse = Static<typeof S.TokenResponseSchema>;
/** Login answer when two-factor is on and no code was sent. */
export type TwoFactorRequiredResponse = Static<typeof S.TwoFactorRequiredResponseSchema>;
export type ConnectResponse = Static<typeof S.ConnectResponseSchema>;
export type WsTicketResponse = Static<typeof S.WsTicketResponseSchema>;
export type NotificationList = Static<typeof S.NotificationListSchema>;
export type TwoFactorStatus = Static<typeof S.TwoFactorStatusSchema>;
export type TwoFactorSetup = Static<typeof S.TwoFactorSetupSchema>;
export type TwoFactorEnabled = Static<typeof S.TwoFactorEnabledSchema>;
export type ImportResult = Static<typeof S.ImportResultSchema>;
export type ErrorBody = Static<typeof S.ErrorBodySchema>;
export type ApiKeyConnectResponse = Static<typeof S.ApiKeyConnectResponseSchema>;
export type BrokerGateway = Static<typeof S.BrokerGatewaySchema>;
export type GatewaySystemsResponse = Static<typeof S.GatewaySystemsResponseSchema>;
