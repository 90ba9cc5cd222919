/**
 * `pnpm bench alerts`: how soon an alert reaches Telegram, Discord and a push service after the server raised it,
 * beside the services' own answer time. The server (`buildApp`, in this process, on a fresh embedded database, the
 * operator's default outbox settings) with `BENCH_TRADERS` (30) traders, each with a Telegram chat, a Discord webhook
 * and a push subscription connected through the API, against the local fakes over loopback, in a process of their
 * own as on other machines (`alert-services.ts`; the push service decrypts what it receives). An event is a notification the server raises (`app.notify`, what the copy engine and
 * the firm rules call); its alert is timed from that call to the fake's receipt. Runs:
 * - baseline: each service called directly, one message at a time (`deliver`, no outbox);
 * - steady: `BENCH_EVENTS` (240) events, one every `BENCH_GAP_MS` (20) ms, round the traders;
 * - burst: every trader raises 5 events at once (under the per-channel cap of 10 a minute, so none is summarised).
 * The goal printed beside each: every alert within 2,000 ms (p99 and max under 2,000).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir, cpus } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import webpush from 'web-push';
import type { TelegramCode } from '@synctrade/api/types';
import { buildApp } from '../src/app';
import { createDeliver } from '../src/alerts/deliver';
import { loadAlertSettings } from '../src/alerts/settings';
import type { ChannelTarget } from '../src/alerts/channel-target';
import { loadConfig } from '../src/config/config';
import type { Receipt, ServiceAsk, ServicesReady } from './alert-services';

const TRADERS = Number(process.env.BENCH_TRADERS ?? 30);
// 8 per trader: under the per-channel cap of 10 a minute, so each is sent on its own.
const EVENTS = Number(process.env.BENCH_EVENTS ?? 240);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 20);
const BURST_PER_TRADER = 5;
const GOAL_MS = 2_000;
const KINDS = ['telegram', 'discord', 'webpush'] as const;
type Kind = (typeof KINDS)[number];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

type Ask = <T>(request: ServiceAsk) => Promise<T>;

/** The fake services in their own process (`alert-services.ts`), and a way to ask them things. */
async function startServices(): Promise<{ ready: ServicesReady; ask: Ask }> {
  const child = fork(path.join(__dirname, 'alert-services.ts'), [], { execArgv: ['--import', 'tsx'] });
  const waiting = new Map<number, (result: unknown) => void>();
  let next = 0;
  const ready = await new Promise<ServicesReady>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (message: ServicesReady | { id: number; result: unknown }) => {
      if ('type' in message) return resolve(message);
      waiting.get(message.id)?.(message.result);
      waiting.delete(message.id);
    });
  });
  const ask: Ask = <T>(request: ServiceAsk) =>
    new Promise<T>((resolve) => {
      const id = next++;
      waiting.set(id, (result) => resolve(result as T));
      child.send({ ...request, id });
    });
  return { ready, ask };
}

async function main(): Promise<void> {
  const { ready, ask } = await startServices();
  const addWebhook = (webhookId: string, token: string): Promise<string> =>
    ask({ op: 'addWebhook', webhookId, token });
  const subscribe = (): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }> =>
    ask({ op: 'subscribe' });
  const vapid = webpush.generateVAPIDKeys();
  const alerts = loadAlertSettings({
    ...process.env,
    TELEGRAM_BOT_TOKEN: ready.telegram.token,
    TELEGRAM_API_URL: ready.telegram.url,
    DISCORD_WEBHOOK_TEST_HOSTS: ready.discordHost,
    PUSH_TEST_HOSTS: ready.pushHost,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'synctrade-bench-alerts-'));
  const app = await buildApp({
    config: {
      ...loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://synctrade.bench' }),
      jwtSecret: randomBytes(32).toString('base64url'),
      secretsKey: randomBytes(32).toString('base64'),
      authRateLimitPerMinute: 100_000,
      alerts,
    },
    serveWeb: false,
  });
  await app.ready();
  try {
    // Traders and their channels, through the API as the Profile connects them.
    const traders: number[] = [];
    for (let n = 0; n < TRADERS; n += 1) {
      const registered = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          email: `bench-${n}-${randomBytes(3).toString('hex')}@example.com`,
          password: 'Str0ng!Pass',
        },
        remoteAddress: `10.9.${n >> 8}.${n & 255}`,
      });
      const token = (registered.json() as { access_token: string }).access_token;
      const headers = { authorization: `Bearer ${token}` };
      const userId = (
        JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { user_id: number }
      ).user_id;
      const post = async (url: string, payload?: object): Promise<unknown> => {
        const response = await app.inject({
          method: 'POST',
          url: `/api/v1${url}`,
          headers,
          ...(payload ? { payload } : {}),
        });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        return response.json();
      };
      await post('/alerts/discord', { webhook_url: await addWebhook(String(9000 + n), `bench${n}`) });
      await post('/alerts/webpush', await subscribe());
      const code = (await post('/alerts/telegram/code')) as TelegramCode;
      await ask({ op: 'userWrites', chatId: 70_000 + n, text: code.code });
      await post('/alerts/telegram/link', { code: code.code });
      traders.push(userId);
    }

    // Each alert's text carries its event's mark; its receipt is found by it at each fake.
    const raisedAt = new Map<string, number>();
    const seen = new Map<string, Map<Kind, number>>();
    const receipts = async (): Promise<Map<string, Map<Kind, number>>> => {
      for (const { kind, text, at } of await ask<Receipt[]>({ op: 'receipts' })) {
        const mark = /bench-event-\d+/.exec(text)?.[0];
        if (!mark) continue;
        const byKind = seen.get(mark) ?? new Map<Kind, number>();
        byKind.set(kind, at);
        seen.set(mark, byKind);
      }
      return seen;
    };
    let next = 0;
    const raise = (userId: number): void => {
      const mark = `bench-event-${next++}`;
      raisedAt.set(mark, Date.now());
      void app.notify(userId, {
        kind: 'copy_failed',
        title: 'Copy to APEX-1 failed',
        message: `Buy 1 ESZ6: Insufficient margin (${mark})`,
      });
    };
    const settle = async (marks: string[]): Promise<Map<Kind, number[]>> => {
      const deadline = Date.now() + 60_000;
      await receipts();
      while (Date.now() < deadline && !marks.every((mark) => seen.get(mark)?.size === KINDS.length)) {
        await sleep(50);
        await receipts();
      }
      const delays = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
      for (const mark of marks)
        for (const kind of KINDS) {
          const at = seen.get(mark)?.get(kind);
          // Never delivered within a minute: counted at a minute, the figure is then "at least".
          delays.get(kind)?.push(at === undefined ? 60_000 : at - (raisedAt.get(mark) ?? 0));
        }
      return delays;
    };

    // Baseline: each service, called directly, one message at a time; a Discord webhook per message, under its limit.
    const deliver = createDeliver(alerts, { send: async () => undefined });
    const pushTarget: ChannelTarget = { kind: 'webpush', ...(await subscribe()) };
    const baseline = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
    for (let n = 0; n < 100; n += 1) {
      const targets: Record<Kind, ChannelTarget> = {
        telegram: { kind: 'telegram', chat_id: '70000' },
        discord: { kind: 'discord', url: await addWebhook(String(8000 + n), 'baseline') },
        webpush: pushTarget,
      };
      for (const kind of KINDS) {
        const from = performance.now();
        const outcome = await deliver(targets[kind], {
          title: 'Baseline',
          text: `baseline ${n}`,
          url: 'http://synctrade.bench',
        });
        if (outcome.kind !== 'sent') throw new Error(`baseline ${kind}: ${JSON.stringify(outcome)}`);
        baseline.get(kind)?.push(performance.now() - from);
      }
    }

    const steadyMarks: string[] = [];
    const steadyFrom = next;
    for (let n = 0; n < EVENTS; n += 1) {
      raise(traders[n % traders.length] ?? 0);
      await sleep(GAP_MS);
    }
    for (let n = steadyFrom; n < next; n += 1) steadyMarks.push(`bench-event-${n}`);
    const steady = await settle(steadyMarks);

    // A minute later (each channel's cap window is past), every trader raises five at once.
    await sleep(alerts.capWindowMs + 1_000);
    const burstFrom = next;
    for (const userId of traders) for (let n = 0; n < BURST_PER_TRADER; n += 1) raise(userId);
    const burstMarks = Array.from({ length: next - burstFrom }, (_, i) => `bench-event-${burstFrom + i}`);
    const burst = await settle(burstMarks);

    // Where the time goes: from the event to its row in the outbox (the notification and the queueing).
    const queuedRows = await app.db.query<{ text: string; created_at: Date }>(
      "SELECT payload->>'text' AS text, created_at FROM alert_outbox WHERE payload->>'text' LIKE '%bench-event-%'",
    );
    const queuedBy = new Map<string, number[]>();
    for (const queued of queuedRows) {
      const mark = /bench-event-\d+/.exec(queued.text)?.[0] ?? '';
      queuedBy.set(mark, [
        ...(queuedBy.get(mark) ?? []),
        new Date(queued.created_at).getTime() - (raisedAt.get(mark) ?? 0),
      ]);
    }
    const queuedFigure = (marks: string[]): string => {
      const sorted = marks.flatMap((mark) => queuedBy.get(mark) ?? []).sort((a, b) => a - b);
      return `${percentile(sorted, 50).toFixed(0)} / ${percentile(sorted, 99).toFixed(0)}`;
    };
    const row = (run: string, kind: Kind, values: number[]): string => {
      const sorted = [...values].sort((a, b) => a - b);
      const max = sorted.at(-1) ?? NaN;
      const met = percentile(sorted, 99) < GOAL_MS && max < GOAL_MS ? 'met' : 'missed';
      return `| ${run} | ${kind} | ${values.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${max.toFixed(1)} | ${run === 'baseline (direct)' ? '—' : met} |`;
    };
    console.log(
      `\n${new Date().toISOString()} · ${cpus().length} cores · load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} · ${TRADERS} traders × 3 channels`,
    );
    console.log(
      '\n| run | channel | alerts | p50 ms | p95 ms | p99 ms | max ms | goal (all within 2,000 ms) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    const failures = await app.db.query<{
      kind: string;
      last_error: string | null;
      state: string;
      n: number;
    }>(
      `SELECT c.kind, o.last_error, o.state, count(*)::int AS n FROM alert_outbox o JOIN alert_channels c ON c.id = o.channel_id
       WHERE o.state <> 'sent' GROUP BY 1, 2, 3`,
    );
    if (failures.length > 0) console.log('\nnot sent:', failures);
    for (const kind of KINDS) console.log(row('baseline (direct)', kind, baseline.get(kind) ?? []));
    for (const kind of KINDS) console.log(row(`steady (1 per ${GAP_MS} ms)`, kind, steady.get(kind) ?? []));
    for (const kind of KINDS)
      console.log(row(`burst (${burstMarks.length} at once)`, kind, burst.get(kind) ?? []));
    console.log(
      `\nevent → its rows in the outbox, p50 / p99 ms: steady ${queuedFigure(steadyMarks)}, burst ${queuedFigure(burstMarks)}`,
    );
  } finally {
    await app.close();
    await ask({ op: 'close' });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
