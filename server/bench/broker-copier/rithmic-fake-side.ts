/**
 * The fake Rithmic gateway's side of the Rithmic copier bench: the fake, its users, the leader's trades by hand
 * and the fake's own timestamps. It runs in a process of its own (`fake-process.ts rithmic`, the default), as
 * Rithmic's gateway runs on another machine in production, or in the bench's process (`BENCH_FAKE=same`).
 */
import { startFakeRithmic } from '../../fakes/rithmic/server';
import { coreWaits } from '../core-waits';
import { clockOffset, copyPathPids, type FakeSide, until } from './fake-side';
import type { BenchLogin } from './rig';

export const SYMBOL = `ESZ${new Date().getUTCFullYear() % 10}`;
export const EXCHANGE = 'CME';
export const GATEWAY = 'Rithmic Test';
export const SYSTEM = 'Rithmic Paper Trading';
/** A notify_type of response_order_notification.proto / rithmic_order_notification.proto (async_rithmic). */
const ORDER_RECEIVED_FROM_CLIENT = 1;
const FILL = 5;
/** The plain clients' users: logins of their own, as a second login of a follower's user would take its session. */
export const PLAIN_USERS = ['bench-plain', 'bench-plain-subscribed'] as const;

/** What the bench's process needs to know about the fake. */
export interface FakeInfo {
  url: string;
  leader: BenchLogin;
  followers: BenchLogin[];
  /** The plain clients' users (password `pw-<user>`, one account `<user>-1` each). */
  plainUsers: readonly string[];
}

export async function startFakeSide(followerLogins: number[]): Promise<FakeSide<FakeInfo>> {
  const fake = await startFakeRithmic({ limits: 'off', caps: { orders: 100_000, fills: 100_000 } });
  // The fake stamps with performance.now(); the offset turns its stamps into the shared monotonic clock.
  const offset = clockOffset();
  fake.setPrice(SYMBOL, EXCHANGE, 6000);
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
  for (const user of PLAIN_USERS) login(user, [`${user}-1`]);
  const copyPath = copyPathPids();

  const leaderAccount = leader.accounts[0] ?? '';
  const followerIds = new Set(followers.flatMap((f) => f.accounts));
  const fillSentAt = new Map<number, number>();
  /** Orders the fake took from clients (followers and plain clients), in the order it took them. */
  const placed: string[] = [];
  const followerPlaced: string[] = [];
  let onFollowerOrder: (() => void) | undefined;
  fake.onPublished = (templateId, atHr, notice) => {
    if (templateId === 352 && notice.notifyType === FILL && notice.accountId === leaderAccount)
      fillSentAt.set(Number(notice.basketId), atHr + offset);
    else if (
      templateId === 351 &&
      notice.notifyType === ORDER_RECEIVED_FROM_CLIENT &&
      notice.accountId !== leaderAccount
    ) {
      placed.push(notice.basketId);
      if (followerIds.has(notice.accountId)) {
        followerPlaced.push(notice.basketId);
        onFollowerOrder?.();
      }
    }
  };
  const receivedAt = (basketId: string): number => (fake.world.order(basketId)?.atHr ?? NaN) + offset;
  const leaderTrades = (index: number): number =>
    Number(
      fake.placeByHand({
        accountId: leaderAccount,
        symbol: SYMBOL,
        exchange: EXCHANGE,
        side: index % 2 === 0 ? 'buy' : 'sell',
        qty: 1,
        priceType: 'MARKET',
      }),
    );

  return {
    info: { url: fake.url, leader, followers, plainUsers: PLAIN_USERS },
    inProcess: {
      leaderTrades,
      followerOrders: () => followerPlaced.length,
      receivedAt: (from, to) => followerPlaced.slice(from, to).map(receivedAt),
      fillSentAt: (orderId) => fillSentAt.get(orderId) ?? NaN,
    },
    async leaderEvent(index, expect) {
      const before = followerPlaced.length;
      // The copy path's main threads' waits for a core, read right before the fill is sent and as the last
      // follower order is taken: the event's own window, not the bench's asking and polling around it.
      let waitedAtEnd: number | null = null;
      onFollowerOrder = () => {
        if (followerPlaced.length === before + expect) waitedAtEnd = coreWaits(copyPath);
      };
      const waitedBefore = coreWaits(copyPath);
      const orderId = leaderTrades(index);
      try {
        await until(
          () => followerPlaced.length >= before + expect,
          () => `event ${index}: only ${followerPlaced.length - before} of ${expect} follower orders arrived`,
        );
      } finally {
        onFollowerOrder = undefined;
      }
      return {
        sentAt: fillSentAt.get(orderId) ?? NaN,
        received: followerPlaced.slice(before, before + expect).map(receivedAt),
        ...(waitedAtEnd === null ? {} : { waitedMs: waitedAtEnd - waitedBefore }),
      };
    },
    placed: () => placed.length,
    async placedAt(from, count) {
      await until(
        () => placed.length >= from + count,
        () => `only ${placed.length - from} of ${count} plain orders arrived`,
      );
      return placed.slice(from, from + count).map(receivedAt);
    },
    close: () => fake.close(),
  };
}
