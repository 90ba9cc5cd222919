import { frontMonth } from '@synctrade/market';
import { eventOfNotification } from '../../src/alerts/events';
import { systemClock, type Clock } from '../../src/copier/engine/clock';
import { LagWatch } from '../../src/copier/engine/lag-watch';
import type { FollowerStatus } from '../../src/copier/engine/types';
import { Harness, USER } from './support/harness';
import { until } from './support/scripted-follower';

const ES = frontMonth('ES');
const LAG_MS = 30_000;

/** The system clock, but waits of the lag setting's length run when the test says (the rest run as usual). */
class LagClock implements Clock {
  readonly waiting = new Set<() => void>();
  now = systemClock.now;
  every = systemClock.every;
  after(ms: number, job: () => void): () => void {
    if (ms !== LAG_MS) return systemClock.after(ms, job);
    this.waiting.add(job);
    return () => this.waiting.delete(job);
  }
  /** The lag setting's time has passed. */
  pass(): void {
    const jobs = [...this.waiting];
    this.waiting.clear();
    for (const job of jobs) job();
  }
}

const OUT: FollowerStatus = { state: 'out_of_sync', reason: 'Out of sync (ESZ6: 0, leader × ratio: 1)' };
const THROTTLED: FollowerStatus = { state: 'rate_limited', reason: "Waiting for the broker's request limit" };
const OK: FollowerStatus = { state: 'ok', reason: null };

function watchOn(clock: LagClock, lagMs = LAG_MS) {
  const lagged: Array<[number, number]> = [];
  const logs: string[] = [];
  const reads: number[] = [];
  const watch = new LagWatch({
    clock,
    lagAlertMs: async (userId) => {
      reads.push(userId);
      if (userId === 13) throw new Error('database gone');
      return lagMs;
    },
    lagged: (accountId, ms) => lagged.push([accountId, ms]),
    log: (_error, context) => logs.push(context),
  });
  return { watch, lagged, logs, reads };
}

const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('a follower lagging longer than the trader allows', () => {
  it('when a follower stays out of sync, then throttled, past the setting, then that lag is one alert and a later lag is another', async () => {
    const clock = new LagClock();
    const { watch, lagged, reads } = watchOn(clock);
    watch.changed(2, 1, OUT);
    await settled();
    watch.changed(2, 1, THROTTLED);
    await settled();
    expect(reads).toEqual([1]);
    expect(lagged).toEqual([]);
    clock.pass();
    expect(lagged).toEqual([[2, LAG_MS]]);
    watch.changed(2, 1, OUT);
    await settled();
    clock.pass();
    expect(lagged).toHaveLength(1);
    watch.changed(2, 1, OK);
    watch.changed(2, 1, THROTTLED);
    await settled();
    clock.pass();
    expect(lagged).toEqual([
      [2, LAG_MS],
      [2, LAG_MS],
    ]);
  });

  it('when a follower catches up before the setting, or its state was chosen by the trader, then no alert', async () => {
    const clock = new LagClock();
    const { watch, lagged } = watchOn(clock);
    watch.changed(2, 1, OUT);
    await settled();
    watch.changed(2, 1, OK);
    // Caught up while the setting was still being read.
    watch.changed(3, 1, THROTTLED);
    watch.changed(3, 1, OK);
    await settled();
    watch.changed(4, 1, { state: 'out_of_sync', reason: 'Held by hand: ESZ6', chosen: true });
    watch.changed(5, 1, { state: 'disconnected', reason: 'Feed dropped' });
    await settled();
    clock.pass();
    expect(lagged).toEqual([]);
    expect(clock.waiting.size).toBe(0);
  });

  it('when the setting cannot be read, then it is logged and the next lag reads it again; stopping cancels every watch', async () => {
    const clock = new LagClock();
    const { watch, lagged, logs, reads } = watchOn(clock);
    watch.changed(7, 13, OUT);
    await settled();
    expect(logs).toEqual(['lag alert setting 13']);
    watch.changed(7, 13, OK);
    watch.changed(7, 13, OUT);
    await settled();
    expect(reads).toEqual([13, 13]);
    watch.changed(8, 1, OUT);
    await settled();
    expect(clock.waiting.size).toBe(1);
    watch.stop();
    expect(clock.waiting.size).toBe(0);
    expect(lagged).toEqual([]);
  });
});

/** A follower with auto-sync off whose copy of the leader's market buy of `qty` was rejected: its lag is timed. */
async function laggingFollower(qty: number): Promise<{ clock: LagClock; h: Harness }> {
  const clock = new LagClock();
  const h = new Harness(
    [{ ratio: 1, autoSync: false }],
    undefined,
    { autoSyncMs: 20 },
    undefined,
    clock,
    LAG_MS,
  );
  await h.start();
  h.venue.faults.arm({ kind: 'reject', reason: 'Insufficient margin' }, h.directory.account(2).externalId);
  await h.leaderOrder({ symbol: ES, side: 'buy', qty, type: 'Market' });
  await until(() => clock.waiting.size === 1);
  return { clock, h };
}

describe('the engine tells of a follower lagging longer than the setting', () => {
  it('when a follower with auto-sync off is out of sync past the setting, then the desk notice at once is in the app only and the lag notice is the out-of-sync alert', async () => {
    const { clock, h } = await laggingFollower(1);
    const name = h.directory.account(2).name;
    const atOnce = h.notifications.find((n) => n.kind === 'out_of_sync');
    expect(atOnce?.title).toBe(`${name} is out of sync`);
    expect(eventOfNotification(atOnce!)).toBeNull();
    clock.pass();
    const lag = h.notifications.find((n) => n.title.includes(' for '));
    expect(lag).toMatchObject({
      kind: 'out_of_sync',
      title: `${name} out of sync for 30 s`,
      message: `Out of sync (${ES}: 0, leader × ratio: 1). Open the desk to see it.`,
    });
    expect(eventOfNotification(lag!)).toBe('out_of_sync');
    await h.engine.stop();
  });

  it('when a lagging follower is deleted, then its lag ends with it: no timer is left and no lag notice comes', async () => {
    const { clock, h } = await laggingFollower(1);
    const index = h.directory.accounts.findIndex((account) => account.id === 2);
    h.directory.accounts.splice(index, 1);
    await h.engine.refreshUser(USER);
    expect(clock.waiting.size).toBe(0);
    clock.pass();
    expect(h.notifications.filter((n) => n.title.includes(' for '))).toEqual([]);
    await h.engine.stop();
  });

  it('when the follower is back at leader × ratio before the setting, then no lag notice', async () => {
    const { clock, h } = await laggingFollower(2);
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 2, type: 'Market' });
    await until(() => h.engine.live.get(2)?.status.state === 'ok');
    expect(clock.waiting.size).toBe(0);
    clock.pass();
    expect(h.notifications.filter((n) => n.title.includes(' for '))).toEqual([]);
    await h.engine.stop();
  });
});
