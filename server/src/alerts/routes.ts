import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { ALERT_MESSAGES } from '@synctrade/api/messages';
import type {
  AlertChannel,
  AlertPreferencesPayload,
  AlertSetup,
  AlertSwitchPayload,
  DiscordChannelPayload,
  MessageResponse,
  TelegramCode,
  TelegramLinkPayload,
  WebPushChannelPayload,
} from '@synctrade/api/types';
import { MAX_ALERT_CHANNELS } from '@synctrade/api/schemas';
import { AppError } from '../http/app-error';
import { parseId } from '../http/ids';
import { listBound } from '../lists/list-bound';
import type { ChannelTarget } from './channel-target';
import {
  countChannels,
  deleteChannel,
  insertChannel,
  listChannels,
  ownedChannel,
  sameChannel,
  setEvent,
  type StoredChannel,
} from './channels-repo';
import { outOfSyncAfterSeconds, saveOutOfSyncAfter } from './preferences-repo';
import type { AlertService } from './service';
import { isDiscordWebhook } from './senders/discord';
import { isPushEndpoint } from './senders/webpush';
import type { TelegramUpdate } from './senders/telegram';
import { linkFromUpdate, linkStateOf, newLinkCode, readBotUpdates } from './telegram-link';

/** Compares in constant time, so the answer's timing tells nothing of the secret. */
function sameSecret(given: string, secret: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}

export const ALERT_CHANNELS_BOUND = `The trader's alert channels: at most ${MAX_ALERT_CHANNELS} (a further one is refused with 409).`;

/** The channels a trader connects, the events each receives, and a test message per channel. */
export const alertRoutes: FastifyPluginAsync<{ alerts: AlertService }> = async (app, { alerts }) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['alerts'], security: [{ bearer: [] }] } };
  const { db } = app;

  async function owned(userId: number, rawId: unknown): Promise<StoredChannel> {
    const channel = await ownedChannel(db, userId, parseId(rawId, ALERT_MESSAGES.channelNotFound));
    if (!channel) throw AppError.notFound(ALERT_MESSAGES.channelNotFound);
    return channel;
  }

  /** Stores a channel (or answers the same one connected before), within the per-trader limit. */
  async function connect(userId: number, label: string, target: ChannelTarget): Promise<AlertChannel> {
    const existing = await sameChannel(db, userId, target);
    const id =
      existing ??
      (await db.tx(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(562, $1)', [userId]);
        if ((await countChannels(tx, userId)) >= MAX_ALERT_CHANNELS)
          throw AppError.conflict(ALERT_MESSAGES.tooManyChannels);
        return insertChannel(tx, userId, label, target);
      }));
    const channel = await ownedChannel(db, userId, id);
    if (!channel) throw AppError.notFound(ALERT_MESSAGES.channelNotFound);
    return channel.wire;
  }

  async function setupOf(userId: number): Promise<AlertSetup> {
    return {
      channels: (await listChannels(db, userId)).slice(0, MAX_ALERT_CHANNELS).map((c) => c.wire),
      telegram: alerts.bot !== null,
      out_of_sync_after_s: await outOfSyncAfterSeconds(db, userId),
      webpush_key:
        alerts.settings.vapidPublicKey && alerts.settings.vapidPrivateKey
          ? alerts.settings.vapidPublicKey
          : null,
    };
  }

  app.get('/alerts', listBound(secured, ALERT_CHANNELS_BOUND), async (request) => setupOf(request.user.id));

  // Read by the copy engine when a lag starts (copier/engine/lag-watch.ts): no engine reload is needed.
  app.put('/alerts/preferences', secured, async (request) => {
    const { out_of_sync_after_s: seconds } = request.body as AlertPreferencesPayload;
    await saveOutOfSyncAfter(db, request.user.id, seconds);
    return setupOf(request.user.id);
  });

  app.post('/alerts/telegram/code', secured, async (request) => {
    if (!alerts.bot) throw AppError.conflict(ALERT_MESSAGES.telegramOff);
    const { code, expiresAt } = await newLinkCode(db, request.user.id);
    const body: TelegramCode = {
      code,
      expires_at: expiresAt.toISOString(),
      bot: alerts.settings.telegramBotName ?? null,
    };
    return body;
  });

  app.post('/alerts/telegram/link', secured, async (request) => {
    const bot = alerts.bot;
    if (!bot) throw AppError.conflict(ALERT_MESSAGES.telegramOff);
    const { code } = request.body as TelegramLinkPayload;
    const before = await linkStateOf(db, request.user.id, code);
    if (before === 'unknown') throw AppError.notFound(ALERT_MESSAGES.codeExpired);
    if (before === 'expired') throw AppError.conflict(ALERT_MESSAGES.codeExpired);
    // With the webhook on, Telegram posts the chat's message to the route below: the state is read, not polled.
    if (before === 'pending' && !alerts.telegramWebhookOn) {
      try {
        await readBotUpdates(db, bot);
      } catch (error) {
        request.log.warn({ err: error }, 'telegram getUpdates failed');
        throw new AppError(502, ALERT_MESSAGES.codeNotReceived);
      }
    }
    const state = await linkStateOf(db, request.user.id, code);
    if (typeof state !== 'object') throw AppError.conflict(ALERT_MESSAGES.codeNotReceived);
    const channel = await ownedChannel(db, request.user.id, state.linked);
    if (!channel) throw AppError.notFound(ALERT_MESSAGES.channelNotFound);
    return channel.wire;
  });

  // Telegram's own call: no bearer, the secret set with setWebhook instead, checked before the body is read; a
  // small body (an Update).
  app.post(
    '/alerts/telegram/webhook',
    {
      bodyLimit: 64 * 1024,
      schema: { tags: ['alerts'] },
      onRequest: async (request, reply) => {
        const secret = alerts.settings.telegramWebhookSecret;
        const given = request.headers['x-telegram-bot-api-secret-token'];
        if (!alerts.bot || secret === undefined || typeof given !== 'string' || !sameSecret(given, secret))
          return reply.code(403).send({ detail: ALERT_MESSAGES.webhookForbidden });
      },
    },
    async (request) => {
      // An error answers 5xx: Telegram posts the update again.
      await linkFromUpdate(db, request.body as TelegramUpdate);
      return { ok: true as const };
    },
  );

  app.post('/alerts/discord', secured, async (request) => {
    const { webhook_url: raw } = request.body as DiscordChannelPayload;
    const url = raw.trim();
    if (!isDiscordWebhook(url, alerts.settings.discordTestHosts))
      throw AppError.badRequest(ALERT_MESSAGES.webhookInvalid);
    const webhookId = new URL(url).pathname.split('/')[3] ?? '';
    return connect(request.user.id, `Webhook ${webhookId}`, { kind: 'discord', url: url.replace(/\/$/, '') });
  });

  app.post('/alerts/webpush', secured, async (request) => {
    if (!alerts.webPushReady) throw AppError.conflict(ALERT_MESSAGES.webPushOff);
    const { endpoint, keys } = request.body as WebPushChannelPayload;
    if (!isPushEndpoint(endpoint, alerts.settings.pushTestHosts))
      throw AppError.badRequest(ALERT_MESSAGES.subscriptionInvalid);
    const label = request.headers['user-agent']?.slice(0, 80) ?? 'Browser';
    return connect(request.user.id, `Push: ${new URL(endpoint).host} (${label})`, {
      kind: 'webpush',
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    });
  });

  app.post('/alerts/email', secured, async (request) => {
    const [user] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      request.user.id,
    ]);
    if (!user) throw AppError.notFound(ALERT_MESSAGES.channelNotFound);
    return connect(request.user.id, user.email, { kind: 'email', email: user.email });
  });

  app.put('/alerts/channels/:id/events', secured, async (request) => {
    const channel = await owned(request.user.id, (request.params as { id: string }).id);
    const { event, enabled } = request.body as AlertSwitchPayload;
    await setEvent(db, channel.wire.id, event, enabled);
    return (await owned(request.user.id, String(channel.wire.id))).wire;
  });

  app.post('/alerts/channels/:id/test', secured, async (request) => {
    const channel = await owned(request.user.id, (request.params as { id: string }).id);
    // Sent at once, not through the outbox: the trader is waiting for the answer on the screen.
    const outcome = await alerts.deliver(channel.target, {
      title: 'SyncTrade test message',
      text: 'Alerts reach you here.',
      url: `${alerts.publicUrl}/profile`,
    });
    if (outcome.kind !== 'sent') throw new AppError(502, outcome.reason);
    const body: MessageResponse = { message: ALERT_MESSAGES.testSent };
    return body;
  });

  app.delete('/alerts/channels/:id', secured, async (request) => {
    const id = parseId((request.params as { id: string }).id, ALERT_MESSAGES.channelNotFound);
    if (!(await deleteChannel(db, request.user.id, id)))
      throw AppError.notFound(ALERT_MESSAGES.channelNotFound);
    const body: MessageResponse = { message: ALERT_MESSAGES.disconnected };
    return body;
  });
};
