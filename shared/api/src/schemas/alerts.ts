/** The alert channels' wire shapes (issue 47): channels, the events each receives, Telegram link codes. */
import { Type } from '@sinclair/typebox';
import {
  ALERT_EVENTS,
  ALERT_LAG_MAX_SECONDS,
  alertPreferencesSchema,
  alertSwitchSchema,
  discordChannelWireSchema,
  telegramLinkSchema,
  webPushChannelSchema,
} from '../validation/alert-schemas';
import { Nullable, StringEnum } from './helpers';
import { payloadSchema } from './payload-schema';

/** Most channels one trader may connect (a further one answers 409). */
export const MAX_ALERT_CHANNELS = 20;

export const AlertChannelKindSchema = StringEnum(['telegram', 'discord', 'webpush', 'email'] as const);
export const AlertEventSchema = StringEnum(ALERT_EVENTS);

export const AlertChannelSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  kind: AlertChannelKindSchema,
  label: Type.String({
    description: 'What the channel is (a chat name, the webhook id, a browser); never a secret',
  }),
  created_at: Type.String({ format: 'date-time', description: 'ISO 8601' }),
  events: Type.Array(AlertEventSchema, {
    description: 'The events this channel receives',
    maxItems: ALERT_EVENTS.length,
  }),
});

export const AlertSetupSchema = Type.Object({
  channels: Type.Array(AlertChannelSchema, { maxItems: MAX_ALERT_CHANNELS }),
  telegram: Type.Boolean({ description: 'Whether the operator set up a Telegram bot' }),
  out_of_sync_after_s: Type.Integer({
    minimum: 0,
    maximum: ALERT_LAG_MAX_SECONDS,
    description: 'Seconds a follower may stay out of sync or throttled before it is an alert (0: at once)',
  }),
  webpush_key: Nullable(
    Type.String({ description: 'The VAPID public key (base64url), null when push is off' }),
  ),
});

export const TelegramCodeSchema = Type.Object({
  code: Type.String({ description: 'Send it to the bot within its lifetime' }),
  expires_at: Type.String({ format: 'date-time', description: 'ISO 8601' }),
  bot: Nullable(Type.String({ description: "The bot's user name, when known" })),
});

/**
 * An Update Telegram posts to the bot's webhook (Bot API, "Update", "Message", "Chat"): only what linking reads is
 * checked; the rest of Telegram's fields pass.
 */
export const TelegramUpdateSchema = Type.Object({
  update_id: Type.Integer(),
  message: Type.Optional(
    Type.Object({
      text: Type.Optional(Type.String({ maxLength: 4096 })),
      chat: Type.Object({
        id: Type.Integer(),
        title: Type.Optional(Type.String()),
        username: Type.Optional(Type.String()),
        first_name: Type.Optional(Type.String()),
      }),
    }),
  ),
});

export const TelegramWebhookAnswerSchema = Type.Object({ ok: Type.Literal(true) });

export const DiscordChannelPayloadSchema = payloadSchema(discordChannelWireSchema);
export const TelegramLinkPayloadSchema = payloadSchema(telegramLinkSchema);
export const WebPushChannelPayloadSchema = payloadSchema(webPushChannelSchema);
export const AlertSwitchPayloadSchema = payloadSchema(alertSwitchSchema);
export const AlertPreferencesPayloadSchema = payloadSchema(alertPreferencesSchema);
