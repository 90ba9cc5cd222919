/**
 * The fake Tradovate's side of the Tradovate copier bench: the fake, its users, the leader's trades and the
 * fake's own timestamps. It runs in the bench's process (`BENCH_FAKE=same`) or in a process of its own
 * (`fake-process.ts tradovate`, the default), as Tradovate runs on another machine in production.
 */
import { type FakeTradovate, startFakeTradovate } from '../../fakes/tradovate/server';
import { coreWaits } from '../core-waits';
import { clockOffset, copyPathPids, type FakeSide, until } from './fake-side';
import type { BenchLogin } from './rig';

export const SYMBOL = 'ESZ6';

/** A Tradovate user of `size` accounts at the fake, signed in as the adapter would be. */
export function addBenchLogin(fake: FakeTradovate, name: string, size: number): BenchLogin {
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
}

/** What the bench's process needs to know about the fake. */
export interface FakeInfo {
  env: Record<string, string>;
  restUrl: string;
  wsUrl: string;
  leader: BenchLogin;
  followers: BenchLogin[];
  /** The plain clients' login and account (the first follower login, or the leader's with no follower). */
  plain: { token: string; account: number };
}

export async function startFakeSide(followerLogins: number[]): Promise<FakeSide<FakeInfo>> {
  const fake = await startFakeTradovate({ heartbeatMs: 2_500 });
  // The fake stamps with performance.now(); the offset turns its stamps into the shared monotonic clock.
  const offset = clockOffset();
  fake.control.setPrice(SYMBOL, 6000);
  const login = (name: string, size: number): BenchLogin => addBenchLogin(fake, name, size);
  const copyPath = copyPathPids();
  const leader = login('Bench Leader', 1);
  const followers = followerLogins.map((size, i) => login(`Bench Followers ${i + 1}`, size));
  const plain = followers[0] ?? leader;

  // Placeorders as the fake logged them, scanned incrementally (the log also holds every other request).
  const placed: number[] = [];
  let scanned = 0;
  const scan = (): void => {
    const fresh = fake.control.requestsFrom(scanned);
    scanned += fresh.length;
    for (const request of fresh)
      if (request.endpoint === 'order/placeorder') placed.push(request.atHr + offset);
  };
  const leaderTrades = (index: number): number => {
    const placedOrder = fake.control.placeHumanOrder({
      accountId: Number(leader.accounts[0]),
      symbol: SYMBOL,
      action: index % 2 === 0 ? 'Buy' : 'Sell',
      qty: 1,
    });
    return 'orderId' in placedOrder ? placedOrder.orderId : -1;
  };
  const fillSentAt = (orderId: number): number =>
    (fake.control.fillsSent().find((f) => f.orderId === orderId)?.atHr ?? NaN) + offset;

  return {
    info: {
      env: fake.env,
      restUrl: fake.restUrl,
      wsUrl: fake.wsUrl,
      leader,
      followers,
      plain: { token: plain.credentials.accessToken, account: Number(plain.accounts[0]) },
    },
    inProcess: {
      leaderTrades,
      followerOrders() {
        scan();
        return placed.length;
      },
      receivedAt: (from, to) => placed.slice(from, to),
      fillSentAt,
    },
    async leaderEvent(index, expect) {
      scan();
      const before = placed.length;
      // The copy path's main threads' waits for a core, read right before the fill is sent and as the last
      // follower order is logged: the event's own window, not the bench's asking and polling around it.
      let seen = 0;
      let waitedAtEnd: number | null = null;
      const stop = fake.control.onRequest((record) => {
        if (record.endpoint !== 'order/placeorder') return;
        seen += 1;
        if (seen === expect) waitedAtEnd = coreWaits(copyPath);
      });
      const waitedBefore = coreWaits(copyPath);
      const orderId = leaderTrades(index);
      try {
        await until(
          () => (scan(), placed.length >= before + expect),
          () => `event ${index}: only ${placed.length - before} of ${expect} follower orders arrived`,
        );
      } finally {
        stop();
      }
      return {
        sentAt: fillSentAt(orderId),
        received: placed.slice(before, before + expect),
        ...(waitedAtEnd === null ? {} : { waitedMs: waitedAtEnd - waitedBefore }),
      };
    },
    placed() {
      scan();
      return placed.length;
    },
    async placedAt(from, count) {
      await until(
        () => (scan(), placed.length >= from + count),
        () => `only ${placed.length - from} of ${count} plain orders arrived`,
      );
      return placed.slice(from, from + count);
    },
    close: () => fake.close(),
  };
}
