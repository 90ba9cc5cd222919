import { BrokerError, type BrokerEvent, type BrokerSession } from '../../src/brokers/types';
import type { Clock } from '../../src/copier/engine/clock';
import type { AccountDirectory } from '../../src/copier/engine/ports';
import { BrokerSessions, type SessionListener } from '../../src/copier/engine/sessions';
import type { SessionEntry } from '../../src/copier/engine/state';
import type { EngineAccount } from '../../src/copier/engine/types';
import { engineAccount } from './support/engine-account';

// The broker sessions of the engine: one per wanted connection, opened with a snapshot, retried with back-off
// when they cannot open (but not when the credentials are refused), closed when no longer wanted, and one
// request budget per broker user across that user's connections.

const RETRY_MS = 1_000;

/** A clock whose time moves only when the test says so. */
class HandClock implements Clock {
  private time = 0;
  private jobs: Array<{ at: number; job: () => void }> = [];
  now = (): number => this.time;
  after(ms: number, job: () => void): () => void {
    const timer = { at: this.time + ms, job };
    this.jobs.push(timer);
    return () => {
      this.jobs = this.jobs.filter((other) => other !== timer);
    };
  }
  every(): () => void {
    throw new Error('not used by the sessions');
  }
  /** The delays of the jobs waiting, from now. */
  get waiting(): number[] {
    return this.jobs.map((timer) => timer.at - this.time);
  }
  advance(ms: number): void {
    this.time += ms;
    const due = this.jobs.filter((timer) => timer.at <= this.time);
    this.jobs = this.jobs.filter((timer) => timer.at > this.time);
    for (const timer of due) timer.job();
  }
}

class FakeSession {
  closed = 0;
  subscribed = 0;
  unsubscribed = 0;
  listener: ((event: BrokerEvent) => void) | null = null;
  positions = async (): Promise<unknown[]> => [
    { accountExternalId: 'A', symbol: 'ESZ6', netPos: 2, avgPrice: 10 },
  ];
  accountSnapshots = async (): Promise<unknown[]> => [
    { accountExternalId: 'A', cashBalance: 100, realizedPnl: 0, openPnl: 0 },
  ];
  subscribe(listener: (event: BrokerEvent) => void): () => void {
    this.subscribed += 1;
    this.listener = listener;
    return () => {
      this.unsubscribed += 1;
    };
  }
  async close(): Promise<void> {
    this.closed += 1;
  }
}

function account(id: number, connectionId: number, overrides: Partial<EngineAccount> = {}): EngineAccount {
  return engineAccount({ id, userId: 7, connectionId, isFollower: true, ...overrides });
}

function world(brokerUsers: Record<number, string> = {}) {
  const clock = new HandClock();
  const sessions = new Map<number, FakeSession>();
  /** Each connection's next openings: an error to throw, or undefined to open. */
  const failures = new Map<number, Array<Error | undefined>>();
  const told: string[] = [];
  const marks: string[] = [];
  const feed: Array<[number, string]> = [];
  const directory = {
    openSession: async (connectionId: number) => {
      const failure = failures.get(connectionId)?.shift();
      if (failure !== undefined) throw failure;
      const session = new FakeSession();
      sessions.set(connectionId, session);
      return session as unknown as BrokerSession;
    },
    budgetOf: (connectionId: number) => ({
      brokerUser: brokerUsers[connectionId] ?? `user ${connectionId}`,
      perMinute: 60,
    }),
    markConnection: async (connectionId: number, status: string) => {
      marks.push(`${connectionId} ${status}`);
    },
  } as unknown as AccountDirectory;
  const listener: SessionListener = {
    opened: (accounts) => told.push(`opened ${accounts.map((a) => a.id).join(',')}`),
    failed: (accounts, reason) => told.push(`failed ${accounts.map((a) => a.id).join(',')}: ${reason}`),
    retry: (userId) => told.push(`retry ${userId}`),
    feed: (entry, event) => feed.push([entry.connectionId, event.kind]),
    connection: (entry, event) => told.push(`connection ${entry.connectionId} ${event.kind}`),
  };
  const broker = new BrokerSessions({
    directory,
    clock,
    retryMs: () => RETRY_MS,
    log: () => undefined,
    listener,
  });
  return { clock, sessions, failures, told, marks, feed, broker };
}

describe('broker sessions', () => {
  it('when accounts load, then a session opens per connection of an enabled account, with its snapshot fed first', async () => {
    const w = world();
    const wanted = await w.broker.sync(new Set(), [
      account(2, 1),
      account(3, 1),
      account(4, 2, { enabled: false }),
    ]);
    expect([...wanted]).toEqual([1]);
    expect([...w.sessions.keys()]).toEqual([1]);
    expect(w.told).toEqual(['opened 2,3']);
    expect(w.feed).toEqual([
      [1, 'position'],
      [1, 'account'],
    ]);
    const entry = w.broker.get(1)!;
    expect([entry.up, [...entry.byExternalId]]).toEqual([
      true,
      [
        ['X2', 2],
        ['X3', 3],
      ],
    ]);
    expect(w.sessions.get(1)!.subscribed).toBe(1);
  });

  it('when a connection is no longer wanted, then its session is unsubscribed and closed; a kept one is not opened again', async () => {
    const w = world();
    const first = await w.broker.sync(new Set(), [account(2, 1), account(3, 2)]);
    const one = w.sessions.get(1)!;
    const two = w.sessions.get(2)!;
    const wanted = await w.broker.sync(first, [account(2, 1), account(3, 2, { enabled: false })]);
    expect([...wanted]).toEqual([1]);
    expect([two.unsubscribed, two.closed, w.broker.get(2)]).toEqual([1, 1, undefined]);
    expect([one.unsubscribed, one.closed, w.sessions.get(1)]).toEqual([0, 0, one]);
    expect(w.told).toEqual(['opened 2', 'opened 3']);
  });

  it('when a later load adds an account on an open connection, then its events reach it', async () => {
    const w = world();
    const wanted = await w.broker.sync(new Set(), [account(2, 1)]);
    await w.broker.sync(wanted, [account(2, 1), account(5, 1)]);
    expect([...w.broker.get(1)!.byExternalId]).toEqual([
      ['X2', 2],
      ['X5', 5],
    ]);
  });

  it('when the feed of a session drops, comes back or needs a new authorization, then the entry and the connection say so', async () => {
    const w = world();
    await w.broker.sync(new Set(), [account(2, 1)]);
    const send = w.sessions.get(1)!.listener!;
    const entry = w.broker.get(1)!;
    send({ kind: 'connection', up: false });
    const afterDrop = entry.up;
    send({ kind: 'connection', up: true });
    const afterReturn = entry.up;
    send({ kind: 'reauth_required', reason: 'expired' });
    expect([afterDrop, afterReturn, entry.up]).toEqual([false, true, false]);
    expect(w.marks).toEqual(['1 disconnected', '1 connected', '1 reauth_required']);
    expect(w.told.slice(1)).toEqual([
      'connection 1 connection',
      'connection 1 connection',
      'connection 1 reauth_required',
    ]);
    send({ kind: 'fill' } as BrokerEvent);
    expect(w.feed.at(-1)).toEqual([1, 'fill']);
  });

  it('when a session cannot open, then its accounts are told why and it is tried again after 1, 2, 4 … retry delays, up to a minute', async () => {
    const w = world();
    w.failures.set(
      1,
      Array.from({ length: 9 }, () => new Error('broker down')),
    );
    let wanted = await w.broker.sync(new Set(), [account(2, 1)]);
    expect(w.told).toEqual(['failed 2: Broker connection failed: broker down']);
    expect(w.broker.get(1)).toBeUndefined();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      delays.push(...w.clock.waiting);
      const [delay = 0] = w.clock.waiting;
      w.clock.advance(delay - 1);
      expect(w.told.at(-1)).not.toBe('retry 7');
      w.clock.advance(1);
      expect(w.told.at(-1)).toBe('retry 7');
      wanted = await w.broker.sync(wanted, [account(2, 1)]);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
  });

  it('when a session opens after failing, then the back-off starts again from the first delay', async () => {
    const w = world();
    w.failures.set(1, [new Error('down'), new Error('down'), undefined]);
    let wanted = await w.broker.sync(new Set(), [account(2, 1)]);
    w.clock.advance(RETRY_MS);
    wanted = await w.broker.sync(wanted, [account(2, 1)]);
    expect(w.clock.waiting).toEqual([2 * RETRY_MS]);
    w.clock.advance(2 * RETRY_MS);
    wanted = await w.broker.sync(wanted, [account(2, 1)]);
    expect(w.broker.get(1)).toBeDefined();
    // The session goes away (the connection disabled, then enabled again) and cannot open once more.
    wanted = await w.broker.sync(wanted, [account(2, 1, { enabled: false })]);
    w.failures.set(1, [new Error('down')]);
    await w.broker.sync(wanted, [account(2, 1)]);
    expect(w.clock.waiting).toEqual([RETRY_MS]);
  });

  it('when a load comes while a retry waits, then no second retry is scheduled', async () => {
    const w = world();
    w.failures.set(1, [new Error('down'), new Error('down')]);
    const wanted = await w.broker.sync(new Set(), [account(2, 1)]);
    await w.broker.sync(wanted, [account(2, 1)]);
    expect(w.clock.waiting).toEqual([RETRY_MS]);
  });

  it('when the broker refuses the credentials, then the session is not tried again', async () => {
    const w = world();
    w.failures.set(1, [new BrokerError('Bad token', 'unauthorized')]);
    await w.broker.sync(new Set(), [account(2, 1)]);
    expect(w.told).toEqual(['failed 2: Broker connection failed: Bad token']);
    expect(w.clock.waiting).toEqual([]);
  });

  it('when the broker answers with another refusal (rate limited, unavailable), then the session is tried again', async () => {
    const w = world();
    w.failures.set(1, [new BrokerError('Too many requests', 'rate_limited')]);
    await w.broker.sync(new Set(), [account(2, 1)]);
    expect(w.clock.waiting).toEqual([RETRY_MS]);
  });

  it('when the sessions stop after a retry came but before the reload opened the session, then they stop cleanly', async () => {
    const w = world();
    w.failures.set(1, [new Error('down')]);
    await w.broker.sync(new Set(), [account(2, 1)]);
    w.clock.advance(RETRY_MS);
    expect(w.told.at(-1)).toBe('retry 7');
    await expect(w.broker.stop()).resolves.toBeUndefined();
    expect(w.clock.waiting).toEqual([]);
  });

  it('when the sessions stop, then retries waiting are canceled, open sessions closed, and nothing is retried after', async () => {
    const w = world();
    w.failures.set(1, [new Error('down'), new Error('down')]);
    const wanted = await w.broker.sync(new Set(), [account(2, 1), account(3, 2)]);
    await w.broker.stop();
    expect(w.clock.waiting).toEqual([]);
    expect([w.sessions.get(2)!.closed, w.broker.get(2)]).toEqual([1, undefined]);
    await w.broker.sync(wanted, [account(2, 1)]);
    expect(w.clock.waiting).toEqual([]);
    expect(w.told.filter((line) => line.startsWith('retry'))).toEqual([]);
  });

  it('when two connections belong to one broker user, then they share one request budget until both close', async () => {
    const w = world({ 1: 'bob', 2: 'bob', 3: 'ann' });
    const wanted = await w.broker.sync(new Set(), [account(2, 1), account(3, 2), account(4, 3)]);
    const budget = (connectionId: number): SessionEntry['budget'] => w.broker.get(connectionId)!.budget;
    expect(budget(1)).toBe(budget(2));
    expect(budget(3)).not.toBe(budget(1));
    const bobs = budget(1);
    const kept = await w.broker.sync(wanted, [account(2, 1), account(4, 3)]);
    expect(budget(1)).toBe(bobs);
    // Bob's other connection comes back while the first is still open: the same budget again.
    const again = await w.broker.sync(kept, [account(2, 1), account(3, 2), account(4, 3)]);
    expect(budget(2)).toBe(bobs);
    const none = await w.broker.sync(again, [account(4, 3)]);
    await w.broker.sync(none, [account(2, 1), account(4, 3)]);
    expect(budget(1)).not.toBe(bobs);
  });
});
