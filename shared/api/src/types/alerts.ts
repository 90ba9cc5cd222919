/** Wire types of the alert channels, derived from `../schemas/alerts`. */
import type { Static } from '@sinclair/typebox';
import type * as S from '../schemas/alerts';

export type AlertChannelKind = Static<typeof S.AlertChannelKindSchema>;
export type AlertEvent = Static<typeof S.AlertEventSchema>;
export type AlertChannel = Static<typeof S.AlertChannelSchema>;
export type AlertSetup = Static<typeof S.AlertSetupSchema>;
export type TelegramCode = Static<typeof S.TelegramCodeSchema>;
export type DiscordChannelPayload = Static<typeof S.DiscordChannelPayloadSchema>;
export type TelegramLinkPayload = Static<typeof S.TelegramLinkPayloadSchema>;
export type WebPushChannelPayload = Static<typeof S.WebPushChannelPayloadSchema>;
export type AlertSwitchPayload = Static<typeof S.AlertSwitchPayloadSchema>;
export type AlertPreferencesPayload = Static<typeof S.AlertPreferencesPayloadSchema>;
