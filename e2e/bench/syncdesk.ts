/**
 * `pnpm bench syncdesk`: the Sync Desk under a heavy live feed. The real server (in this process, so the bench
 * can drive its feed hub) serves the production builds of the host and the syncdesk remote; headless Chromium
 * opens /syncdesk signed in; then 500 accounts, every one of them changed in every frame, are published through
 * the real feed (ticket, WebSocket, hub, slow-client merging) 10 times a second for 10 seconds.
 *
 * Prints the main thread's task durations (p50, p95, max, from a Chromium trace) and dropped frames (from a
 * requestAnimationFrame probe). No timed assertions: numbers depend on the machine. Run it with BENCH_ACCOUNTS=20
 * beside it for the machine's floor in the same conditions.
 * Environment: BENCH_ACCOUNTS (500), BENCH_HZ (10), BENCH_SECONDS (10), BENCH_CHANGED (1: share of the
 * accounts changed per update). The hub turns each published list into a delta of the changed accounts.
 * BENCH_LIVE=1 measures a desk of BENCH_ACCOUNTS (50) real paper accounts instead, the leader trading BENCH_TRADES
 * (2) times a second and every follower copying, and first how soon /syncdesk shows live rows against the bare
 * shell's first paint (BENCH_ROUNDS, 7, loads of each).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { SyncAccount } from '@synctrade/api/types';
import { launchBrowser, newSession } from '../support/browser';
import { leaderTrade, liveDesk, liveRowsAgainstShell } from './syncdesk-live';
import { freePort } from '../support/ports';
import { REPO_ROOT } from '../support/stack';

/** BENCH_LIVE=1: real paper accounts copying a trading leader instead of published frames (syncdesk-live.ts). */
const LIVE = process.env.BENCH_LIVE === '1';
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? (LIVE ? 50 : 500));
/** Live mode: the leader's trades per second (each one copied to every follower). */
const TRADES = Number(process.env.BENCH_TRADES ?? 2);
/** Live mode: loads of the bare shell and of /syncdesk, alternated, for the medians. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const HZ = Number(process.env.BENCH_HZ ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Share of the accounts that change in each frame (1: every account, the worst case; 0.1: one in ten). */
const CHANGED = Math.min(1, Math.max(0.001, Number(process.env.BENCH_CHANGED ?? 1)));
const EVERY = Math.max(1, Math.round(1 / CHANGED));

/** The part of the server's feed hub the bench drives. */
interface FeedHub {
  publish(userId: number, message: { type: 'account_data'; accounts: SyncAccount[] }): void;
  socketCount(userId?: number): number;
}

/**
 * Frame `k` of the load: every account's side, qty, prices, PnL and balance differ from frame k-1 (with
 * BENCH_CHANGED below 1, each account changes only every 1/BENCH_CHANGED frames, staggered).
 */
function frame(frameNumber: number): SyncAccount[] {
  return Array.from({ length: ACCOUNTS }, (_, i) => {
    const k = frameNumber - ((i + frameNumber) % EVERY);
    const qty = (k + i) % 5;
    const dayPnl = (((k * 13 + i) % 200) - 100) * 12.5;
    return {
      id: 100_000 + i,
      account_id: `BENCH-${i}`,
      account_name: `Bench ${i}`,
      connection: 1,
      connection_name: 'Bench paper',
      accounts: `Bench ${i}`,
      broker_name: 'sim',
      side: qty === 0 ? 'flat' : k % 2 === 0 ? 'long' : 'short',
      balance: 50_000 + dayPnl,
      avg_price: 6000 + ((k * 7 + i) % 40) * 0.25,
      day_pnl: dayPnl,
      open_pnl: (((k * 29 + i) % 160) - 80) * 12.5,
      qty,
      ratio: 1 + (i % 3),
      cross: false,
      is_master: i === 0,
      is_follower: i !== 0,
      enabled: true,
      auto_sync: false,
      state: 'ok',
      state_reason: null,
      currency_symbol: '$',
    };
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

const PROFILE = process.env.BENCH_PROFILE === '1';

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** BENCH_PROFILE=1: the page's functions with the most self time (sampled), to see where script time goes. */
function printHotspots(profile: CpuProfile): void {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id);
    if (!frame) return;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}:${frame.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  console.log('  script hotspots (self time):');
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${key}`);
}

const WORK = [
  'FunctionCall',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'MinorGC',
  'MajorGC',
];

/** Durations (ms) of every task the renderer's main thread ran, and where the time went. */
function mainThreadTasks(trace: Buffer): { tasks: number[]; work: Record<string, number> } {
  const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
  const main = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const threads = new Set(main.map((e) => `${e.pid}:${e.tid}`));
  const onMain = traceEvents.filter((e) => e.ph === 'X' && threads.has(`${e.pid}:${e.tid}`));
  const work: Record<string, number> = {};
  for (const e of onMain) if (WORK.includes(e.name)) work[e.name] = (work[e.name] ?? 0) + (e.dur ?? 0) / 1000;
  return { tasks: onMain.filter((e) => e.name === 'RunTask').map((e) => (e.dur ?? 0) / 1000), work };
}

async function main(): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'synctrade-bench-'));
  const url = `http://localhost:${port}`;
  Object.assign(process.env, {
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DEPLOY_DIR: path.join(dataDir, 'deploy'),
    TEST_OUTBOX_READER: 'true',
    DATABASE_URL: '',
  });
  // Loaded after the environment is set: the server reads it at import and build time.
  const { buildApp } = await import(path.join(REPO_ROOT, 'server', 'src', 'app.ts'));
  const { loadConfig } = await import(path.join(REPO_ROOT, 'server', 'src', 'config', 'config.ts'));
  const app = await buildApp({ config: loadConfig(), logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  const hub = (app as { realtime: FeedHub }).realtime;
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const email = `bench-${Date.now()}@example.com`;
    const registered = await fetch(`${url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'Str0ng!Pass' }),
    });
    const { access_token: token } = (await registered.json()) as { access_token: string };
    const userId = Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).user_id);
    const user = { email, password: 'Str0ng!Pass', token };
    const live = LIVE ? await liveDesk(url, user, ACCOUNTS) : null;
    const firstPaint = live ? await liveRowsAgainstShell(browser, url, token, ROUNDS) : null;
    const rowCount = live ? live.rows.length : ACCOUNTS;

    const { page, errors } = await newSession(browser, url);
    // Which requests failed, by path: a page error names no address.
    const failed = new Map<string, number>();
    page.on('response', (response) => {
      if (response.status() < 400) return;
      const key = `${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`;
      failed.set(key, (failed.get(key) ?? 0) + 1);
    });
    await page.addInitScript((value) => window.localStorage.setItem('access_token', value), token);
    await page.goto('/syncdesk');
    await page.getByRole('heading', { level: 1, name: 'Sync Desk' }).waitFor();
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 30_000 });
    while (hub.socketCount(userId) === 0) await new Promise((r) => setTimeout(r, 50));

    if (!live) hub.publish(userId, { type: 'account_data', accounts: frame(0) });
    // The desk mounts only the rows in view: the table's row count says the whole list arrived.
    const watched = live ? live.rows[1]!.id : 100_007;
    await page
      .locator(`[role="table"][aria-rowcount="${rowCount + 1}"] [role="row"][data-account-id="${watched}"]`)
      .waitFor({ timeout: 30_000 });

    // A frame probe: a gap of n frame intervals between two animation frames means n - 1 dropped frames.
    // Passed as text: the TypeScript runner would otherwise add helpers the page does not have.
    await page.evaluate(`(() => {
      const probe = { frames: 0, dropped: 0, last: 0, running: true };
      window.__probe = probe;
      const tick = (now) => {
        if (probe.last) {
          probe.frames += 1;
          probe.dropped += Math.max(0, Math.round((now - probe.last) / (1000 / 60)) - 1);
        }
        probe.last = now;
        if (probe.running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });

    const rate = live ? TRADES : HZ;
    const total = rate * SECONDS;
    const started = Date.now();
    for (let k = 1; k <= total; k += 1) {
      if (live) await leaderTrade(url, user, live.leader.id, k);
      else hub.publish(userId, { type: 'account_data', accounts: frame(k) });
      const due = started + (k * 1000) / rate;
      await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    }
    const elapsed = (Date.now() - started) / 1000;
    // Let the last frame land before stopping the probes.
    await page.waitForTimeout(300);
    const trace = await browser.stopTracing();
    const profile = cdp ? ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile : null;
    const probe = await page.evaluate<{ frames: number; dropped: number }>(
      '(() => { window.__probe.running = false; return window.__probe; })()',
    );
    // How long after the last frame the desk shows it (a busy page only ever applies the newest frame); live, how
    // long until the first follower shows the leader's last trade copied (ratio 1: long one after odd trades).
    const expected = live ? String(total % 2) : String(frame(total)[7]!.qty);
    const lastCell = page.locator(`[role="row"][data-account-id="${watched}"] [role="cell"]`).nth(9);
    const settleStart = Date.now();
    while ((await lastCell.textContent())?.trim() !== expected && Date.now() - settleStart < 10_000)
      await page.waitForTimeout(20);
    const settled =
      (await lastCell.textContent())?.trim() === expected
        ? `${Date.now() - settleStart} ms`
        : 'not within 10 s';

    const mounted = await page.locator('[role="row"][data-account-id]').count();
    const viewport = page.viewportSize();
    const { tasks: unsorted, work } = mainThreadTasks(trace);
    const tasks = unsorted.sort((a, b) => a - b);
    const fmt = (n: number): string => n.toFixed(2);
    if (live && firstPaint) {
      console.log(
        `syncdesk bench, live: ${rowCount} paper accounts (1 leader, ${Math.min(ACCOUNTS, rowCount) - 1} followers), the leader trading ${TRADES} times a second for ${elapsed.toFixed(1)} s, every trade copied`,
      );
      console.log(
        `  live rows            ${firstPaint.liveRowsMs.toFixed(0)} ms after navigation (median of ${ROUNDS}), bare shell's first paint ${firstPaint.shellMs.toFixed(0)} ms: ${(firstPaint.liveRowsMs / firstPaint.shellMs).toFixed(2)}×`,
      );
    } else {
      console.log(
        `syncdesk bench: ${ACCOUNTS} accounts × ${HZ} updates/s for ${elapsed.toFixed(1)} s through the real feed, ${Math.round(100 / EVERY)} % of the accounts changed per update`,
      );
      console.log(
        `  frames published     ${total} (${((total * JSON.stringify(frame(0)).length) / 1e6 / elapsed).toFixed(2)} MB/s)`,
      );
    }
    console.log(
      `  main-thread tasks    ${tasks.length}: p50 ${fmt(percentile(tasks, 50))} ms, p95 ${fmt(percentile(tasks, 95))} ms, max ${fmt(tasks.at(-1) ?? NaN)} ms`,
    );
    console.log(
      `  tasks over 16 ms     ${tasks.filter((t) => t > 16).length}, over 50 ms ${tasks.filter((t) => t > 50).length}`,
    );
    console.log(
      `  animation frames     ${probe.frames} rendered, ${probe.dropped} dropped (${((100 * probe.dropped) / Math.max(1, probe.frames + probe.dropped)).toFixed(1)} %)`,
    );
    console.log(
      `  rows in the document ${mounted} of ${rowCount} (viewport ${viewport?.width ?? '?'} × ${viewport?.height ?? '?'})`,
    );
    console.log(`  last frame on screen ${settled} after the probes stopped`);
    console.log(
      `  main-thread time     ${Object.entries(work)
        .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
        .join(', ')}`,
    );
    console.log(
      `  machine load         ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')} on ${cpus().length} cores (shared machines skew these numbers)`,
    );
    const distinct = [...new Set(errors)].map(
      (text) => `${errors.filter((e) => e === text).length} × ${text}`,
    );
    console.log(`  page errors          ${distinct.length === 0 ? 'none' : distinct.join(' | ')}`);
    if (failed.size > 0)
      console.log(`  failed requests      ${[...failed].map(([key, n]) => `${n} × ${key}`).join(' | ')}`);
    console.log(
      '  target: p95 task under 8 ms and under 2 % frames dropped at 20, 50, 500 and 2,000 accounts and live at 50; live rows within 1.3× the bare shell',
    );
    if (profile) printHotspots(profile);
  } finally {
    await browser.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
