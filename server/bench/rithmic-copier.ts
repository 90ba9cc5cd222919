/**
 * `pnpm bench copier --broker rithmic` (script `bench:copier-rithmic`): the copy engine through the Rithmic adapter
 * against the fake R | Protocol gateway over loopback. Measures the leader's 352 FILL sent by the fake (the leader
 * trades by hand at the fake, MARKET) → each follower 312 NewOrder received by the fake, for 1, 10 and 50
 * followers spread over follower logins (`BENCH_ACCOUNTS_PER_LOGIN` accounts each, one fake user per login),
 * beside baselines from the same run: the same count of 312s sent at once by a plain protobuf-over-WebSocket
 * client logged in to the same fake's order plant as a user of its own (`broker-copier/rithmic-plain-client.ts`),
 * once without and once with a subscription to its account's order updates (308), which the copier's follower
 * sessions hold. Neither side's request limit is what is
 * measured: the fake runs with `limits: 'off'` and the adapter's engine budget per login is lifted
 * (`engineRequestsPerMinute`), as the engine's own budget is in the rig; the fake's caps on orders and fills are
 * raised for the thousands of orders of a run.
 */
import { startFakeRithmic } from '../fakes/rithmic/server';
import { createRithmicAdapter } from '../src/brokers/rithmic/index';
import { PlainRithmicClient } from './broker-copier/rithmic-plain-client';
import {
  type BenchLogin,
  type BrokerBench,
  inProcessEvent,
  runBrokerBench,
  runMain,
} from './broker-copier/rig';

const SYMBOL = `ESZ${new Date().getUTCFullYear() % 10}`;
const EXCHANGE = 'CME';
const GATEWAY = 'Rithmic Test';
const SYSTEM = 'Rithmic Paper Trading';
/** A notify_type of response_order_notification.proto / rithmic_order_notification.proto (async_rithmic). */
const ORDER_RECEIVED_FROM_CLIENT = 1;
const FILL = 5;

async function setup(followerLogins: number[]): Promise<BrokerBench> {
  const fake = await startFakeRithmic({ limits: 'off', caps: { orders: 100_000, fills: 100_000 } });
  fake.setPrice(SYMBOL, EXCHANGE, 6000);
  const adapter = createRithmicAdapter({
    settings: {
      gateways: [{ name: GATEWAY, environment: 'demo', url: fake.url }],
      appName: 'bench:SyncTrade',
      appVersion: '1.0',
    },
    engineRequestsPerMinute: 1_000_000,
    warn: (message) => console.warn(message),
  });
  const login = (user: string, accounts: string[]): BenchLogin => {
    const password = `pw-${user}`;
    fake.addUser({ user, password });
    for (const accountId of accounts) fake.addAccount({ user, accountId });
    return {
      credentials: { accessToken: '', brokerUserId: user, password, systemName: SYSTEM, gateway: GATEWAY },
      accounts,
    };
  };
  const leader = login('bench-leader', ['LEAD-1']);
  const followers = followerLogins.map((size, i) =>
    login(
      `bench-followers-${i + 1}`,
      Array.from({ length: size }, (_, j) => `F${i + 1}-${j + 1}`),
    ),
  );
  const receivedAt = (basketId: string): number => fake.world.order(basketId)?.atHr ?? NaN;
  // The plain clients log in as users of their own: a second login of a follower's user would take its session.
  const plainClient = async (user: string, subscribed: boolean): Promise<PlainRithmicClient> => {
    login(user, [`${user}-1`]);
    const client = await PlainRithmicClient.connect({
      url: fake.url,
      user,
      password: `pw-${user}`,
      systemName: SYSTEM,
    });
    if (subscribed) await client.subscribeToOrders(`${user}-1`);
    return client;
  };
  const plain = await plainClient('bench-plain', false);
  const plainSubscribed = await plainClient('bench-plain-subscribed', true);
  const viaPlain =
    (client: PlainRithmicClient, accountId: string) =>
    async (count: number): Promise<number[]> =>
      (await client.placeMarketOrders(count, { accountId, symbol: SYMBOL, exchange: EXCHANGE })).map(
        (order) => receivedAt(order.basketId) - order.sentAt,
      );

  const leaderAccount = leader.accounts[0] ?? '';
  const followerIds = new Set(followers.flatMap((f) => f.accounts));
  const fillSentAt = new Map<number, number>();
  const placed: string[] = [];
  fake.onPublished = (templateId, atHr, notice) => {
    if (templateId === 352 && notice.notifyType === FILL && notice.accountId === leaderAccount)
      fillSentAt.set(Number(notice.basketId), atHr);
    else if (
      templateId === 351 &&
      notice.notifyType === ORDER_RECEIVED_FROM_CLIENT &&
      followerIds.has(notice.accountId)
    )
      placed.push(notice.basketId);
  };

  return {
    adapter,
    leader,
    followers,
    leaderEvent: inProcessEvent({
      leaderTrades(index) {
        const basketId = fake.placeByHand({
          accountId: leaderAccount,
          symbol: SYMBOL,
          exchange: EXCHANGE,
          side: index % 2 === 0 ? 'buy' : 'sell',
          qty: 1,
          priceType: 'MARKET',
        });
        return Number(basketId);
      },
      followerOrders: () => placed.length,
      receivedAt: (from, to) => placed.slice(from, to).map(receivedAt),
      fillSentAt: (orderId) => fillSentAt.get(orderId) ?? NaN,
    }),
    // The second plain client subscribes to its account's order updates (308): the fake then sends it every
    // 351/352, as it does to the copier's follower sessions, so both pay for the fake's notifications.
    baselines: {
      'plain WS 312': viaPlain(plain, 'bench-plain-1'),
      'plain WS 312 + 308': viaPlain(plainSubscribed, 'bench-plain-subscribed-1'),
    },
    otherProcesses: [],
    close: async () => {
      plain.close();
      plainSubscribed.close();
      await fake.close();
    },
  };
}

runMain(() =>
  runBrokerBench(
    'Copy latency through Rithmic: leader 352 fill sent by the fake → follower 312 NewOrder received by the fake (loopback)',
    setup,
  ),
);
