import type { AlertChannel, AlertSetup, TelegramCode } from '@synctrade/api/types';
import { ALERT_MESSAGES } from '@synctrade/api/messages';
import { loadAlertSettings } from '../../src/alerts/settings';
import { startFakeTelegram, type FakeTelegram } from '../../fakes/telegram/server';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { freePort } from '../support/server-process';
import { registerUser, type TestUser } from '../support/users';
import { until } from './support/outbox-setup';

const SECRET = 'hook_Secret-0123456789';
const HOOK = '/api/v1/alerts/telegram/webhook';

describe('Telegram by webhook', () => {
  let t: TestApp;
  let telegram: FakeTelegram;
  let base: string;
  let user: TestUser;

  beforeAll(async () => {
    telegram = await startFakeTelegram({ plainHttpWebhooks: true });
    base = `http://127.0.0.1:${await freePort()}`;
    t = await buildTestApp({
      config: {
        publicUrl: base,
        alerts: {
          ...loadAlertSettings({
            TELEGRAM_BOT_TOKEN: telegram.token,
            TELEGRAM_API_URL: telegram.url,
            TELEGRAM_WEBHOOK_SECRET: SECRET,
          }),
          pollMs: 20,
          sendTimeoutMs: 2_000,
        },
      },
    });
    await t.app.listen({ port: Number(new URL(base).port), host: '127.0.0.1' });
    user = await registerUser(t.app);
  });
  afterAll(async () => {
    await t.close();
    await telegram.close();
  });

  const call = (method: 'GET' | 'POST', url: string, who: TestUser, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

  it('when the server starts, then it sets the webhook at its public URL with the secret, for messages only', async () => {
    await until(() => telegram.webhook() !== null);
    expect(telegram.webhook()).toEqual({ url: `${base}${HOOK}`, secretToken: SECRET });
    expect(telegram.requests.find((r) => r.method === 'setWebhook')?.body).toEqual({
      url: `${base}${HOOK}`,
      secret_token: SECRET,
      allowed_updates: ['message'],
    });
  });

  it('when the trader sends the code, then Telegram posts it, the chat is linked, and Check reads it without polling', async () => {
    await until(() => telegram.webhook() !== null);
    const code = (await call('POST', '/alerts/telegram/code', user)).json() as TelegramCode;
    const early = await call('POST', '/alerts/telegram/link', user, { code: code.code });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: ALERT_MESSAGES.codeNotReceived });

    await telegram.userWrites(77701, `/start ${code.code}`, 'Wes');
    expect(telegram.webhookPosts.at(-1)?.status).toBe(200);
    const linked = await call('POST', '/alerts/telegram/link', user, { code: code.code });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ kind: 'telegram', label: 'Wes' });
    // getUpdates is refused while a webhook is set: the server never called it.
    expect(telegram.requests.filter((r) => r.method === 'getUpdates')).toEqual([]);

    // Telegram posts an update again when it doubts the answer: still one channel.
    await telegram.userWrites(77701, `/start ${code.code}`, 'Wes');
    const setup = (await call('GET', '/alerts', user)).json() as AlertSetup;
    expect(setup.channels.filter((c: AlertChannel) => c.kind === 'telegram')).toHaveLength(1);
    await call('POST', `/alerts/channels/${(linked.json() as AlertChannel).id}/test`, user);
    expect(telegram.sent.at(-1)).toMatchObject({ chat_id: '77701' });
  });

  it.each([
    ['no secret', {}],
    ['a wrong secret', { 'x-telegram-bot-api-secret-token': 'hook_Secret-0123456788' }],
    ['a longer secret', { 'x-telegram-bot-api-secret-token': `${SECRET}x` }],
  ])('when a post comes with %s, then 403 and nothing is linked', async (_what, headers) => {
    const code = (await call('POST', '/alerts/telegram/code', user)).json() as TelegramCode;
    const response = await t.app.inject({
      method: 'POST',
      url: HOOK,
      headers,
      payload: { update_id: 9_001, message: { text: code.code, chat: { id: 666, first_name: 'Mallory' } } },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: ALERT_MESSAGES.webhookForbidden });
    expect((await call('POST', '/alerts/telegram/link', user, { code: code.code })).statusCode).toBe(409);
  });

  /** Telegram's post of an update, with the right secret. */
  const postUpdate = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: HOOK,
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
      payload,
    });

  it.each([
    ['text not a string', { update_id: 1, message: { text: 42, chat: { id: 1 } } }],
    ['no chat id', { update_id: 2, message: { text: 'ABCDEFGH', chat: {} } }],
    ['no update id', { message: { text: 'ABCDEFGH', chat: { id: 1 } } }],
  ])('when the secret is right but the update has %s, then 400', async (_what, payload) => {
    expect((await postUpdate(payload)).statusCode).toBe(400);
  });

  it('when an update carries no code, or other kinds of update, then it is taken (200) and nothing changes', async () => {
    for (const payload of [
      { update_id: 3, message: { text: 'hello', chat: { id: 5 } } },
      { update_id: 4, edited_message: { text: 'x' } },
    ]) {
      const response = await postUpdate(payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
  });
});

describe('Telegram webhook refused', () => {
  it('when Telegram refuses the webhook (not HTTPS), then the server logs it and links by getUpdates', async () => {
    const telegram = await startFakeTelegram();
    const t = await buildTestApp({
      config: {
        alerts: {
          ...loadAlertSettings({
            TELEGRAM_BOT_TOKEN: telegram.token,
            TELEGRAM_API_URL: telegram.url,
            TELEGRAM_WEBHOOK_SECRET: SECRET,
          }),
          sendTimeoutMs: 2_000,
        },
      },
    });
    try {
      await until(() => telegram.requests.some((r) => r.method === 'setWebhook'));
      expect(telegram.webhook()).toBeNull();
      const user = await registerUser(t.app);
      const code = (
        await t.app.inject({ method: 'POST', url: '/api/v1/alerts/telegram/code', headers: user.headers })
      ).json() as TelegramCode;
      await telegram.userWrites(88801, code.code, 'Ann');
      const linked = await t.app.inject({
        method: 'POST',
        url: '/api/v1/alerts/telegram/link',
        headers: user.headers,
        payload: { code: code.code },
      });
      expect(linked.statusCode).toBe(200);
      expect(linked.json()).toMatchObject({ kind: 'telegram', label: 'Ann' });
    } finally {
      await t.close();
      await telegram.close();
    }
  });

  it('when the secret has characters Telegram refuses, then the server does not start', () => {
    expect(() => loadAlertSettings({ TELEGRAM_WEBHOOK_SECRET: 'has space' })).toThrow(
      'TELEGRAM_WEBHOOK_SECRET',
    );
  });
});
