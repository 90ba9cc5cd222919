import { frontMonth } from '@synctrade/market';
import type { BrokerSession } from '../../src/brokers/types';
import { systemClock, type Clock } from '../../src/copier/engine/clock';
import { Harness, LEADER, USER } from './support/harness';
import { until } from './support/scripted-follower';

const ES = frontMonth('ES');
const NOT_SENT = 'Not sent: the engine restarted before sending; the position was reconciled instead';

/** The system clock, but auto-sync ticks come when the test says. */
class TickClock implements Clock {
  readonly intervals: number[] = [];
  private job: (() => void) | null = null;
  canceled = false;
  now = systemClock.now;
  after = systemClock.after;
  every(ms: number, job: () => void): () => void {
    this.intervals.push(ms);
    this.job = job;
    return () => {
      this.canceled = true;
    };
  }
  tick(): void {
    this.job?.();
  }
}

/** Counts the reads of the leader's positions (only reconciliation reads them here). */
function countReads(session: BrokerSession): () => number {
  const read = session.positions.bind(session);
  let reads = 0;
  session.positions = () => {
    reads += 1;
    return read();
  };
  return () => reads;
}

describe('the engine over its lifetime', () => {
  it('when auto-sync ticks, then a follower off ratio is corrected, ticks do not pile up behind a check still running, and stopping ends the ticks', async () => {
    const clock = new TickClock();
    // The follower is alone on connection 2: only reconciliation reads the leader's session.
    const h = new Harness(
      [{ ratio: 1, isFollower: false }, { ratio: 2 }],
      undefined,
      { autoSyncMs: 250 },
      undefined,
      clock,
    );
    await h.start();
    expect(clock.intervals).toEqual([250]);
    h.venue.faults.arm({ kind: 'reject' }, h.directory.account(3).externalId);
    await h.leaderTrades('buy', 1);
    expect(h.position(3, ES)).toBe(0);
    const session = h.engine.sessions.get(1)?.session;
    if (session === undefined) throw new Error('No leader session');
    const reads = countReads(session);
    clock.tick();
    clock.tick();
    await h.settle();
    expect([reads(), h.position(LEADER, ES), h.position(3, ES)]).toEqual([1, 1, 2]);
    clock.tick();
    await h.settle();
    expect(reads()).toBe(2);
    await h.engine.stop();
    expect(clock.canceled).toBe(true);
  });

  it('when auto-sync is off (no interval), then no tick is ever set', async () => {
    const clock = new TickClock();
    const h = new Harness([{ ratio: 1 }], undefined, { autoSyncMs: 0 }, undefined, clock);
    await h.start();
    expect(clock.intervals).toEqual([]);
    await h.engine.stop();
  });

  it("when asked for an account's session, then the engine answers for loaded accounts with an open session only", async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 1 }]);
    await h.start();
    const found = h.engine.sessionOf(3);
    expect([found?.account.id, found?.session === h.engine.sessions.get(2)?.session]).toEqual([3, true]);
    expect(h.engine.sessionOf(99)).toBeUndefined();
    // A reload tells the desk, even when nothing changed.
    h.changes.length = 0;
    await h.engine.refreshUser(USER);
    expect(h.changes).toEqual([USER]);
    h.directory.account(3).enabled = false;
    await h.engine.refreshUser(USER);
    await h.settle();
    expect(h.engine.sessionOf(3)).toBeUndefined();
    await h.engine.stop();
  });

  it('when the leader is switched off, then its trades are not copied; switched on again, they are', async () => {
    const h = new Harness([{ ratio: 2 }]);
    await h.start();
    h.directory.account(LEADER).enabled = false;
    await h.engine.refreshUser(USER);
    await h.settle();
    await h.leaderTrades('buy', 1);
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([1, 0]);
    expect(h.logs).toEqual([]);
    h.directory.account(LEADER).enabled = true;
    h.changes.length = 0;
    await h.engine.refreshUser(USER);
    await h.settle();
    expect(h.changes).toContain(USER);
    await h.leaderTrades('buy', 1);
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([2, 4]);
    await h.engine.stop();
  });

  it("when all of a user's accounts go and come back, then copies stored but never confirmed are recovered again", async () => {
    const h = new Harness([{ ratio: 2 }]);
    await h.start();
    h.store.crashAfterNextClaim = true;
    await h.leaderTrades('buy', 1);
    const [stored] = await h.store.unresolved([2]);
    expect(stored).toBeDefined();
    const accounts = h.directory.accounts.splice(0);
    await h.engine.refreshUser(USER);
    await h.settle();
    h.directory.accounts.push(...accounts);
    await h.engine.refreshUser(USER);
    await h.settle();
    expect(h.store.intents.get(stored?.clientOrderId ?? '')?.outcome).toMatchObject({
      status: 'Canceled',
      reason: NOT_SENT,
    });
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([1, 2]);
    await h.engine.stop();
  });

  it('when a position changes on an account that does not follow, then the desk is told', async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 1, isFollower: false }]);
    await h.start();
    await h.settle();
    h.changes.length = 0;
    await h.handMarket(3, 'buy', 1);
    await h.settle();
    expect(h.changes).toContain(USER);
    expect(h.engine.live.get(3)?.positions.get(ES)?.netPos).toBe(1);
    await h.engine.stop();
  });

  it('when the engine stops while a copy is being stored, then the copy is not sent and its outcome says the broker is not connected', async () => {
    const h = new Harness([{ ratio: 2 }]);
    await h.start();
    const claim = h.store.claim.bind(h.store);
    let stopping: Promise<void> | null = null;
    h.store.claim = async (request) => {
      const result = await claim(request);
      // Shutdown begins between the intent write and the send: the sessions are closed first.
      stopping ??= h.engine.stop();
      return result;
    };
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await until(() => stopping !== null);
    await stopping;
    const [copy] = [...h.store.intents.values()];
    expect(copy?.outcome).toMatchObject({
      status: 'Rejected',
      reason: 'The broker is not connected',
      brokerOrderId: null,
    });
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([1, 0]);
    expect(h.engine.live.get(2)?.copies.size).toBe(0);
  });
});
