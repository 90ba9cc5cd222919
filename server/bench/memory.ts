/**
 * `pnpm bench memory`: the server's resident memory as it runs (`pnpm start`'s command and flags, a fresh data
 * folder), read from `/proc/<pid>/status` (VmRSS) after a forced collection of every thread's heap (the main
 * thread's and the embedded database's worker's, through the inspector), once the readings have settled:
 * - idle: nobody signed in, `BENCH_SETTLE_MS` (5 s) after the server answered its first request; with the embedded
 *   database both at the first start on a new data folder (which creates the database) and after a restart on it;
 * - per trader: `BENCH_TRADERS` (200) traders signed up, each with one paper connection (four accounts: a leader
 *   and three followers in its copy group) and the Sync Desk's feed open, as a trader at the desk has them; the
 *   growth divided by the traders, after ten traders who warm the server up;
 * - per follower: each of those traders' groups grows by a second paper connection's four accounts as followers.
 * The heap in use (every thread's) is shown beside each figure: what the JavaScript objects take of it.
 * Beside it, the same run's baseline: plain node with the same flags and environment serving HTTP and nothing else,
 * read the same way. PGlite always, PostgreSQL too when `BENCH_DATABASE_URL` names a server (`BENCH_BACKENDS` chooses).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SyncAccount } from '@synctrade/api/types';
import WebSocket from 'ws';
import { connectPaper, getJson, registerUser, sendJson, type BenchUser } from './api-client';
import { benchBackends, freePort, startServer, type Backend } from './running-server';
import { startEnv, startFlags } from './start-script';

const TRADERS = Number(process.env.BENCH_TRADERS ?? 200);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 5_000);
const READINGS = 5;
const WARMUP_TRADERS = 10;
const MB = 1024 * 1024;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('VmRSS:'));
  const kb = Number(line?.split(/\s+/)[1]);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for process ${pid}`);
  return kb * 1024;
}

interface Inspector {
  /** A full collection of every thread's heap: the main thread's and its workers' (the embedded database's). */
  collect(): Promise<void>;
  /** The heap in use of every thread, in bytes. */
  heapUsed(): Promise<number>;
  close(): void;
}

interface InspectorMessage {
  id?: number;
  method?: string;
  params?: { sessionId?: string; message?: string };
  result?: unknown;
  error?: { message: string };
}

/** The inspector of the process listening on `port`: its main thread, and its workers through `NodeWorker`. */
async function inspector(port: number): Promise<Inspector> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const target = targets[0];
  if (!target) throw new Error('the inspector lists no target');
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let next = 1;
  const pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  const workers: string[] = [];
  const settle = (message: InspectorMessage): void => {
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiting || message.id === undefined) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(message.error.message));
    else waiting.resolve(message.result);
  };
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as InspectorMessage;
    if (message.method === 'NodeWorker.attachedToWorker' && message.params?.sessionId)
      workers.push(message.params.sessionId);
    else if (message.method === 'NodeWorker.receivedMessageFromWorker' && message.params?.message)
      settle(JSON.parse(message.params.message) as InspectorMessage);
    else settle(message);
  });
  const call = <T>(method: string, params: object = {}, sessionId?: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: (result) => resolve(result as T), reject });
      const inner = JSON.stringify({ id, method, params });
      socket.send(
        sessionId === undefined
          ? inner
          : JSON.stringify({
              id: next++,
              method: 'NodeWorker.sendMessageToWorker',
              params: { sessionId, message: inner },
            }),
      );
    });
  await call('NodeWorker.enable', { waitForDebuggerOnStart: false });
  const everyThread = <T>(method: string): Promise<T[]> =>
    Promise.all([call<T>(method), ...workers.map((sessionId) => call<T>(method, {}, sessionId))]);
  return {
    collect: async () => {
      await everyThread('HeapProfiler.collectGarbage');
    },
    heapUsed: async () =>
      (await everyThread<{ usedSize: number }>('Runtime.getHeapUsage')).reduce(
        (sum, { usedSize }) => sum + usedSize,
        0,
      ),
    close: () => socket.close(),
  };
}

interface Reading {
  resident: number;
  heap: number;
}

const median = (values: number[]): number =>
  values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * Readings a second apart, each after a forced collection, until the last `READINGS` lie within 1 MB of each other
 * (the process goes on handing memory back for a while after start-up and after work), or 90 readings: their
 * medians.
 */
async function settled(pid: number, gc: Inspector): Promise<Reading> {
  const resident: number[] = [];
  const heap: number[] = [];
  for (let n = 0; n < 90; n += 1) {
    await gc.collect();
    await sleep(1000);
    resident.push(residentBytes(pid));
    heap.push(await gc.heapUsed());
    const last = resident.slice(-READINGS);
    if (last.length === READINGS && Math.max(...last) - Math.min(...last) < MB) break;
  }
  return { resident: median(resident.slice(-READINGS)), heap: median(heap.slice(-READINGS)) };
}

async function waitForInspector(port: number): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const ok = await fetch(`http://127.0.0.1:${port}/json/list`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error('the inspector did not answer');
}

/** Plain node with the server's flags, answering HTTP and doing nothing else: the floor of any server. */
async function plainNode(): Promise<Reading> {
  const inspectPort = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...startFlags(),
      `--inspect=127.0.0.1:${inspectPort}`,
      '-e',
      "require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1')",
    ],
    { stdio: 'ignore', env: { ...startEnv(), ...process.env } },
  );
  try {
    await waitForInspector(inspectPort);
    await sleep(SETTLE_MS);
    const gc = await inspector(inspectPort);
    const reading = await settled(child.pid ?? NaN, gc);
    gc.close();
    return reading;
  } finally {
    child.kill('SIGKILL');
  }
}

async function openDesk(url: string, user: BenchUser): Promise<WebSocket> {
  const { ticket } = await sendJson<{ ticket: string }>(url, user, 'POST', '/auth/ws-ticket', {});
  const socket = new WebSocket(
    `${url.replace(/^http/, 'ws')}/ws/accounts?token=${encodeURIComponent(ticket)}`,
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('message', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

async function accountsOf(url: string, user: BenchUser): Promise<SyncAccount[]> {
  return getJson<SyncAccount[]>(url, user, '/brokers/accounts/table');
}

/** A trader at the desk: signed up, a paper connection's four accounts in one group (leader + 3), the feed open. */
async function traderAtDesk(url: string, n: number): Promise<{ user: BenchUser; desk: WebSocket }> {
  // Each trader signs up from an address of its own, as traders do: one address's sign-ups are limited.
  const user = await registerUser(url, `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`);
  await connectPaper(url, user, 'Paper 1');
  const [leader, ...followers] = await accountsOf(url, user);
  if (leader === undefined) throw new Error('the paper connection brought no account');
  await sendJson(url, user, 'PUT', `/copier/accounts/${leader.id}/master`, {});
  for (const follower of followers)
    await sendJson(url, user, 'PUT', `/copier/accounts/${follower.id}/follower`, {});
  return { user, desk: await openDesk(url, user) };
}

/** Four more followers in the trader's group, from a second paper connection. */
async function moreFollowers(url: string, user: BenchUser): Promise<number> {
  const before = new Set((await accountsOf(url, user)).map((account) => account.id));
  await connectPaper(url, user, 'Paper 2');
  const added = (await accountsOf(url, user)).filter((account) => !before.has(account.id));
  for (const follower of added)
    await sendJson(url, user, 'PUT', `/copier/accounts/${follower.id}/follower`, {});
  return added.length;
}

interface Figures {
  idle: Reading;
  /** Idle again after a restart on the same data folder (the embedded database only). */
  restarted: Reading | null;
  perTrader: Reading;
  perFollower: Reading;
}

const per = (from: Reading, to: Reading, count: number): Reading => ({
  resident: (to.resident - from.resident) / count,
  heap: (to.heap - from.heap) / count,
});

/** The server with the inspector on, `SETTLE_MS` after it answered: its process and its threads' collector. */
async function inspectedServer(backend: Backend, dataDir: string | undefined) {
  const inspectPort = await freePort();
  const server = await startServer(backend, {
    nodeFlags: [`--inspect=127.0.0.1:${inspectPort}`],
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000000', TRUST_PROXY: 'true' },
    dataDir,
  });
  await sleep(SETTLE_MS);
  return { server, gc: await inspector(inspectPort) };
}

/** Idle, then stopped: the first start on a new data folder, which also creates the database (initdb). */
async function idleOnly(backend: Backend, dataDir: string): Promise<Reading> {
  const { server, gc } = await inspectedServer(backend, dataDir);
  try {
    return await settled(server.pid, gc);
  } finally {
    gc.close();
    await server.stop();
  }
}

/**
 * The embedded database: idle at the first start on a new data folder, then the rest after a restart on it, whose
 * idle figure is what a server that has run before holds (the first start's figure also holds what creating the
 * database took, inside the database's thread). PostgreSQL: one start.
 */
async function runBackend(backend: Backend): Promise<Figures> {
  if (backend !== 'pglite') return { ...(await withTraders(backend, undefined)), restarted: null };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'synctrade-bench-'));
  try {
    const firstStart = await idleOnly(backend, dataDir);
    const figures = await withTraders(backend, dataDir);
    return { ...figures, idle: firstStart, restarted: figures.idle };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withTraders(
  backend: Backend,
  dataDir: string | undefined,
): Promise<Omit<Figures, 'restarted'>> {
  const { server, gc } = await inspectedServer(backend, dataDir);
  const desks: WebSocket[] = [];
  const addTraders = async (from: number, count: number): Promise<BenchUser[]> => {
    const users: BenchUser[] = [];
    for (let n = from; n < from + count; n += 1) {
      const { user, desk } = await traderAtDesk(server.url, n);
      users.push(user);
      desks.push(desk);
    }
    return users;
  };
  const addFollowers = async (users: readonly BenchUser[]): Promise<number> => {
    let followers = 0;
    for (const user of users) followers += await moreFollowers(server.url, user);
    return followers;
  };
  try {
    const idle = await settled(server.pid, gc);
    // The first traders bring what any trader's work brings once (code compiled and optimized, statements
    // prepared, pools filled): counted apart, so the figures per trader are what each further one costs.
    await addFollowers(await addTraders(0, WARMUP_TRADERS));
    await sleep(SETTLE_MS);
    const warm = await settled(server.pid, gc);
    const users = await addTraders(WARMUP_TRADERS, TRADERS);
    await sleep(SETTLE_MS);
    const withTraders = await settled(server.pid, gc);
    const followers = await addFollowers(users);
    await sleep(SETTLE_MS);
    const withFollowers = await settled(server.pid, gc);
    return {
      idle,
      perTrader: per(warm, withTraders, TRADERS),
      perFollower: per(withTraders, withFollowers, followers),
    };
  } finally {
    // An open inspector session holds the server's exit until it disconnects.
    gc.close();
    for (const desk of desks) desk.close();
    await server.stop();
  }
}

const mb = (bytes: number): string => (bytes / MB).toFixed(0);
const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

async function main(): Promise<void> {
  console.log(
    `Resident memory (and the main thread's heap in use) after a forced collection, median of ${READINGS}; ${TRADERS} traders, each a leader, 3 followers and the desk's feed; then 4 more followers each\n`,
  );
  const plain = await plainNode();
  console.log(
    '| process | idle MB (heap) | idle × plain node | idle after a restart MB (heap) | per trader KB (heap) | per added follower KB (heap) |',
  );
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| plain node, same flags (baseline) | ${mb(plain.resident)} (${mb(plain.heap)}) | 1.0 | — | — | — |`,
  );
  for (const backend of benchBackends()) {
    const { idle, restarted, perTrader, perFollower } = await runBackend(backend);
    const again = restarted === null ? '—' : `${mb(restarted.resident)} (${mb(restarted.heap)})`;
    console.log(
      `| server, ${backend} | ${mb(idle.resident)} (${mb(idle.heap)}) | ${(idle.resident / plain.resident).toFixed(1)} | ${again} | ${kb(perTrader.resident)} (${kb(perTrader.heap)}) | ${kb(perFollower.resident)} (${kb(perFollower.heap)}) |`,
    );
  }
  console.log('\nGoals (issue 48): idle under 250 MB with the embedded database; under 50 KB per trader.');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
