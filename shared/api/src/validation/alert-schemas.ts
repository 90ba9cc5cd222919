import * as yup from 'yup';
import { ALERT_MESSAGES } from '../messages/alert-messages';
import { wire } from './wire-meta';

/** The events a trader switches per channel, in the order of the Profile's events table. */
export const ALERT_EVENTS = [
  'copy_failed',
  'out_of_sync',
  'firm_rule',
  'leader_breach',
  'connection',
  'daily_summary',
] as const;
export type AlertEventName = (typeof ALERT_EVENTS)[number];

/** A follower out of sync or throttled this long (seconds) is an alert; 0 alerts at once. */
export const ALERT_LAG_DEFAULT_SECONDS = 30;
export const ALERT_LAG_MAX_SECONDS = 3600;

/** `PUT /alerts/preferences`: the trader's settings that belong to no one channel. */
export const alertPreferencesSchema = yup
  .object({
    out_of_sync_after_s: yup
      .number()
      .strict()
      .typeError(ALERT_MESSAGES.lagInvalid)
      .required(ALERT_MESSAGES.lagInvalid)
      .integer(ALERT_MESSAGES.lagInvalid)
      .min(0, ALERT_MESSAGES.lagInvalid)
      .max(ALERT_LAG_MAX_SECONDS, ALERT_MESSAGES.lagInvalid)
      .meta(
        wire({
          description:
            'Seconds a follower may stay out of sync or throttled before it is an alert (0: at once)',
          requiredOnWire: true,
        }),
      ),
  })
  .meta(wire({ closed: true }));

/** `POST /alerts/discord`: the webhook URL the trader pasted (the host is checked on the server too). */
export const discordChannelSchema = yup
  .object({
    webhook_url: yup
      .string()
      .trim()
      .required(ALERT_MESSAGES.webhookRequired)
      .max(500, ALERT_MESSAGES.webhookInvalid)
      .matches(/^https:\/\/(discord|discordapp)\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]+\/?$/, {
        message: ALERT_MESSAGES.webhookInvalid,
        // The server also lets in the hosts its operator lists for tests; the form keeps to Discord's.
        excludeEmptyString: true,
      })
      .meta(wire({ description: 'https://discord.com/api/webhooks/<id>/<token>', requiredOnWire: true })),
  })
  .meta(wire({ closed: true }));

/** The server's own check of the URL: any host, as the operator's test hosts are known only there. */
export const discordChannelWireSchema = yup
  .object({
    webhook_url: yup
      .string()
      .trim()
      .required(ALERT_MESSAGES.webhookRequired)
      .max(500, ALERT_MESSAGES.webhookInvalid)
      .meta(wire({ description: 'https://discord.com/api/webhooks/<id>/<token>', requiredOnWire: true })),
  })
  .meta(wire({ closed: true }));

/** `POST /alerts/telegram/link`: the one-time code the trader sent to the bot. */
export const telegramLinkSchema = yup
  .object({
    code: yup
      .string()
      .trim()
      .required(ALERT_MESSAGES.codeRequired)
      .matches(/^[A-Z0-9]{8}$/, ALERT_MESSAGES.codeInvalid)
      .meta(wire({ description: 'The code the server gave, as sent to the bot', requiredOnWire: true })),
  })
  .meta(wire({ closed: true }));

/** `POST /alerts/webpush`: a browser's PushSubscription (`toJSON()`). */
export const webPushChannelSchema = yup
  .object({
    endpoint: yup
      .string()
      .required(ALERT_MESSAGES.subscriptionInvalid)
      .max(1000, ALERT_MESSAGES.subscriptionInvalid)
      .matches(/^https?:\/\//, ALERT_MESSAGES.subscriptionInvalid)
      .meta(wire({ requiredOnWire: true })),
    keys: yup
      .object({
        p256dh: yup
          .string()
          .required(ALERT_MESSAGES.subscriptionInvalid)
          .matches(/^[A-Za-z0-9_-]{80,100}={0,2}$/, ALERT_MESSAGES.subscriptionInvalid)
          .meta(wire({ requiredOnWire: true })),
        auth: yup
          .string()
          .required(ALERT_MESSAGES.subscriptionInvalid)
          .matches(/^[A-Za-z0-9_-]{20,24}={0,2}$/, ALERT_MESSAGES.subscriptionInvalid)
          .meta(wire({ requiredOnWire: true })),
      })
      .required(ALERT_MESSAGES.subscriptionInvalid)
      .meta(wire({ requiredOnWire: true })),
  })
  .meta(wire({ closed: true }));

/** `PUT /alerts/channels/:id/events`: one switch of the events table. */
export const alertSwitchSchema = yup
  .object({
    event: yup
      .string()
      .required(ALERT_MESSAGES.eventInvalid)
      .oneOf([...ALERT_EVENTS], ALERT_MESSAGES.eventInvalid)
      .meta(wire({ requiredOnWire: true })),
    enabled: yup
      .boolean()
      .strict()
      .typeError(ALERT_MESSAGES.enabledInvalid)
      .required(ALERT_MESSAGES.enabledInvalid)
      .meta(wire({ requiredOnWire: true })),
  })
  .meta(wire({ closed: true }));
