/**
 * `pnpm bench copier --broker tradovate` (script `bench:copier-tradovate`): the copy engine through the
 * Tradovate adapter against the fake Tradovate server over loopback. Measures leader fill frame sent by the
 * fake → follower placeorder received by the fake, for 1, 10 and 50 followers (one follower Tradovate user).
 * The per-user request budget is lifted for the bench; production spends about 80 requests a minute per user.
 */
import { createTradovateAdapter } from '../src/brokers/tradovate';
import { CopyEngine } from '../src/copier/engine/engine';
import { MemoryDirectory } from '../src/copier/engine/memory-directory';
import { MemoryCopyStore } from '../src/copier/engine/memory-store';
import { DEFAULT_RISK } from '../src/copier/engine/types';
import { startFakeTradovate } from '../test-support/fake-tradovate/server';

const SIZES = (process.env.BENCH_FOLLOWERS ?? '1,10,50').split(',').map(Number);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 40);
const WARMUP = 5;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function run(followers: number): Promise<string> {
  const fake = await startFakeTradovate({ heartbeatMs: 2_500 });
  const adapter = createTradovateAdapter({
    publicUrl: 'http://127.0.0.1',
    env: { ...fake.env, TRADOVATE_CLIENT_ID: 'bench', TRADOVATE_REQUESTS_PER_MINUTE: '1000000' },
  });
  const leaderUser = fake.control.addUser('Bench Leader', [{ name: 'LEAD' }]);
  const followerUser = fake.control.addUser(
    'Bench Followers',
    Array.from({ length: followers }, (_, i) => ({ name: `F${i + 1}` })),
  );
  fake.control.setPrice('ESZ6', 6000);
  const directory = new MemoryDirectory(adapter, 1_000_000);
  for (const [connectionId, userId] of [
    [1, leaderUser.userId],
    [2, followerUser.userId],
  ] as const) {
    const token = fake.control.issueToken(userId);
    directory.addConnection(connectionId, {
      accessToken: token.accessToken,
      expiresAt: token.expiresAt,
      brokerUserId: String(userId),
    });
  }
  const base = {
    userId: 1,
    ratio: 1,
    cross: false,
    autoSync: true,
    enabled: true,
    risk: { ...DEFAULT_RISK },
    isLeader: false,
    isFollower: false,
  };
  const leaderAccount = leaderUser.accounts[0]?.id ?? 0;
  directory.accounts.push({
    ...base,
    id: 1,
    connectionId: 1,
    externalId: String(leaderAccount),
    name: 'LEAD',
    isLeader: true,
  });
  followerUser.accounts.forEach((account, i) =>
    directory.accounts.push({
      ...base,
      id: i + 2,
      connectionId: 2,
      externalId: String(account.id),
      name: account.name,
      isFollower: true,
    }),
  );
  const engine = new CopyEngine({
    directory,
    store: new MemoryCopyStore(),
    notifier: { notify: () => undefined },
    settings: { mirrorSettleMs: 0, sendRetries: 2 },
  });
  await engine.start();

  const latencies: number[] = [];
  const lastPerEvent: number[] = [];
  for (let i = 0; i < WARMUP + EVENTS; i += 1) {
    const before = fake.control.requests('order/placeorder').length;
    const placed = fake.control.placeHumanOrder({
      accountId: leaderAccount,
      symbol: 'ESZ6',
      action: i % 2 === 0 ? 'Buy' : 'Sell',
      qty: 1,
    });
    const orderId = 'orderId' in placed ? placed.orderId : -1;
    const deadline = Date.now() + 10_000;
    while (fake.control.requests('order/placeorder').length < before + followers) {
      if (Date.now() > deadline)
        throw new Error(
          `event ${i}: only ${fake.control.requests('order/placeorder').length - before} of ${followers} follower orders arrived`,
        );
      await new Promise((resolve) => setImmediate(resolve));
    }
    await engine.idle(1);
    if (i < WARMUP) continue;
    const sentAt = fake.control.fillsSent().find((f) => f.orderId === orderId)?.atHr ?? NaN;
    const received = fake.control
      .requests('order/placeorder')
      .slice(before, before + followers)
      .map((r) => r.atHr - sentAt);
    latencies.push(...received);
    lastPerEvent.push(Math.max(...received));
  }
  await engine.stop();
  await fake.close();
  latencies.sort((a, b) => a - b);
  lastPerEvent.sort((a, b) => a - b);
  const fmt = (ms: number): string => `${ms.toFixed(2)} ms`.padStart(10);
  return `${String(followers).padStart(9)} ${String(EVENTS).padStart(7)} ${fmt(percentile(latencies, 50))} ${fmt(percentile(latencies, 99))} ${fmt(percentile(lastPerEvent, 50))} ${fmt(percentile(lastPerEvent, 99))}`;
}

async function main(): Promise<void> {
  console.log(
    'Copy latency through Tradovate: leader fill frame sent by the fake → follower placeorder received by the fake (loopback)',
  );
  console.log('followers  events   order p50  order p99   last p50   last p99');
  for (const followers of SIZES) console.log(await run(followers));
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
