/**
 * `pnpm bench copier --broker tradovate` (script `bench:copier-tradovate`): the copy engine through the
 * Tradovate adapter against the fake Tradovate server over loopback. Measures leader fill frame sent by the
 * fake → follower placeorder received by the fake, for 1, 10 and 50 followers spread over follower logins
 * (`BENCH_ACCOUNTS_PER_LOGIN` accounts each), beside two baselines from the same run: the same placeorder
 * requests sent at once by a plain HTTP client and by a plain WebSocket client against the same fake, and a third
 * that copies as the copier does, timed as it is (`socket fill → placeorder`: a plain socket synced as the leader
 * hears the fill, the plain WebSocket client then sends the orders; both pay the same two hops). The
 * per-user request budget is lifted for the bench; production spends about 80 requests a minute per user, and
 * `--limited` runs the copier under that limit instead (`broker-copier/limited.ts`).
 * `TRADOVATE_ORDERS_OVER_SOCKET=false` measures the adapter sending its orders over HTTP.
 *
 * The fake runs in a process of its own (Tradovate is another machine in production) and takes every
 * timestamp of the copier rows itself; the plain clients run in the bench's process, beside the copier, and
 * their send times are read from the machine's monotonic clock, as the fake's are. `BENCH_FAKE=same` runs the
 * fake in the bench's process as the bench did before, for comparison. The fake's compiler threads run behind
 * the copier's threads, as Tradovate's run on Tradovate's machines (`BENCH_FAKE_LOWER=0` leaves them as they are).
 */
import WebSocket from 'ws';
import { createTradovateAdapter } from '../src/brokers/tradovate';
import { SYNC_ENTITY_TYPES } from '../src/brokers/tradovate/sync-request';
import { collectsOnMainThread, lowerBackgroundThreads } from '../src/runtime/background-threads';
import { fakeInSameProcess, startFake } from './broker-copier/fake-process-client';
import { monotonicMs } from './broker-copier/fake-side';
import { type BrokerBench, type EventTimes, runBrokerBench, runMain } from './broker-copier/rig';
import { LIMITED_FLAG, runLimitedBench } from './broker-copier/limited';
import { tradovateLimited } from './broker-copier/tradovate-limited';
import { type FakeInfo, startFakeSide, SYMBOL } from './broker-copier/tradovate-fake-side';

/** One item of a Tradovate socket frame (`a[...]`): an answer (`i`) or an event (`e`, `d`). */
interface TradovateFrameItem {
  i?: number;
  e?: string;
  d?: { entityType?: string; eventType?: string };
}

async function setup(followerLogins: number[]): Promise<BrokerBench> {
  const fake = await startFake<FakeInfo>('tradovate', followerLogins, startFakeSide);
  const { info } = fake;
  const adapter = createTradovateAdapter({
    publicUrl: 'http://127.0.0.1',
    env: {
      ...info.env,
      TRADOVATE_CLIENT_ID: 'bench',
      TRADOVATE_REQUESTS_PER_MINUTE: '1000000',
      TRADOVATE_ORDERS_OVER_SOCKET: process.env.TRADOVATE_ORDERS_OVER_SOCKET ?? 'true',
    },
  });

  let sequence = 0;
  const orderBody = () => ({
    accountId: info.plain.account,
    action: 'Buy',
    symbol: SYMBOL,
    orderQty: 1,
    orderType: 'Market',
    isAutomated: true,
    clOrdId: `bench.${(sequence += 1)}`,
  });

  const viaHttp = async (count: number): Promise<number[]> => {
    const from = await fake.placed();
    const started = monotonicMs();
    await Promise.all(
      Array.from({ length: count }, () =>
        fetch(`${info.restUrl}/order/placeorder`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${info.plain.token}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(orderBody()),
        }).then((response) => response.text()),
      ),
    );
    return (await fake.placedAt(from, count)).map((at) => at - started);
  };

  // The plain socket client talks like Tradovate's examples: `[]` heartbeats, or the fake closes it as silent.
  const socket = new WebSocket(info.wsUrl);
  const answers = new Map<number, () => void>();
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (raw) => {
      const text = String(raw);
      if (text === 'o') socket.send(`authorize\n0\n\n${info.plain.token}`);
      if (!text.startsWith('a')) return;
      for (const message of JSON.parse(text.slice(1)) as Array<{ i?: number }>) {
        if (message.i === 0) resolve();
        else if (message.i !== undefined) answers.get(message.i)?.();
      }
    });
  });
  const heartbeat = setInterval(() => socket.send('[]'), 1_000);
  /** `count` placeorders sent at once over the plain socket; resolves once each is answered. */
  const sendOverSocket = (count: number): Promise<void[]> =>
    Promise.all(
      Array.from({ length: count }, () => {
        const id = (sequence += 1);
        const answered = new Promise<void>((resolve) => answers.set(id, resolve));
        socket.send(`order/placeorder\n${id}\n\n${JSON.stringify(orderBody())}`);
        return answered;
      }),
    );
  const viaSocket = async (count: number): Promise<number[]> => {
    const from = await fake.placed();
    const started = monotonicMs();
    await sendOverSocket(count);
    return (await fake.placedAt(from, count)).map((at) => at - started);
  };

  // The copier's own baseline: a plain socket logged in with the leader's token and synced for the same entity
  // types as the adapter hears the leader's fill; on reading it, the plain socket above (the first follower login's)
  // sends the orders at once. Timed as the copier is (the fake's fill frame sent → each placeorder taken), so both
  // pay the same two hops; the difference is the engine and the adapter. Connected once the copier's engine has
  // stopped (the rig runs baselines after it).
  let listener: WebSocket | undefined;
  let onLeaderFill: (() => void) | undefined;
  let reactingEvent = 0;
  const listen = async (): Promise<WebSocket> => {
    const ws = new WebSocket(info.wsUrl);
    await new Promise<void>((resolve, reject) => {
      ws.once('error', reject);
      ws.on('message', (raw) => {
        const text = String(raw);
        if (text === 'o') ws.send(`authorize\n0\n\n${info.leader.credentials.accessToken}`);
        if (!text.startsWith('a')) return;
        for (const message of JSON.parse(text.slice(1)) as TradovateFrameItem[]) {
          if (message.i === 0)
            ws.send(
              `user/syncrequest\n1\n\n${JSON.stringify({ splitResponses: true, entityTypes: SYNC_ENTITY_TYPES })}`,
            );
          else if (message.i === 1) resolve();
          else if (
            message.e === 'props' &&
            message.d?.entityType === 'fill' &&
            message.d.eventType === 'Created'
          ) {
            const react = onLeaderFill;
            onLeaderFill = undefined;
            react?.();
          }
        }
      });
    });
    const beat = setInterval(() => ws.send('[]'), 1_000);
    ws.once('close', () => clearInterval(beat));
    return ws;
  };
  const fillToOrders = async (count: number): Promise<EventTimes> => {
    listener ??= await listen();
    let sending: Promise<unknown> = Promise.resolve();
    onLeaderFill = () => {
      sending = sendOverSocket(count);
    };
    const times = await fake.leaderEvent(reactingEvent++, count);
    await sending;
    return times;
  };

  return {
    adapter,
    leader: info.leader,
    followers: info.followers,
    leaderEvent: fake.leaderEvent,
    baselines: { 'HTTP placeorder': viaHttp, 'socket placeorder': viaSocket },
    reactingBaselines: { 'socket fill → placeorder': fillToOrders },
    otherProcesses: fake.pid === undefined ? [] : [fake.pid],
    fakePauses: fake.pauses,
    async close() {
      clearInterval(heartbeat);
      socket.terminate();
      listener?.terminate();
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
  process.argv.includes(LIMITED_FLAG)
    ? runLimitedBench(tradovateLimited)
    : runBrokerBench(
        `Copy latency through Tradovate: leader fill frame sent by the fake → follower placeorder received by the fake (loopback; the fake in ${fakeInSameProcess() ? 'the bench process' : 'a process of its own'})`,
        setup,
      ),
);
