/** The alert channels' routes, spread into `ROUTE_SCHEMAS` (kept apart so the table stays easy to merge). */
import { Type, type TSchema } from '@sinclair/typebox';
import {
  AlertChannelSchema,
  AlertPreferencesPayloadSchema,
  AlertSetupSchema,
  AlertSwitchPayloadSchema,
  DiscordChannelPayloadSchema,
  TelegramCodeSchema,
  TelegramLinkPayloadSchema,
  TelegramUpdateSchema,
  TelegramWebhookAnswerSchema,
  WebPushChannelPayloadSchema,
} from './alerts';
import { ErrorBodySchema, MessageResponseSchema } from './responses';

const API = '/api/v1';
const Id = Type.Object({
  id: Type.String({ description: 'A numeric id; anything else answers 404 like an unknown id.' }),
});
const answers = (ok: Record<number, TSchema>): Record<string, TSchema> => ({
  ...ok,
  '4xx': ErrorBodySchema,
  '5xx': ErrorBodySchema,
});

export const ALERT_ROUTE_SCHEMAS = {
  [`GET ${API}/alerts`]: { response: answers({ 200: AlertSetupSchema }) },
  [`POST ${API}/alerts/telegram/code`]: { response: answers({ 200: TelegramCodeSchema }) },
  [`POST ${API}/alerts/telegram/link`]: {
    body: TelegramLinkPayloadSchema,
    response: answers({ 200: AlertChannelSchema }),
  },
  [`POST ${API}/alerts/telegram/webhook`]: {
    body: TelegramUpdateSchema,
    response: answers({ 200: TelegramWebhookAnswerSchema }),
  },
  [`POST ${API}/alerts/discord`]: {
    body: DiscordChannelPayloadSchema,
    response: answers({ 200: AlertChannelSchema }),
  },
  [`POST ${API}/alerts/webpush`]: {
    body: WebPushChannelPayloadSchema,
    response: answers({ 200: AlertChannelSchema }),
  },
  [`POST ${API}/alerts/email`]: { response: answers({ 200: AlertChannelSchema }) },
  [`PUT ${API}/alerts/channels/:id/events`]: {
    params: Id,
    body: AlertSwitchPayloadSchema,
    response: answers({ 200: AlertChannelSchema }),
  },
  [`PUT ${API}/alerts/preferences`]: {
    body: AlertPreferencesPayloadSchema,
    response: answers({ 200: AlertSetupSchema }),
  },
  [`POST ${API}/alerts/channels/:id/test`]: { params: Id, response: answers({ 200: MessageResponseSchema }) },
  [`DELETE ${API}/alerts/channels/:id`]: { params: Id, response: answers({ 200: MessageResponseSchema }) },
};
