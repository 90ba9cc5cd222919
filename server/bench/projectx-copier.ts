/**
 * `pnpm bench copier --broker projectx` (script `bench:copier-projectx`): the copy engine through the
 * ProjectX adapter against the fake ProjectX gateway over loopback. Measures leader trade push sent by the
 * fake's user hub → follower `Order/place` received by the fake, for 1, 10 and 50 followers spread over
 * follower logins (`BENCH_ACCOUNTS_PER_LOGIN` accounts each), beside a baseline from the same run: the same
 * `Order/place` requests sent at once by a plain HTTP client against the same fake (ProjectX takes orders
 * over REST only; its hub is for events). The gateway's 200 requests per minute are lifted for the bench;
 * `--limited` runs the copier under them instead (`broker-copier/limited.ts`).
 */
import { collectsOnMainThread, lowerBackgroundThreads } from '../src/runtime/background-threads';
import { createProjectXAdapter } from '../src/brokers/projectx/index';
import { toContractId } from '../src/brokers/projectx/symbols';
import { startFakeProjectX } from '../fakes/projectx/server';
import { runLimitedBench, LIMITED_FLAG } from './broker-copier/limited';
import { addProjectXLogin, projectXLimited } from './broker-copier/projectx-limited';
import { type BrokerBench, inProcessEvent, runBrokerBench, runMain } from './broker-copier/rig';

const SYMBOL = `ESZ${new Date().getUTCFullYear() % 10}`;

async function setup(followerLogins: number[]): Promise<BrokerBench> {
  const fake = await startFakeProjectX({ rateLimit: 1_000_000 });
  const adapter = createProjectXAdapter({
    hosts: { custom: 'off', privateHosts: [new URL(fake.restUrl).host] },
    gatewayRequestsPerWindow: 1_000_000,
    engineRequestsPerMinute: 1_000_000,
  });
  const contractId = toContractId(SYMBOL);
  fake.setPrice(contractId, 6000);
  const login = (userName: string, size: number) => addProjectXLogin(fake, adapter, userName, size);
  const leader = await login('bench-leader', 1);
  const followers: BrokerBench['followers'] = [];
  for (const [i, size] of followerLogins.entries())
    followers.push(await login(`bench-followers-${i + 1}`, size));
  // The plain client signs in as a user of its own: a second sign-in would end a follower's session.
  fake.addUser({ userName: 'bench-plain', apiKey: 'key-plain' });
  const plainAccount = fake.addAccount({ id: 9000, userName: 'bench-plain', maxContracts: 1_000_000 }).id;
  const signIn = (await (
    await fetch(`${fake.restUrl}/api/Auth/loginKey`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ userName: 'bench-plain', apiKey: 'key-plain' }),
    })
  ).json()) as { token: string };

  const pushedAt = new Map<number, number>();
  const leaderAccount = Number(leader.accounts[0]);
  fake.onPublished = (event, atHr) => {
    if (event.target === 'GatewayUserTrade' && event.accountId === leaderAccount)
      pushedAt.set((event.data as { orderId: number }).orderId, atHr);
  };
  const followerIds = new Set(followers.flatMap((f) => f.accounts.map(Number)));
  const placed: number[] = [];
  let scanned = 0;
  const scan = (): void => {
    const fresh = fake.world.placed.slice(scanned);
    scanned += fresh.length;
    for (const order of fresh) if (followerIds.has(order.accountId)) placed.push(order.atHr);
  };
  let tag = 0;
  const viaHttp = async (count: number): Promise<number[]> => {
    const from = fake.world.placed.length;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: count }, () =>
        fetch(`${fake.restUrl}/api/Order/place`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${signIn.token}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({
            accountId: plainAccount,
            contractId,
            type: 2,
            side: 0,
            size: 1,
            customTag: `plain.${(tag += 1)}`,
          }),
        }).then((response) => response.text()),
      ),
    );
    return fake.world.placed.slice(from, from + count).map((order) => order.atHr - started);
  };

  return {
    adapter,
    leader,
    followers,
    leaderEvent: inProcessEvent({
      leaderTrades(index) {
        const result = fake.venue.place({
          accountId: leaderAccount,
          contractId,
          type: 2,
          side: index % 2,
          size: 1,
        });
        return 'orderId' in result ? result.orderId : -1;
      },
      followerOrders() {
        scan();
        return placed.length;
      },
      receivedAt: (from, to) => placed.slice(from, to),
      fillSentAt: (orderId) => pushedAt.get(orderId) ?? NaN,
    }),
    baselines: { 'HTTP Order/place': viaHttp },
    otherProcesses: [],
    close: () => fake.close(),
  };
}

// The copier's process runs as the server does (src/main.ts): `pnpm start`'s flags (`as-server.ts`), V8's
// helpers behind the copies' thread.
if (collectsOnMainThread()) lowerBackgroundThreads();

runMain(() =>
  process.argv.includes(LIMITED_FLAG)
    ? runLimitedBench(projectXLimited)
    : runBrokerBench(
        'Copy latency through ProjectX: leader trade push sent by the fake hub → follower Order/place received by the fake (loopback)',
        setup,
      ),
);
