/**
 * `pnpm bench copier --broker rithmic` (script `bench:copier-rithmic`): the copy engine through the Rithmic adapter
 * against the fake R | Protocol gateway over loopback. Measures the leader's 352 FILL sent by the fake (the leader
 * trades by hand at the fake, MARKET) → each follower 312 NewOrder received by the fake, for 1, 10 and 50
 * followers spread over follower logins (`BENCH_ACCOUNTS_PER_LOGIN` accounts each, one fake user per login),
 * beside baselines from the same run: the same count of 312s sent at once by a plain protobuf-over-WebSocket
 * client logged in to the same fake's order plant as a user of its own (`broker-copier/rithmic-plain-client.ts`),
 * once without and once with a subscription to its account's order updates (308), which the copier's follower
 * sessions hold; and a third that copies as the copier does, timed as it is (`plain WS fill → 312`: one plain
 * client logged in as the leader hears the leader's fill, and on reading it another, logged in as a follower login,
 * sends the orders; from the fake's fill sent to each order taken, so both pay the same two hops and what is left
 * between them is the engine and the adapter; it holds the PnL plant as the adapter's sessions do, so the fake
 * pushes the same 450/451 after each fill in both rows). Neither side's request limit is what is measured: the fake runs
 * with `limits: 'off'` and the adapter's engine budget per login is lifted (`engineRequestsPerMinute`), as the
 * engine's own budget is in the rig; the fake's caps on orders and fills are raised for the thousands of orders of
 * a run.
 *
 * The fake runs in a process of its own (Rithmic's gateway is another machine in production) and takes every
 * timestamp itself; the plain clients run in the bench's process, beside the copier, and stamp their sends on the
 * machine's monotonic clock, as the fake's stamps are. `BENCH_FAKE=same` runs the fake in the bench's process.
 */
import { createRithmicAdapter } from '../src/brokers/rithmic/index';
import { collectsOnMainThread, lowerBackgroundThreads } from '../src/runtime/background-threads';
import { fakeInSameProcess, startFake } from './broker-copier/fake-process-client';
import { PlainRithmicClient } from './broker-copier/rithmic-plain-client';
import {
  type BenchLogin,
  type BrokerBench,
  type EventTimes,
  runBrokerBench,
  runMain,
} from './broker-copier/rig';
import {
  EXCHANGE,
  type FakeInfo,
  GATEWAY,
  startFakeSide,
  SYMBOL,
  SYSTEM,
} from './broker-copier/rithmic-fake-side';

async function setup(followerLogins: number[]): Promise<BrokerBench> {
  const fake = await startFake<FakeInfo>('rithmic', followerLogins, startFakeSide);
  const { info } = fake;
  const adapter = createRithmicAdapter({
    settings: {
      gateways: [{ name: GATEWAY, environment: 'demo', url: info.url }],
      appName: 'bench:SyncTrade',
      appVersion: '1.0',
    },
    engineRequestsPerMinute: 1_000_000,
    warn: (message) => console.warn(message),
  });
  const plainClient = async (user: string, subscribed: boolean): Promise<PlainRithmicClient> => {
    const client = await PlainRithmicClient.connect({
      url: info.url,
      user,
      password: `pw-${user}`,
      systemName: SYSTEM,
    });
    if (subscribed) await client.subscribeToOrders(`${user}-1`);
    return client;
  };
  const [plainUser = '', subscribedUser = ''] = info.plainUsers;
  const plain = await plainClient(plainUser, false);
  const plainSubscribed = await plainClient(subscribedUser, true);
  // One client's orders reach the fake in the order it sent them (one socket): the i-th taken is the i-th sent.
  const viaPlain =
    (client: PlainRithmicClient, accountId: string) =>
    async (count: number): Promise<number[]> => {
      const from = await fake.placed();
      const sent = await client.placeMarketOrders(count, {
        accountIds: [accountId],
        symbol: SYMBOL,
        exchange: EXCHANGE,
      });
      const received = await fake.placedAt(from, count);
      return sent.map((order, i) => (received[i] ?? NaN) - order.sentAt);
    };

  // The copier's own baseline: plain clients on the copier's logins doing what a copy is at its least. One,
  // logged in as the leader's user and subscribed to its orders, hears the leader's fill; on reading it, the other,
  // logged in as the first follower login's user and subscribed to its accounts' orders, sends the orders at
  // once, spread over those accounts. Timed as the copier is (the fake's fill sent → each order taken), so both
  // pay for the same two hops; the difference is the engine and the adapter. Connected once the copier's engine
  // has stopped (the rig runs baselines after it), so nothing else reads the leader's fill meanwhile.
  let reacting:
    | {
        listener: PlainRithmicClient;
        sender: PlainRithmicClient;
        accounts: string[];
        pnl: PlainRithmicClient[];
      }
    | undefined;
  let reactingEvent = 0;
  const fillToOrders = async (count: number): Promise<EventTimes> => {
    const follower = info.followers[0];
    if (follower === undefined) throw new Error('The bench has no follower login');
    if (reacting === undefined) {
      const connect = async (user: string, accounts: string[]): Promise<PlainRithmicClient> => {
        const client = await PlainRithmicClient.connect({
          url: info.url,
          user,
          password: `pw-${user}`,
          systemName: SYSTEM,
        });
        for (const accountId of accounts) await client.subscribeToOrders(accountId);
        return client;
      };
      // The PnL plant as the adapter's sessions hold it (every account of every login of the desk subscribed with
      // 400): the fake then pushes the same 450/451 after each fill in both rows, and its work per event is the same.
      const pnl = async (login: BenchLogin): Promise<PlainRithmicClient> => {
        const user = login.credentials.brokerUserId ?? '';
        const client = await PlainRithmicClient.connect({
          url: info.url,
          user,
          password: `pw-${user}`,
          systemName: SYSTEM,
          pnlPlant: true,
        });
        for (const accountId of login.accounts) await client.subscribeToPnl(accountId);
        return client;
      };
      const leaderUser = info.leader.credentials.brokerUserId ?? '';
      reacting = {
        listener: await connect(leaderUser, info.leader.accounts),
        sender: await connect(follower.credentials.brokerUserId ?? '', follower.accounts),
        accounts: follower.accounts,
        pnl: await Promise.all([info.leader, ...info.followers].map(pnl)),
      };
    }
    const { listener, sender, accounts } = reacting;
    let sending: Promise<unknown> = Promise.resolve();
    listener.onNextFill(info.leader.accounts[0] ?? '', () => {
      sending = sender.placeMarketOrders(count, { accountIds: accounts, symbol: SYMBOL, exchange: EXCHANGE });
    });
    const times = await fake.leaderEvent(reactingEvent++, count);
    await sending;
    return times;
  };

  return {
    adapter,
    leader: info.leader,
    followers: info.followers,
    leaderEvent: fake.leaderEvent,
    // The second plain client subscribes to its account's order updates (308): the fake then sends it every
    // 351/352, as it does to the copier's follower sessions, so both pay for the fake's notifications.
    baselines: {
      'plain WS 312': viaPlain(plain, `${plainUser}-1`),
      'plain WS 312 + 308': viaPlain(plainSubscribed, `${subscribedUser}-1`),
    },
    reactingBaselines: { 'plain WS fill → 312': fillToOrders },
    otherProcesses: fake.pid === undefined ? [] : [fake.pid],
    ...(fake.pauses === undefined ? {} : { fakePauses: fake.pauses }),
    close: async () => {
      plain.close();
      plainSubscribed.close();
      reacting?.listener.close();
      reacting?.sender.close();
      for (const client of reacting?.pnl ?? []) client.close();
      await fake.close();
    },
  };
}

// The copier's process runs as the server does (src/main.ts): V8's helpers behind the copies' thread, and the
// package script starts it with `pnpm start`'s node flags and allocator settings (`as-server.ts`); the fake's
// process runs with node's defaults but for its collector, which works on its main thread alone
// (`fake-process-client.ts`).
if (collectsOnMainThread()) lowerBackgroundThreads();

runMain(() =>
  runBrokerBench(
    `Copy latency through Rithmic: leader 352 fill sent by the fake → follower 312 NewOrder received by the fake (loopback; the fake in ${fakeInSameProcess() ? 'the bench process' : 'a process of its own'})`,
    setup,
    // 10,000 follower orders a row: at one follower the p99 is the 50th slowest of 5,000 events, not the tenth of
    // 1,000 (one run's p99 moved by a millisecond from run to run). Rithmic keeps no hourly cap per login.
    { rowOrders: 10_000 },
  ),
);
