import type { Db } from '../../../src/db/db';
import {
  createTradovateAdapter,
  type TradovateAdapter,
  type TradovateAdapterOptions,
} from '../../../src/brokers/tradovate';
import type { TradovateTimings } from '../../../src/brokers/tradovate';
import type { BrokerEvent, BrokerSession, BrokerCredentials } from '../../../src/brokers/types';
import {
  startFakeTradovate,
  type FakeTradovate,
  type FakeTradovateOptions,
} from '../../../fakes/tradovate/server';

/** Timings scaled down so reconnects, heartbeats and back-offs happen within a test's seconds. */
export const fastTimings: Partial<TradovateTimings> = {
  heartbeatMs: 200,
  serverSilenceMs: 2_000,
  reconnectBaseMs: 50,
  reconnectMaxMs: 400,
  requestTimeoutMs: 2_000,
  budgetWaitMs: 1_000,
  rateLimitLockoutMs: 150,
  warningPauseMs: 200,
};

export interface World {
  fake: FakeTradovate;
  adapter: TradovateAdapter;
  /** `accountId`: the first account (the leader's); `accountIds`: all of the leader user's accounts. */
  leader: { userId: number; accountId: number; accountIds: number[] };
  follower: { userId: number; accountIds: number[] };
  open(
    userId: number,
    extra?: {
      lifetimeSec?: number;
      onRenewed?: (c: BrokerCredentials) => void;
      refreshToken?: string;
    },
  ): Promise<{ session: BrokerSession; events: EventLog }>;
  close(): Promise<void>;
}

export async function startWorld(
  options: {
    fake?: FakeTradovateOptions;
    env?: Record<string, string>;
    timings?: Partial<TradovateTimings>;
    /** Account names of the two Tradovate users (default: LEADER-1; FOLLOW-1, FOLLOW-2). */
    leaderAccounts?: string[];
    followerAccounts?: string[];
    /** Adapter options beyond the fake's addresses (per-IP limits). */
    adapter?: Pick<TradovateAdapterOptions, 'ipLimits' | 'ipWindowMs' | 'db'>;
  } = {},
): Promise<World> {
  const timings = { ...fastTimings, ...options.timings };
  // The fake's 429 lockout lasts what the adapter expects of Tradovate's (an hour, scaled down).
  const fake = await startFakeTradovate({
    heartbeatMs: 200,
    rateLimitLockoutMs: timings.rateLimitLockoutMs,
    ...options.fake,
  });
  const adapter = createTradovateAdapter({
    publicUrl: 'http://127.0.0.1:9',
    env: {
      TRADOVATE_CLIENT_ID: 'synctrade-test',
      TRADOVATE_CLIENT_SECRET: 'secret',
      TRADOVATE_REQUESTS_PER_MINUTE: '100000',
      // The HTTP path's faults (HTTP 429, lost HTTP answers) are what these worlds test; the socket path for
      // commands has its own tests (`orders-over-socket.test.ts`), which turn this on.
      TRADOVATE_ORDERS_OVER_SOCKET: 'false',
      ...fake.env,
      ...options.env,
    },
    timings,
    ...options.adapter,
  });
  const leaderUser = fake.control.addUser(
    'Lena Leader',
    (options.leaderAccounts ?? ['LEADER-1']).map((name) => ({ name, balance: 50_000 })),
  );
  const followerUser = fake.control.addUser(
    'Finn Follower',
    (options.followerAccounts ?? ['FOLLOW-1', 'FOLLOW-2']).map((name) => ({ name, balance: 25_000 })),
  );
  fake.control.setPrice('ESZ6', 6000);
  const sessions: BrokerSession[] = [];
  return {
    fake,
    adapter,
    leader: {
      userId: leaderUser.userId,
      accountId: leaderUser.accounts[0]?.id ?? 0,
      accountIds: leaderUser.accounts.map((a) => a.id),
    },
    follower: { userId: followerUser.userId, accountIds: followerUser.accounts.map((a) => a.id) },
    async open(userId, extra = {}) {
      const token = fake.control.issueToken(userId, extra.lifetimeSec);
      const session = await adapter.openSession({
        connectionId: sessions.length + 1,
        environment: 'demo',
        credentials: {
          accessToken: token.accessToken,
          expiresAt: token.expiresAt,
          brokerUserId: String(userId),
          ...(extra.refreshToken ? { refreshToken: extra.refreshToken } : {}),
        },
        ...(extra.onRenewed ? { onCredentialsRenewed: extra.onRenewed } : {}),
      });
      sessions.push(session);
      const events = new EventLog();
      session.subscribe((event) => events.push(event));
      return { session, events };
    },
    async close() {
      await Promise.all(sessions.map((s) => s.close()));
      await fake.close();
    },
  };
}

/** Collects a session's events and waits for the ones a test expects. */
export class EventLog {
  readonly all: BrokerEvent[] = [];
  private waiters: Array<() => void> = [];

  push(event: BrokerEvent): void {
    this.all.push(event);
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  of<K extends BrokerEvent['kind']>(kind: K): Array<Extract<BrokerEvent, { kind: K }>> {
    return this.all.filter((event): event is Extract<BrokerEvent, { kind: K }> => event.kind === kind);
  }

  async waitFor<T>(
    find: () => T | undefined | null | false | Promise<T | undefined | null | false>,
    timeoutMs = 5_000,
    what = 'event',
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await find();
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`Timed out waiting for ${what}; saw ${JSON.stringify(this.all.map((e) => e.kind))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 100));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A session of the follower's login on an adapter of its own (a server start), over `db` when given: what a
 * restarted server reads back. The caller closes it.
 */
export async function openFollowerOnFreshAdapter(world: World, db?: Db): Promise<BrokerSession> {
  const adapter = createTradovateAdapter({
    publicUrl: 'http://127.0.0.1:9',
    env: {
      TRADOVATE_CLIENT_ID: 'synctrade-test',
      TRADOVATE_CLIENT_SECRET: 'secret',
      TRADOVATE_REQUESTS_PER_MINUTE: '100000',
      // The answer is lost on HTTP while the socket carries the command (see `startWorld`).
      TRADOVATE_ORDERS_OVER_SOCKET: 'false',
      ...world.fake.env,
    },
    timings: fastTimings,
    ...(db === undefined ? {} : { db }),
  });
  const token = world.fake.control.issueToken(world.follower.userId);
  return adapter.openSession({
    connectionId: 1,
    environment: 'demo',
    credentials: {
      accessToken: token.accessToken,
      expiresAt: token.expiresAt,
      brokerUserId: String(world.follower.userId),
    },
  });
}
