import { createDeliver } from '../../src/alerts/deliver';
import { loadAlertSettings } from '../../src/alerts/settings';
import { enqueueAlert } from '../../src/alerts/outbox-repo';
import { DeliveryWorker } from '../../src/alerts/worker';
import type { AlertPayload } from '../../src/alerts/events';
import { startFakeDiscord, type FakeDiscord } from '../../fakes/discord/server';
import { startFakeTelegram, type FakeTelegram } from '../../fakes/telegram/server';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser } from '../support/users';
import {
  addChannel,
  outboxStates,
  testSettings,
  testWorker,
  until,
  workerErrors,
} from './support/outbox-setup';

const cap = { perWindow: 100, windowMs: 60_000 };
const payload = (n: number): AlertPayload => ({
  title: `Alert ${n}`,
  text: `text ${n}`,
  url: 'http://synctrade.test/syncdesk',
});

describe('alert outbox delivery', () => {
  let t: TestApp;
  let telegram: FakeTelegram;
  let discord: FakeDiscord;
  // Each test gets its own database and fakes: a row, a hold or a queued fault left by one test must not decide another's.
  // The app runs a delivery worker of its own, with no bot configured: had it polled between a test's queueing and
  // the test's workers, it would have claimed the rows and failed them. It polls once at start (nothing is queued
  // yet) and not again within a test.
  beforeEach(async () => {
    t = await buildTestApp({
      config: { alerts: loadAlertSettings({ ALERT_POLL_MS: String(60 * 60_000) }) },
    });
    telegram = await startFakeTelegram();
    discord = await startFakeDiscord({ bucketLimit: 1000 });
  });
  afterEach(async () => {
    await telegram.close();
    await discord.close();
    await t.close();
    expect(workerErrors.splice(0)).toEqual([]);
  });
  const env = () => ({
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_API_URL: telegram.url,
    DISCORD_WEBHOOK_TEST_HOSTS: discord.host,
  });

  it('when the worker is stopped mid-run and a new one starts, then every alert is sent exactly once', async () => {
    const user = await registerUser(t.app);
    const channel = await addChannel(t.db, user.id, { kind: 'telegram', chat_id: '7001' });
    for (let n = 1; n <= 8; n += 1)
      await enqueueAlert(
        t.db,
        {
          userId: user.id,
          channelId: channel,
          event: 'copy_failed',
          payload: payload(n),
          dedupeKey: `k${n}`,
        },
        cap,
      );
    const first = testWorker(t.db, testSettings(env()));
    first.start();
    await until(() => telegram.sent.filter((m) => m.chat_id === '7001').length >= 3);
    await first.stop();
    const afterStop = telegram.sent.filter((m) => m.chat_id === '7001').length;
    expect(afterStop).toBeLessThan(8);

    const second = testWorker(t.db, testSettings(env()));
    second.start();
    await until(async () => (await outboxStates(t.db, channel)).every((row) => row.state === 'sent'));
    await second.stop();
    const texts = telegram.sent.filter((m) => m.chat_id === '7001').map((m) => m.text.split('\n')[0]);
    expect(texts).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Alert ${n}`));
    expect(telegram.sent.find((m) => m.chat_id === '7001')?.text).toBe(
      'Alert 1\ntext 1\nhttp://synctrade.test/syncdesk',
    );
  });

  it("when one service hangs, then other channels' alerts claimed with its own go out meanwhile, and each channel keeps its order", async () => {
    const user = await registerUser(t.app);
    const hook = discord.addWebhook('7100', 'slow');
    const slow = await addChannel(t.db, user.id, { kind: 'discord', url: hook });
    const chat = await addChannel(t.db, user.id, { kind: 'telegram', chat_id: '7101' });
    for (let n = 1; n <= 6; n += 1)
      await enqueueAlert(
        t.db,
        {
          userId: user.id,
          channelId: n <= 3 ? slow : chat,
          event: 'copy_failed',
          payload: payload(n),
          dedupeKey: `p${n}`,
        },
        cap,
      );
    const settings = testSettings(env());
    const deliver = createDeliver(settings, { send: async () => undefined });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const worker = new DeliveryWorker({
      db: t.db,
      // The Discord webhook answers only when the test lets it.
      deliver: async (target, body) => {
        if (target.kind === 'discord') await gate;
        return deliver(target, body);
      },
      pollMs: 20,
      backoffMs: settings.backoffMs,
      maxBackoffMs: settings.maxBackoffMs,
      maxAttempts: settings.maxAttempts,
      leaseMs: 30_000,
      batch: 50,
      log: (error) => void workerErrors.push(error),
    });
    worker.start();
    await until(() => telegram.sent.filter((m) => m.chat_id === '7101').length === 3);
    expect(discord.messages.filter((m) => m.webhook.endsWith('/7100/slow'))).toEqual([]);
    release();
    await until(async () => (await outboxStates(t.db, slow)).every((row) => row.state === 'sent'));
    await worker.stop();
    expect(telegram.sent.filter((m) => m.chat_id === '7101').map((m) => m.text.split('\n')[0])).toEqual([
      'Alert 4',
      'Alert 5',
      'Alert 6',
    ]);
    expect(
      discord.messages.filter((m) => m.webhook.endsWith('/7100/slow')).map((m) => m.content.split('\n')[0]),
    ).toEqual(['**Alert 1**', '**Alert 2**', '**Alert 3**']);
  });

  it('when two workers run at once on one database, then each alert is sent once', async () => {
    const user = await registerUser(t.app);
    const channel = await addChannel(t.db, user.id, { kind: 'telegram', chat_id: '7002' });
    for (let n = 1; n <= 6; n += 1)
      await enqueueAlert(
        t.db,
        {
          userId: user.id,
          channelId: channel,
          event: 'copy_failed',
          payload: payload(n),
          dedupeKey: `k${n}`,
        },
        cap,
      );
    const workers = [testWorker(t.db, testSettings(env())), testWorker(t.db, testSettings(env()))];
    workers.forEach((worker) => worker.start());
    await until(async () => (await outboxStates(t.db, channel)).every((row) => row.state === 'sent'));
    await Promise.all(workers.map((worker) => worker.stop()));
    const texts = telegram.sent.filter((m) => m.chat_id === '7002').map((m) => m.text.split('\n')[0]);
    expect([...texts].sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Alert ${n}`));
  });

  it('when Telegram answers 500, then the alert is tried again after the backoff and sent', async () => {
    const user = await registerUser(t.app);
    const channel = await addChannel(t.db, user.id, { kind: 'telegram', chat_id: '7003' });
    telegram.failNext(
      { kind: 'error', status: 500, description: 'Internal Server Error' },
      { kind: 'error', status: 502, description: 'Bad Gateway' },
    );
    await enqueueAlert(
      t.db,
      { userId: user.id, channelId: channel, event: 'copy_failed', payload: payload(1), dedupeKey: 'k' },
      cap,
    );
    const worker = testWorker(t.db, testSettings(env(), { backoffMs: 200 }));
    worker.start();
    await until(async () => (await outboxStates(t.db, channel))[0]?.state === 'sent');
    await worker.stop();
    const tries = telegram.requests.filter((r) => r.method === 'sendMessage' && r.body.chat_id === '7003');
    expect(tries).toHaveLength(3);
    // Exponential: the second wait is at least twice the first's base (200 ms, then 400 ms).
    expect((tries[1]?.at ?? 0) - (tries[0]?.at ?? 0)).toBeGreaterThanOrEqual(200);
    expect((tries[2]?.at ?? 0) - (tries[1]?.at ?? 0)).toBeGreaterThanOrEqual(400);
    expect(await outboxStates(t.db, channel)).toEqual([{ state: 'sent', attempts: 3, event: 'copy_failed' }]);
  });

  it('when Telegram refuses for good (400), then the alert fails without retries', async () => {
    const user = await registerUser(t.app);
    const channel = await addChannel(t.db, user.id, { kind: 'telegram', chat_id: '7004' });
    telegram.failNext({ kind: 'error', status: 400, description: 'Bad Request: chat not found' });
    await enqueueAlert(
      t.db,
      { userId: user.id, channelId: channel, event: 'copy_failed', payload: payload(1), dedupeKey: 'k' },
      cap,
    );
    const worker = testWorker(t.db, testSettings(env()));
    worker.start();
    await until(async () => (await outboxStates(t.db, channel))[0]?.state === 'failed');
    await worker.stop();
    const [row] = await t.db.query<{ last_error: string }>(
      'SELECT last_error FROM alert_outbox WHERE channel_id = $1',
      [channel],
    );
    expect(row?.last_error).toBe('Telegram 400: Bad Request: chat not found');
  });

  it('when Telegram answers 429 with retry_after, then nothing is sent to that chat before it has passed', async () => {
    const user = await registerUser(t.app);
    const channel = await addChannel(t.db, user.id, { kind: 'telegram', chat_id: '7005' });
    telegram.failNext({ kind: 'flood', retryAfter: 1 });
    await enqueueAlert(
      t.db,
      { userId: user.id, channelId: channel, event: 'copy_failed', payload: payload(1), dedupeKey: 'a' },
      cap,
    );
    await enqueueAlert(
      t.db,
      { userId: user.id, channelId: channel, event: 'copy_failed', payload: payload(2), dedupeKey: 'b' },
      cap,
    );
    const worker = testWorker(t.db, testSettings(env(), { backoffMs: 10 }));
    worker.start();
    await until(async () => (await outboxStates(t.db, channel)).every((row) => row.state === 'sent'));
    await worker.stop();
    const tries = telegram.requests.filter((r) => r.method === 'sendMessage' && r.body.chat_id === '7005');
    expect(tries.map((r) => String(r.body.text).split('\n')[0])).toEqual(['Alert 1', 'Alert 1', 'Alert 2']);
    // Both the retry and the other alert to the chat came after retry_after (1 s) by the fake's clock.
    expect((tries[1]?.at ?? 0) - (tries[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    expect((tries[2]?.at ?? 0) - (tries[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it('when Discord answers 429 with retry_after, then the retry waits for it', async () => {
    const user = await registerUser(t.app);
    const url = discord.addWebhook('111', 'tok-a');
    const channel = await addChannel(t.db, user.id, { kind: 'discord', url });
    discord.failNext({ kind: 'rate_limited', retryAfter: 0.8 });
    await enqueueAlert(
      t.db,
      { userId: user.id, channelId: channel, event: 'copy_failed', payload: payload(1), dedupeKey: 'a' },
      cap,
    );
    const worker = testWorker(t.db, testSettings(env(), { backoffMs: 10 }));
    worker.start();
    await until(async () => (await outboxStates(t.db, channel))[0]?.state === 'sent');
    await worker.stop();
    const tries = discord.requests.filter((r) => r.path === '/api/webhooks/111/tok-a');
    expect(tries).toHaveLength(2);
    expect((tries[1]?.at ?? 0) - (tries[0]?.at ?? 0)).toBeGreaterThanOrEqual(800);
    expect(discord.messages.find((m) => m.webhook === '/api/webhooks/111/tok-a')?.content).toBe(
      '**Alert 1**\ntext 1\nhttp://synctrade.test/syncdesk',
    );
  });

  it('when a Discord bucket says 0 remaining, then the next alert waits for its reset', async () => {
    const user = await registerUser(t.app);
    const tight = await startFakeDiscord({ bucketLimit: 1 });
    const url = tight.addWebhook('222', 'tok-b');
    const channel = await addChannel(t.db, user.id, { kind: 'discord', url });
    for (const n of [1, 2])
      await enqueueAlert(
        t.db,
        {
          userId: user.id,
          channelId: channel,
          event: 'copy_failed',
          payload: payload(n),
          dedupeKey: `k${n}`,
        },
        cap,
      );
    const worker = testWorker(t.db, testSettings({ DISCORD_WEBHOOK_TEST_HOSTS: tight.host }));
    worker.start();
    await until(async () => (await outboxStates(t.db, channel)).every((row) => row.state === 'sent'));
    await worker.stop();
    await tight.close();
    expect(tight.requests).toHaveLength(2);
    // The fake's X-RateLimit-Reset-After is 1 s.
    expect((tight.requests[1]?.at ?? 0) - (tight.requests[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it('when Discord answers a redirect, then it is not followed and the alert fails', async () => {
    const user = await registerUser(t.app);
    const url = discord.addWebhook('333', 'tok-c');
    const channel = await addChannel(t.db, user.id, { kind: 'discord', url });
    const elsewhere = await startFakeDiscord();
    discord.failNext({ kind: 'redirect', location: `${elsewhere.url}/api/webhooks/333/tok-c` });
    await enqueueAlert(
      t.db,
      { userId: user.id, channelId: channel, event: 'copy_failed', payload: payload(1), dedupeKey: 'a' },
      cap,
    );
    const worker = testWorker(t.db, testSettings(env()));
    worker.start();
    await until(async () => (await outboxStates(t.db, channel))[0]?.state === 'failed');
    await worker.stop();
    expect(elsewhere.requests).toHaveLength(0);
    await elsewhere.close();
  });

  it('when the same event is queued twice, then it is sent once', async () => {
    const user = await registerUser(t.app);
    const channel = await addChannel(t.db, user.id, { kind: 'telegram', chat_id: '7006' });
    const alert = {
      userId: user.id,
      channelId: channel,
      event: 'copy_failed' as const,
      payload: payload(1),
      dedupeKey: 'same',
    };
    expect(await enqueueAlert(t.db, alert, cap)).toBe('queued');
    expect(await enqueueAlert(t.db, alert, cap)).toBe('duplicate');
    const worker = testWorker(t.db, testSettings(env()));
    worker.start();
    await until(async () => (await outboxStates(t.db, channel))[0]?.state === 'sent');
    await worker.stop();
    expect(telegram.sent.filter((m) => m.chat_id === '7006')).toHaveLength(1);
  });

  it('when more alerts than the cap arrive in a window, then the rest come as one summary', async () => {
    const user = await registerUser(t.app);
    const channel = await addChannel(t.db, user.id, { kind: 'telegram', chat_id: '7007' });
    const small = { perWindow: 2, windowMs: 500 };
    const results = [];
    for (let n = 1; n <= 5; n += 1)
      results.push(
        await enqueueAlert(
          t.db,
          {
            userId: user.id,
            channelId: channel,
            event: 'copy_failed',
            payload: payload(n),
            dedupeKey: `k${n}`,
          },
          small,
        ),
      );
    expect(results).toEqual(['queued', 'queued', 'held', 'held', 'held']);
    const worker = testWorker(t.db, testSettings(env()));
    worker.start();
    await until(
      async () => (await outboxStates(t.db, channel)).filter((row) => row.state === 'sent').length === 3,
    );
    await worker.stop();
    expect(telegram.sent.filter((m) => m.chat_id === '7007').map((m) => m.text)).toEqual([
      'Alert 1\ntext 1\nhttp://synctrade.test/syncdesk',
      'Alert 2\ntext 2\nhttp://synctrade.test/syncdesk',
      '3 more alerts in the last minute\nAlert 3\nAlert 4\nAlert 5\nhttp://synctrade.test/syncdesk',
    ]);
  });
});
