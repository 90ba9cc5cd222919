/**
 * `pnpm bench copier --broker tradovate` (script `bench:copier-tradovate`): the copy engine through the
 * Tradovate adapter against the fake Tradovate server over loopback. Measures leader fill frame sent by the
 * fake → follower placeorder received by the fake, for 1, 10 and 50 followers spread over follower logins
 * (`BENCH_ACCOUNTS_PER_LOGIN` accounts each), beside two baselines from the same run: the same placeorder
 * requests sent at once by a plain HTTP client and by a plain WebSocket client against the same fake. The
 * per-user request budget is lifted for the bench; production spends about 80 requests a minute per user.
 * `TRADOVATE_ORDERS_OVER_SOCKET=false` measures the adapter sending its orders over HTTP.
 */
import WebSocket from 'ws';
import { createTradovateAdapter } from '../src/brokers/tradovate';
import { startFakeTradovate } from '../test/support/fake-tradovate/server';
import { type BrokerBench, runBrokerBench, runMain } from './broker-copier/rig';

const SYMBOL = 'ESZ6';

async function setup(followerLogins: number[]): Promise<BrokerBench> {
  const fake = await startFakeTradovate({ heartbeatMs: 2_500 });
  const adapter = createTradovateAdapter({
    publicUrl: 'http://127.0.0.1',
    env: {
      ...fake.env,
      TRADOVATE_CLIENT_ID: 'bench',
      TRADOVATE_REQUESTS_PER_MINUTE: '1000000',
      TRADOVATE_ORDERS_OVER_SOCKET: process.env.TRADOVATE_ORDERS_OVER_SOCKET ?? 'true',
    },
  });
  fake.control.setPrice(SYMBOL, 6000);
  const login = (name: string, size: number) => {
    const user = fake.control.addUser(
      name,
      Array.from({ length: size }, (_, i) => ({ name: `${name} ${i + 1}` })),
    );
    const token = fake.control.issueToken(user.userId);
    return {
      credentials: {
        accessToken: token.accessToken,
        expiresAt: token.expiresAt,
        brokerUserId: String(user.userId),
      },
      accounts: user.accounts.map((account) => String(account.id)),
    };
  };
  const leader = login('Bench Leader', 1);
  const followers = followerLogins.map((size, i) => login(`Bench Followers ${i + 1}`, size));
  const plain = followers[0] ?? leader;
  const plainAccount = Number(plain.accounts[0]);

  // Follower placeorders as the fake logged them, scanned incrementally (the log also holds every other request).
  const placed: number[] = [];
  let scanned = 0;
  const scan = (): void => {
    const fresh = fake.control.requestsFrom(scanned);
    scanned += fresh.length;
    for (const request of fresh) if (request.endpoint === 'order/placeorder') placed.push(request.atHr);
  };
  let sequence = 0;
  const orderBody = () => ({
    accountId: plainAccount,
    action: 'Buy',
    symbol: SYMBOL,
    orderQty: 1,
    orderType: 'Market',
    isAutomated: true,
    clOrdId: `bench.${(sequence += 1)}`,
  });

  const viaHttp = async (count: number): Promise<number[]> => {
    scan();
    const from = placed.length;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: count }, () =>
        fetch(`${fake.restUrl}/order/placeorder`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${plain.credentials.accessToken}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(orderBody()),
        }).then((response) => response.text()),
      ),
    );
    scan();
    return placed.slice(from, from + count).map((at) => at - started);
  };

  // The plain socket client talks like Tradovate's examples: `[]` heartbeats, or the fake closes it as silent.
  const socket = new WebSocket(fake.wsUrl);
  const answers = new Map<number, () => void>();
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (raw) => {
      const text = String(raw);
      if (text === 'o') socket.send(`authorize\n0\n\n${plain.credentials.accessToken}`);
      if (!text.startsWith('a')) return;
      for (const message of JSON.parse(text.slice(1)) as Array<{ i?: number }>) {
        if (message.i === 0) resolve();
        else if (message.i !== undefined) answers.get(message.i)?.();
      }
    });
  });
  const heartbeat = setInterval(() => socket.send('[]'), 1_000);
  const viaSocket = async (count: number): Promise<number[]> => {
    scan();
    const from = placed.length;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: count }, () => {
        const id = (sequence += 1);
        const answered = new Promise<void>((resolve) => answers.set(id, resolve));
        socket.send(`order/placeorder\n${id}\n\n${JSON.stringify(orderBody())}`);
        return answered;
      }),
    );
    scan();
    return placed.slice(from, from + count).map((at) => at - started);
  };

  return {
    adapter,
    leader,
    followers,
    leaderTrades(index) {
      const placedOrder = fake.control.placeHumanOrder({
        accountId: Number(leader.accounts[0]),
        symbol: SYMBOL,
        action: index % 2 === 0 ? 'Buy' : 'Sell',
        qty: 1,
      });
      return 'orderId' in placedOrder ? placedOrder.orderId : -1;
    },
    followerOrders() {
      scan();
      return placed.length;
    },
    receivedAt: (from, to) => placed.slice(from, to),
    fillSentAt: (orderId) => fake.control.fillsSent().find((f) => f.orderId === orderId)?.atHr ?? NaN,
    baselines: { 'HTTP placeorder': viaHttp, 'socket placeorder': viaSocket },
    async close() {
      clearInterval(heartbeat);
      socket.terminate();
      await fake.close();
    },
  };
}

runMain(() =>
  runBrokerBench(
    'Copy latency through Tradovate: leader fill frame sent by the fake → follower placeorder received by the fake (loopback)',
    setup,
  ),
);
