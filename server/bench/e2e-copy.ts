/**
 * `pnpm bench e2e`: the product as it runs. The real server (`src/main.ts`, child process, PGlite unless
 * `BENCH_BACKENDS` says otherwise) with a trader whose paper leader has `BENCH_FOLLOWERS` (10) paper followers;
 * the bench sends leader tickets through `POST /sim/orders` (one at a time, alternating buy and sell, each once
 * every follower holds the leader's position) and reads the copy latency the server itself records (`latency_ms`
 * of the copies in `GET /copier/order-data/:userId`: leader fill received by the engine → follower order
 * acknowledged by the venue). The list holds the newest 500 rows, so each reading counts the last 45 or so
 * tickets:
 * - cold: read after the first `BENCH_EVENTS` (60) tickets after start-up, while V8 still compiles the server's
 *   paths (its helper threads then share the two cores with the copies' thread);
 * - warm: read after `BENCH_WARM_EVENTS` (240) more, the server as it runs for most of a trading day.
 * The first ticket after start-up, with the copy path not yet compiled, is read right after it and shown apart.
 * Each ticket's copies are told apart by their orders' times, and the bench reads, from outside, how long the
 * server's main thread waited for a core while the ticket was on its way (`core-waits.ts`): a ticket is "held
 * up" when another task had the core while the server's thread was ready to run. The table counts the tickets
 * with a copy over 1 ms, how many of them were held up, and the p99 of the tickets that were not (the server's
 * own work). `BENCH_TICKETS=1` lists every counted ticket.
 * While it sends tickets the bench's own threads run behind the server's (`benchBehindServer`): the trader's
 * browser is on another machine, not on the server's two cores. `BENCH_CLIENT_IDLE=0` leaves them as they are.
 * Beside it, the same group in the engine alone (`bench/copier.ts`, paper venue, no HTTP, no feed): the
 * engine-only figure of the same run.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { FeedMessage, OrderData, SyncAccount } from '@synctrade/api/types';
import WebSocket from 'ws';
import { connectPaper, getJson, registerUser, sendJson, type BenchUser } from './api-client';
import { copiesByTicket, coreWaitMs, type TicketSpan } from './core-waits';
import { benchBackends, benchBehindServer, startServer, type Backend } from './running-server';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 10);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 60);
const WARM_EVENTS = Number(process.env.BENCH_WARM_EVENTS ?? 240);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function userIdOf(token: string): number {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { user_id: number }).user_id;
}

async function copiesSoFar(url: string, user: BenchUser, userId: number): Promise<OrderData['orders']> {
  const data = await getJson<OrderData>(url, user, `/copier/order-data/${userId}`);
  return data.orders.filter((order) => order.role === 'copy');
}

/**
 * The Sync Desk's feed as the browser keeps it: the accounts' quantities from the full list and the deltas.
 * The bench waits on it between tickets instead of asking the server, so it adds no database reads of its own.
 */
async function openDesk(
  url: string,
  user: BenchUser,
): Promise<{
  until(done: (qty: ReadonlyMap<number, number>) => boolean): Promise<void>;
  close(): void;
}> {
  const { ticket } = await sendJson<{ ticket: string }>(url, user, 'POST', '/auth/ws-ticket', {});
  const socket = new WebSocket(
    `${url.replace(/^http/, 'ws')}/ws/accounts?token=${encodeURIComponent(ticket)}`,
  );
  const qty = new Map<number, number>();
  let waiter: { done: (qty: ReadonlyMap<number, number>) => boolean; resolve: () => void } | null = null;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as FeedMessage;
    if (message.type === 'account_data') qty.clear();
    if (message.type !== 'account_data' && message.type !== 'account_delta') return;
    for (const account of message.accounts) qty.set(account.id, account.qty);
    if (waiter?.done(qty)) {
      waiter.resolve();
      waiter = null;
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    until(done) {
      if (done(qty)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiter = { done, resolve };
      });
    },
    close: () => socket.close(),
  };
}

/** A reading of the copies in the list (its newest 500 rows), with the spans of the tickets sent so far. */
interface Reading {
  latencies: number[];
  tickets: ReturnType<typeof copiesByTicket>;
}

async function readCopies(
  url: string,
  user: BenchUser,
  userId: number,
  spans: readonly TicketSpan[],
): Promise<Reading> {
  const copies = await copiesSoFar(url, user, userId);
  const latencies = copies
    .map((order) => order.latency_ms)
    .filter((ms): ms is number => ms !== null)
    .sort((a, b) => a - b);
  return { latencies, tickets: copiesByTicket(spans, copies) };
}

async function runBackend(
  backend: Backend,
): Promise<{ cold: Reading; warm: Reading | null; firstTicket: number }> {
  const server = await startServer(backend, { cpuProfileDir: process.env.BENCH_CPU_PROF });
  let firstTicket = NaN;
  const spans: TicketSpan[] = [];
  try {
    const user = await registerUser(server.url);
    const userId = userIdOf(user.token);
    let accounts: SyncAccount[] = [];
    for (let n = 1; accounts.length < FOLLOWERS + 1; n += 1) {
      await connectPaper(server.url, user, `Paper ${n}`);
      accounts = await getJson<SyncAccount[]>(server.url, user, '/brokers/accounts/table');
    }
    const [leader, ...rest] = accounts;
    if (leader === undefined) throw new Error('no paper account');
    await sendJson(server.url, user, 'PUT', `/copier/accounts/${leader.id}/master`, {});
    for (const follower of rest.slice(0, FOLLOWERS))
      await sendJson(server.url, user, 'PUT', `/copier/accounts/${follower.id}/follower`, {});
    const followerIds = rest.slice(0, FOLLOWERS).map((account) => account.id);
    const desk = await openDesk(server.url, user);
    const restore = benchBehindServer();
    const ticket = async (event: number): Promise<void> => {
      const waitedBefore = coreWaitMs(server.pid);
      const from = Date.now();
      await sendJson(server.url, user, 'POST', '/sim/orders', {
        account_id: leader.id,
        contract: 'ES',
        side: event % 2 === 0 ? 'buy' : 'sell',
        qty: 1,
        order_type: 'Market',
      });
      // The next ticket goes once every follower holds leader × 1, as a trader's next trade would, seen on the
      // desk's feed: polling the accounts table (or the orders list, whose reading makes the copier write) put
      // the bench's own reads into the embedded database the copies wait for.
      const held = event % 2 === 0 ? 1 : 0;
      await desk.until((qty) => followerIds.every((id) => qty.get(id) === held));
      const to = Date.now();
      const waitedAfter = coreWaitMs(server.pid);
      const waitedMs = waitedBefore === null || waitedAfter === null ? null : waitedAfter - waitedBefore;
      spans.push({ from, to, waitedMs });
    };

    for (let event = 0; event < EVENTS; event += 1) {
      await ticket(event);
      // The first ticket after start-up (code not yet compiled): read now, before the list's newest rows push it out.
      if (event === 0)
        firstTicket = (await readCopies(server.url, user, userId, spans)).latencies.at(-1) ?? NaN;
    }
    const cold = await readCopies(server.url, user, userId, spans);
    for (let event = EVENTS; event < EVENTS + WARM_EVENTS; event += 1) await ticket(event);
    const warm = WARM_EVENTS > 0 ? await readCopies(server.url, user, userId, spans) : null;
    restore();
    desk.close();
    return { cold, warm, firstTicket };
  } finally {
    await server.stop();
  }
}

/** A ticket is counted as held up by the machine when the server's thread waited this long for a core in it. */
const HELD_UP_MS = 0.25;
const SLOW_MS = 1;

/**
 * The reading's tickets: how many had a copy over 1 ms, how many of those the machine held up (the server's
 * thread waited for a core while the ticket was on its way), and the p99 of the copies of the tickets it did not.
 */
function ticketColumns(reading: Reading): string {
  const { tickets } = reading;
  if (tickets.some(({ span }) => span.waitedMs === null)) return `${tickets.length} | — | — |`;
  const heldUp = (waited: number | null): boolean => (waited ?? 0) >= HELD_UP_MS;
  const slow = tickets.filter(({ latencies }) => Math.max(...latencies) > SLOW_MS);
  const slowHeldUp = slow.filter(({ span }) => heldUp(span.waitedMs));
  const clear = tickets.filter(({ span }) => !heldUp(span.waitedMs));
  const clearLatencies = clear.flatMap(({ latencies }) => latencies).sort((a, b) => a - b);
  return `${tickets.length} (${clear.length} not held up) | ${slow.length} (${slowHeldUp.length} held up) | ${percentile(clearLatencies, 99).toFixed(2)} |`;
}

/** `BENCH_TICKETS=1`: each counted ticket's slowest copy and the server's wait for a core in it. */
function listTickets(backend: Backend, what: string, reading: Reading): void {
  if (process.env.BENCH_TICKETS !== '1') return;
  console.log(
    `\n${backend}, ${what}: slowest copy ms / the server's thread waiting for a core ms, per ticket`,
  );
  console.log(
    reading.tickets
      .map(
        ({ span, latencies }) => `${Math.max(...latencies).toFixed(2)}/${span.waitedMs?.toFixed(2) ?? '—'}`,
      )
      .join(' '),
  );
}

async function main(): Promise<void> {
  const lines: string[] = [];
  const row = (backend: Backend, what: string, reading: Reading, first: string): string => {
    listTickets(backend, what, reading);
    const { latencies } = reading;
    return `| ${backend} | ${what} | ${FOLLOWERS} | ${latencies.length} | ${percentile(latencies, 50).toFixed(2)} | ${percentile(latencies, 99).toFixed(2)} | ${(latencies.at(-1) ?? NaN).toFixed(2)} | ${first} | ${ticketColumns(reading)}`;
  };
  for (const backend of benchBackends()) {
    const { cold, warm, firstTicket } = await runBackend(backend);
    lines.push(row(backend, `cold: tickets 1–${EVENTS} after start`, cold, firstTicket.toFixed(2)));
    if (warm !== null) lines.push(row(backend, `warm: tickets to ${EVENTS + WARM_EVENTS}`, warm, ''));
  }
  // `BENCH_ENGINE=0` leaves the engine-only figure out (several runs of the server, one after another).
  if (process.env.BENCH_ENGINE !== '0') {
    console.log('\nEngine only, same machine, same run (bench/copier.ts):');
    spawnSync(process.execPath, ['--import', 'tsx', 'bench/copier.ts'], {
      cwd: path.resolve(__dirname, '..'),
      env: { ...process.env, BENCH_FOLLOWERS: String(FOLLOWERS) },
      stdio: 'inherit',
    });
  }
  console.log(
    `\nRunning server, ${EVENTS} + ${WARM_EVENTS} leader tickets, copies' latency_ms (engine receipt → venue acknowledgement)\n`,
  );
  console.log(
    `A ticket is held up when the server's main thread waited ${HELD_UP_MS} ms or more for a core while it was on its way (another task had the core).\n`,
  );
  console.log(
    `| backend | what | followers | copies | p50 ms | p99 ms | max ms | first ticket after start, slowest copy ms | tickets counted | tickets with a copy over ${SLOW_MS} ms | p99 ms, tickets not held up |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const line of lines) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
