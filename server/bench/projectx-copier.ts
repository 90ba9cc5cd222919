/**
 * `pnpm bench copier --broker projectx` (script `bench:copier-projectx`): the copy engine through the
 * ProjectX adapter against the fake ProjectX gateway over loopback. Measures leader trade push sent by the
 * fake's user hub → follower `Order/place` received by the fake, for 1, 10 and 50 followers (one follower
 * ProjectX user). The gateway's 200 requests per minute are lifted for the bench, as Tradovate's budget is
 * in its bench.
 */
import { createProjectXAdapter } from '../src/brokers/projectx/index';
import { toContractId } from '../src/brokers/projectx/symbols';
import { CopyEngine } from '../src/copier/engine/engine';
import { MemoryDirectory } from '../src/copier/engine/memory-directory';
import { MemoryCopyStore } from '../src/copier/engine/memory-store';
import { DEFAULT_RISK } from '../src/copier/engine/types';
import { startFakeProjectX } from '../test-support/fake-projectx/server';

const SIZES = (process.env.BENCH_FOLLOWERS ?? '1,10,50').split(',').map(Number);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 40);
const WARMUP = 5;
const SYMBOL = `ESZ${new Date().getUTCFullYear() % 10}`;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function run(followers: number): Promise<string> {
  const fake = await startFakeProjectX({ rateLimit: 1_000_000 });
  const adapter = createProjectXAdapter({
    allowInsecureHosts: true,
    gatewayRequestsPerWindow: 1_000_000,
    engineRequestsPerMinute: 1_000_000,
  });
  fake.addUser({ userName: 'bench-leader', apiKey: 'k1' });
  fake.addUser({ userName: 'bench-followers', apiKey: 'k2' });
  const leaderAccount = fake.addAccount({ id: 1000, userName: 'bench-leader' }).id;
  const followerAccounts = Array.from(
    { length: followers },
    (_, i) => fake.addAccount({ id: 2000 + i, userName: 'bench-followers', maxContracts: 1_000 }).id,
  );
  const contractId = toContractId(SYMBOL);
  fake.setPrice(contractId, 6000);
  const directory = new MemoryDirectory(adapter, 1_000_000);
  for (const [connectionId, userName, apiKey] of [
    [1, 'bench-leader', 'k1'],
    [2, 'bench-followers', 'k2'],
  ] as const) {
    const connected = await adapter.connectWithApiKey!({
      userName,
      apiKey,
      environment: 'demo',
      restUrl: fake.restUrl,
      hubUrl: fake.hubUrl,
    });
    directory.addConnection(connectionId, connected.credentials);
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
  directory.accounts.push({
    ...base,
    id: 1,
    connectionId: 1,
    externalId: String(leaderAccount),
    name: 'LEAD',
    isLeader: true,
  });
  followerAccounts.forEach((id, i) =>
    directory.accounts.push({
      ...base,
      id: i + 2,
      connectionId: 2,
      externalId: String(id),
      name: `F${i + 1}`,
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
  const pushedAt = new Map<number, number>();
  fake.onPublished = (event, atHr) => {
    if (event.target === 'GatewayUserTrade' && event.accountId === leaderAccount)
      pushedAt.set((event.data as { orderId: number }).orderId, atHr);
  };

  const latencies: number[] = [];
  const lastPerEvent: number[] = [];
  for (let i = 0; i < WARMUP + EVENTS; i += 1) {
    const before = fake.world.placed.length;
    const placed = fake.venue.place({ accountId: leaderAccount, contractId, type: 2, side: i % 2, size: 1 });
    const orderId = 'orderId' in placed ? placed.orderId : -1;
    const deadline = Date.now() + 10_000;
    while (fake.world.placed.length < before + followers) {
      if (Date.now() > deadline)
        throw new Error(
          `event ${i}: only ${fake.world.placed.length - before} of ${followers} follower orders arrived`,
        );
      await new Promise((resolve) => setImmediate(resolve));
    }
    await engine.idle(1);
    if (i < WARMUP) continue;
    const sentAt = pushedAt.get(orderId) ?? NaN;
    const received = fake.world.placed.slice(before, before + followers).map((p) => p.atHr - sentAt);
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
    'Copy latency through ProjectX: leader trade push sent by the fake hub → follower Order/place received by the fake (loopback)',
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
