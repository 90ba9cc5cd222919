import webpush from 'web-push';
import type { AlertChannel, AlertSetup, TelegramCode } from '@synctrade/api/types';
import { ALERT_MESSAGES } from '@synctrade/api/messages';
import { outOfSyncAfterSeconds } from '../../src/alerts/preferences-repo';
import { loadAlertSettings } from '../../src/alerts/settings';
import { noticeOf } from '../../src/copier/engine-notices';
import type { MailMessage } from '../../src/mail/mailer';
import { startFakeDiscord, type FakeDiscord } from '../../fakes/discord/server';
import { startFakePush, type FakePushService } from '../../fakes/push/server';
import { startFakeTelegram, type FakeTelegram } from '../../fakes/telegram/server';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';
import { until } from './support/outbox-setup';

describe('alert channels', () => {
  let t: TestApp;
  let telegram: FakeTelegram;
  let discord: FakeDiscord;
  let elsewhere: FakeDiscord;
  let push: FakePushService;
  let user: TestUser;
  let other: TestUser;
  const mails: MailMessage[] = [];
  const vapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    discord = await startFakeDiscord();
    elsewhere = await startFakeDiscord();
    push = await startFakePush();
    const alerts = {
      ...loadAlertSettings({
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_URL: telegram.url,
        DISCORD_WEBHOOK_TEST_HOSTS: discord.host,
        PUSH_TEST_HOSTS: push.host,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'mailto:ops@synctrade.test',
      }),
      pollMs: 20,
      sendTimeoutMs: 2_000,
    };
    t = await buildTestApp({
      config: { alerts },
      mailer: { send: async (message) => void mails.push(message) },
    });
    user = await registerUser(t.app);
    other = await registerUser(t.app);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([telegram.close(), discord.close(), elsewhere.close(), push.close()]);
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: TestUser, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

  describe('Discord', () => {
    it.each([
      ['another host', 'https://example.com/api/webhooks/1/abc'],
      ['a look-alike host', 'https://discord.com.example.com/api/webhooks/1/abc'],
      ['plain http to Discord', 'http://discord.com/api/webhooks/1/abc'],
      ['another path on Discord', 'https://discord.com/api/channels/1/messages'],
      ['credentials in the URL', 'https://user:pw@discord.com/api/webhooks/1/abc'],
      ['a loopback host not listed by the operator', 'http://127.0.0.1:9/api/webhooks/1/abc'],
      ['not a URL', 'discord webhook'],
    ])('when the URL is %s, then 400 and nothing is stored', async (_case, url) => {
      const response = await call('POST', '/alerts/discord', user, { webhook_url: url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: ALERT_MESSAGES.webhookInvalid });
      expect(((await call('GET', '/alerts', user)).json() as AlertSetup).channels).toEqual([]);
    });

    it('when the URL is missing, then 400 with its message', async () => {
      const response = await call('POST', '/alerts/discord', user, {});
      expect(response.statusCode).toBe(400);
    });

    it('when a Discord webhook is pasted, then it is stored without the URL and a test message reaches it', async () => {
      const url = discord.addWebhook('4001', 'secret-token');
      const response = await call('POST', '/alerts/discord', user, { webhook_url: url });
      expect(response.statusCode).toBe(200);
      const channel = response.json() as AlertChannel;
      expect(channel).toEqual({
        id: expect.any(Number),
        kind: 'discord',
        label: 'Webhook 4001',
        created_at: expect.any(String),
        events: ['copy_failed', 'out_of_sync', 'firm_rule', 'leader_breach', 'connection', 'daily_summary'],
      });
      expect(JSON.stringify((await call('GET', '/alerts', user)).json())).not.toContain('secret-token');
      const test = await call('POST', `/alerts/channels/${channel.id}/test`, user);
      expect(test.json()).toEqual({ message: ALERT_MESSAGES.testSent });
      expect(discord.messages.at(-1)).toEqual({
        webhook: '/api/webhooks/4001/secret-token',
        content: '**SyncTrade test message**\nAlerts reach you here.\nhttp://synctrade.test/profile',
        at: expect.any(Number),
      });
    });

    it('when the webhook answers a redirect, then the test fails and the other host is never called', async () => {
      const url = discord.addWebhook('4002', 'tok');
      const channel = (
        await call('POST', '/alerts/discord', user, { webhook_url: url })
      ).json() as AlertChannel;
      discord.failNext({ kind: 'redirect', location: `${elsewhere.url}/api/webhooks/4002/tok` });
      const test = await call('POST', `/alerts/channels/${channel.id}/test`, user);
      expect(test.statusCode).toBe(502);
      expect(test.json()).toEqual({ detail: 'Discord answered a redirect (307)' });
      expect(elsewhere.requests).toHaveLength(0);
    });

    it('when the webhook was deleted on Discord, then the test answers why', async () => {
      const channel = (
        await call('POST', '/alerts/discord', user, { webhook_url: `${discord.url}/api/webhooks/4999/gone` })
      ).json() as AlertChannel;
      const test = await call('POST', `/alerts/channels/${channel.id}/test`, user);
      expect(test.statusCode).toBe(502);
      expect(test.json()).toEqual({ detail: 'Discord 404: Unknown Webhook' });
    });
  });

  describe('Telegram', () => {
    it('when the trader sends the one-time code to the bot, then the chat is linked and receives a test', async () => {
      const code = (await call('POST', '/alerts/telegram/code', user)).json() as TelegramCode;
      expect(code.code).toMatch(/^[A-Z0-9]{8}$/);
      const early = await call('POST', '/alerts/telegram/link', user, { code: code.code });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ detail: ALERT_MESSAGES.codeNotReceived });

      void telegram.userWrites(55501, 'hello');
      void telegram.userWrites(55502, `/start ${code.code}`, 'Tara');
      const linked = await call('POST', '/alerts/telegram/link', user, { code: code.code });
      expect(linked.statusCode).toBe(200);
      const channel = linked.json() as AlertChannel;
      expect(channel).toMatchObject({ kind: 'telegram', label: 'Tara' });
      // Asking again answers the same channel; the code links one chat only.
      expect(
        ((await call('POST', '/alerts/telegram/link', user, { code: code.code })).json() as AlertChannel).id,
      ).toBe(channel.id);
      await call('POST', `/alerts/channels/${channel.id}/test`, user);
      expect(telegram.sent.at(-1)).toMatchObject({
        chat_id: '55502',
        text: expect.stringContaining('SyncTrade test message'),
      });
    });

    it('when another trader presents the code, then 404 and the chat is not theirs', async () => {
      const code = (await call('POST', '/alerts/telegram/code', user)).json() as TelegramCode;
      void telegram.userWrites(55503, code.code);
      const response = await call('POST', '/alerts/telegram/link', other, { code: code.code });
      expect(response.statusCode).toBe(404);
      expect(((await call('GET', '/alerts', other)).json() as AlertSetup).channels).toEqual([]);
    });

    it.each([['short'], ['lowercase1'], ['']])('when the code is %p, then 400', async (code) => {
      expect((await call('POST', '/alerts/telegram/link', user, { code })).statusCode).toBe(400);
    });
  });

  describe('Web Push', () => {
    it('when a browser subscribes, then a test message decrypted by the push service equals what was sent', async () => {
      const subscription = push.subscribe();
      const response = await call('POST', '/alerts/webpush', user, subscription);
      expect(response.statusCode).toBe(200);
      const channel = response.json() as AlertChannel;
      expect(JSON.stringify(channel)).not.toContain(subscription.keys.auth);
      expect((await call('POST', `/alerts/channels/${channel.id}/test`, user)).statusCode).toBe(200);
      const delivery = push.deliveries.at(-1);
      expect(JSON.parse(delivery?.plaintext ?? '{}')).toEqual({
        title: 'SyncTrade test message',
        body: 'Alerts reach you here.',
        url: 'http://synctrade.test/profile',
      });
      expect(delivery?.vapid).toEqual({ sub: 'mailto:ops@synctrade.test', key: vapid.publicKey });
      expect(push.refusals).toEqual([]);
    });

    it('when the endpoint is not a push service, then 400', async () => {
      const subscription = { ...push.subscribe(), endpoint: 'https://example.com/push/abc' };
      const response = await call('POST', '/alerts/webpush', user, subscription);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: ALERT_MESSAGES.subscriptionInvalid });
    });
  });

  describe('events from the server', () => {
    it('when the engine notifies a failed copy, then every channel on for it gets the alert with its link', async () => {
      const trader = await registerUser(t.app);
      const url = discord.addWebhook('5001', 'ev');
      const channel = (
        await call('POST', '/alerts/discord', trader, { webhook_url: url })
      ).json() as AlertChannel;
      const mailChannel = (await call('POST', '/alerts/email', trader)).json() as AlertChannel;
      const off = await call('PUT', `/alerts/channels/${mailChannel.id}/events`, trader, {
        event: 'copy_failed',
        enabled: false,
      });
      expect((off.json() as AlertChannel).events).not.toContain('copy_failed');

      await t.app.notify(trader.id, {
        kind: 'copy_failed',
        title: 'Copy to APEX-1 failed',
        message: 'Buy 1 ESZ6: Insufficient margin',
      });
      await until(() => discord.messages.some((m) => m.webhook === '/api/webhooks/5001/ev'));
      expect(
        discord.messages.filter((m) => m.webhook === '/api/webhooks/5001/ev').map((m) => m.content),
      ).toEqual([
        '**Copy to APEX-1 failed**\nBuy 1 ESZ6: Insufficient margin\nhttp://synctrade.test/syncdesk',
      ]);

      await t.app.notify(trader.id, {
        kind: 'broker_disconnected',
        title: 'Broker disconnected',
        message: 'The broker connection dropped.',
      });
      await until(() => mails.some((m) => m.to === mailChannel.label));
      expect(mails.filter((m) => m.to === mailChannel.label)).toEqual([
        {
          to: mailChannel.label,
          subject: 'Broker disconnected',
          text: 'The broker connection dropped.\n\nhttp://synctrade.test/connections',
        },
      ]);
      expect(channel.id).not.toBe(mailChannel.id);
    });
  });

  describe('how long a follower may lag', () => {
    it('when the trader sets it, then it is theirs alone and the engine reads it; by default it is 30 s', async () => {
      const trader = await registerUser(t.app);
      expect(((await call('GET', '/alerts', trader)).json() as AlertSetup).out_of_sync_after_s).toBe(30);
      expect(await outOfSyncAfterSeconds(t.app.db, trader.id)).toBe(30);
      const saved = await call('PUT', '/alerts/preferences', trader, { out_of_sync_after_s: 90 });
      expect(saved.statusCode).toBe(200);
      expect((saved.json() as AlertSetup).out_of_sync_after_s).toBe(90);
      await call('PUT', '/alerts/preferences', trader, { out_of_sync_after_s: 0 });
      expect(await outOfSyncAfterSeconds(t.app.db, trader.id)).toBe(0);
      expect(((await call('GET', '/alerts', other)).json() as AlertSetup).out_of_sync_after_s).toBe(30);
    });

    it.each([[-1], [3601], [1.5], ['30'], [null]])(
      'when it is %p, then 400 and nothing changes',
      async (value) => {
        const trader = await registerUser(t.app);
        await call('PUT', '/alerts/preferences', trader, { out_of_sync_after_s: 45 });
        const response = await call('PUT', '/alerts/preferences', trader, { out_of_sync_after_s: value });
        expect(response.statusCode).toBe(400);
        expect(await outOfSyncAfterSeconds(t.app.db, trader.id)).toBe(45);
      },
    );

    it('when a follower goes out of sync, then the app tells at once but the channels wait for the lag notice', async () => {
      const trader = await registerUser(t.app);
      const url = discord.addWebhook('5101', 'lag');
      await call('POST', '/alerts/discord', trader, { webhook_url: url });
      await t.app.notify(trader.id, {
        ...noticeOf({ kind: 'out_of_sync', accountName: 'APEX-2', differences: 'Long 1 ESZ6 vs flat' }),
      });
      await t.app.notify(trader.id, {
        ...noticeOf({
          kind: 'lagging',
          accountName: 'APEX-2',
          state: 'out_of_sync',
          lagSeconds: 30,
          reason: 'Out of sync (ESZ6: 0, leader × ratio: 1)',
        }),
      });
      await until(() => discord.messages.some((m) => m.webhook === '/api/webhooks/5101/lag'));
      expect(
        discord.messages.filter((m) => m.webhook === '/api/webhooks/5101/lag').map((m) => m.content),
      ).toEqual([
        '**APEX-2 out of sync for 30 s**\nOut of sync (ESZ6: 0, leader × ratio: 1). Open the desk to see it.\nhttp://synctrade.test/syncdesk',
      ]);
    });
  });

  describe("another trader's channels", () => {
    it.each([
      ['PUT', '/events', { event: 'copy_failed', enabled: false }],
      ['POST', '/test', undefined],
      ['DELETE', '', undefined],
    ] as const)('when %s%s names them, then 404', async (method, suffix, payload) => {
      const url = discord.addWebhook('6001', 'mine');
      const channel = (
        await call('POST', '/alerts/discord', user, { webhook_url: url })
      ).json() as AlertChannel;
      const response = await call(method, `/alerts/channels/${channel.id}${suffix}`, other, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: ALERT_MESSAGES.channelNotFound });
    });

    it('when the trader disconnects their own, then it is gone', async () => {
      const url = discord.addWebhook('6002', 'mine');
      const channel = (
        await call('POST', '/alerts/discord', user, { webhook_url: url })
      ).json() as AlertChannel;
      expect((await call('DELETE', `/alerts/channels/${channel.id}`, user)).json()).toEqual({
        message: ALERT_MESSAGES.disconnected,
      });
      expect((await call('DELETE', `/alerts/channels/${channel.id}`, user)).statusCode).toBe(404);
    });
  });
});
