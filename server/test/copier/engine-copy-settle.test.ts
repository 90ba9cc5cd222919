import { frontMonth } from '@synctrade/market';
import type { BrokerPosition } from '../../src/brokers/types';
import { systemClock, type Clock } from '../../src/copier/engine/clock';
import { Harness, LEADER, USER } from './support/harness';
import { until } from './support/scripted-follower';

const ES = frontMonth('ES');
const SETTLE_MS = 30_000;

/** The system clock, but the wait for a just-acknowledged copy to show in the positions is ended by hand. */
class SettleClock implements Clock {
  readonly waits: Array<{ ms: number; job: () => void }> = [];
  /** How far the engine's time runs ahead of the system's. */
  ahead = 0;
  now = (): number => systemClock.now() + this.ahead;
  every = systemClock.every;
  after(ms: number, job: () => void): () => void {
    if (ms <= 5_000) return systemClock.after(ms, job);
    const wait = { ms, job };
    this.waits.push(wait);
    return () => this.waits.splice(this.waits.indexOf(wait), 1);
  }
}

/** The follower (ratio 2, account 3) alone on connection 2, the settle wait on the clock given. */
const aloneWithSettleWait = (clock: SettleClock): Harness =>
  new Harness(
    [{ ratio: 1, isFollower: false }, { ratio: 2 }],
    undefined,
    { copySettleMs: SETTLE_MS },
    undefined,
    clock,
  );

/** Started; the leader buys 1, then 1 more whose copies the given followers' brokers refuse: each is off. */
async function refusedAfterACopy(h: Harness, followerIds: readonly number[] = [3]): Promise<void> {
  await h.start();
  await h.leaderTrades('buy', 1);
  for (const id of followerIds) h.venue.faults.arm({ kind: 'reject' }, h.directory.account(id).externalId);
  await h.leaderTrades('buy', 1);
}

/** The follower alone with its settle wait on a clock of the test's, off just after a copy was acknowledged. */
async function offAfterACopy(): Promise<{ clock: SettleClock; h: Harness }> {
  const clock = new SettleClock();
  const h = aloneWithSettleWait(clock);
  await refusedAfterACopy(h);
  return { clock, h };
}

/** The follower's broker (connection 2) answers the next position read, once armed, as `shown` makes it. */
function lagOnePositionRead(
  h: Harness,
  shown: (positions: BrokerPosition[]) => BrokerPosition[],
): () => void {
  let lagging = false;
  h.alterSessions((session, connectionId) => {
    if (connectionId !== 2) return;
    const read = session.positions.bind(session);
    session.positions = async () => {
      const positions = await read();
      if (!lagging) return positions;
      lagging = false;
      return shown(positions);
    };
  });
  return () => {
    lagging = true;
  };
}

/** The wait set up last ends now (the clock holds it until a test ends it). */
function endTheWait(clock: SettleClock): void {
  const [wait] = clock.waits.splice(0);
  wait!.job();
}

describe('a correction right after a copy was acknowledged', () => {
  it('when auto-sync finds the follower off just after a copy was acknowledged, then it looks again once the copy had time to show, and corrects only then', async () => {
    // The second copy is refused: the follower is off by 2, a moment after its first copy was acknowledged.
    const { clock, h } = await offAfterACopy();
    expect([h.position(LEADER, ES), h.position(3, ES)]).toEqual([2, 2]);
    const checked = h.engine.autoSync(USER);
    await until(() => clock.waits.length === 1);
    expect(clock.waits[0]!.ms).toBeGreaterThan(SETTLE_MS - 5_000);
    expect(clock.waits[0]!.ms).toBeLessThanOrEqual(SETTLE_MS);
    expect(h.position(3, ES)).toBe(2);
    endTheWait(clock);
    await checked;
    await h.settle();
    expect(h.position(3, ES)).toBe(4);
    // Long after the last acknowledgement, a follower found off is corrected at once.
    h.venue.faults.arm({ kind: 'reject' }, h.directory.account(3).externalId);
    await h.leaderTrades('buy', 1);
    clock.ahead = SETTLE_MS + 1;
    await h.engine.autoSync(USER);
    expect(h.position(3, ES)).toBe(6);
    await h.settle();
    expect([clock.waits.length, h.position(LEADER, ES), h.position(3, ES)]).toEqual([0, 3, 6]);
    await h.engine.stop();
  });

  it("when a follower is to be looked at again after a copy's acknowledgement, then the leader's next trade is copied meanwhile, and the look again sends nothing more", async () => {
    const { clock, h } = await offAfterACopy();
    const checked = h.engine.autoSync(USER);
    await until(() => clock.waits.length === 1);
    // The leader buys again while the look again waits: its copy (leader 3 × 2 from 2) goes at once.
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await until(() => h.position(3, ES) === 6);
    await checked;
    endTheWait(clock);
    await h.settle();
    expect([clock.waits.length, h.position(LEADER, ES), h.position(3, ES)]).toEqual([0, 3, 6]);
    await h.engine.stop();
  });

  it("when the leader goes flat and the follower's position does not show the copy yet, then the leader's next trade is copied before the look again", async () => {
    const clock = new SettleClock();
    const h = aloneWithSettleWait(clock);
    const follower = h.directory.account(3).externalId;
    const lag = lagOnePositionRead(h, () => [
      { accountExternalId: follower, symbol: ES, netPos: 2, avgPrice: 5000 },
    ]);
    await h.start();
    await h.leaderTrades('buy', 1);
    // The leader's exit: the check after it reads the follower still long 2, a moment after the copy's answer.
    lag();
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 1, type: 'Market' });
    await until(() => clock.waits.length === 1);
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await until(() => h.position(3, ES) === 2);
    endTheWait(clock);
    await h.settle();
    expect([clock.waits.length, h.position(LEADER, ES), h.position(3, ES)]).toEqual([0, 1, 2]);
    await h.engine.stop();
  });

  it('when Sync is pressed just after a copy was acknowledged, then it answers once the look again has corrected the follower', async () => {
    const { clock, h } = await offAfterACopy();
    let answered = false;
    const synced = h.engine.sync(USER).then(() => {
      answered = true;
    });
    await until(() => clock.waits.length === 1);
    // The Sync's own job has ended (it set the look again up); its answer waits for the look again.
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    endTheWait(clock);
    await synced;
    expect(h.position(3, ES)).toBe(4);
    await h.engine.stop();
  });

  it('when two followers are off just after their copies, then each is looked at again and corrected', async () => {
    const clock = new SettleClock();
    const h = new Harness(
      [{ ratio: 1, isFollower: false }, { ratio: 2 }, { ratio: 1 }],
      undefined,
      { copySettleMs: SETTLE_MS },
      undefined,
      clock,
    );
    await refusedAfterACopy(h, [3, 4]);
    expect([h.position(3, ES), h.position(4, ES)]).toEqual([2, 1]);
    await h.engine.autoSync(USER);
    await until(() => clock.waits.length === 2);
    for (const wait of clock.waits.splice(0)) wait.job();
    await h.settle();
    expect([h.position(LEADER, ES), h.position(3, ES), h.position(4, ES)]).toEqual([2, 4, 2]);
    await h.engine.stop();
  });

  it('when a follower is found off again while its look again waits, then one look again waits; once it ran, a later acknowledgement gets its own', async () => {
    const { clock, h } = await offAfterACopy();
    await h.engine.autoSync(USER);
    await h.engine.autoSync(USER);
    expect(clock.waits).toHaveLength(1);
    endTheWait(clock);
    await h.settle();
    expect(h.position(3, ES)).toBe(4);
    // The correction was just acknowledged; the next copy is refused: the follower is off and waited for again.
    h.venue.faults.arm({ kind: 'reject' }, h.directory.account(3).externalId);
    await h.leaderTrades('buy', 1);
    await h.engine.autoSync(USER);
    expect(clock.waits).toHaveLength(1);
    endTheWait(clock);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(3, ES)]).toEqual([3, 6]);
    await h.engine.stop();
  });

  it('when the engine stops while a look again waits, then the wait is called off', async () => {
    const { clock, h } = await offAfterACopy();
    await h.engine.autoSync(USER);
    expect(clock.waits).toHaveLength(1);
    await h.engine.stop();
    expect(clock.waits).toHaveLength(0);
    expect(h.position(3, ES)).toBe(2);
  });

  it('when a look again waits on the clock, then the engine is idle only once it ran', async () => {
    const h = new Harness([{ ratio: 1, isFollower: false }, { ratio: 2 }], undefined, { copySettleMs: 200 });
    await refusedAfterACopy(h);
    await h.engine.autoSync(USER);
    expect(h.position(3, ES)).toBe(2);
    await h.settle();
    expect(h.position(3, ES)).toBe(4);
    await h.engine.stop();
  });

  it("when the broker's position does not show an acknowledged copy yet, then the look after the wait sees it and nothing more is sent", async () => {
    const clock = new SettleClock();
    const h = aloneWithSettleWait(clock);
    // The follower's broker answers one position read without the last copy's 2 contracts.
    const follower = h.directory.account(3).externalId;
    const lag = lagOnePositionRead(h, (positions) =>
      positions.map((p) => (p.accountExternalId === follower ? { ...p, netPos: p.netPos - 2 } : p)),
    );
    await h.start();
    await h.leaderTrades('buy', 2);
    expect([h.position(LEADER, ES), h.position(3, ES)]).toEqual([2, 4]);
    lag();
    const checked = h.engine.autoSync(USER);
    await until(() => clock.waits.length === 1);
    clock.waits[0]!.job();
    await checked;
    await h.settle();
    expect(h.position(3, ES)).toBe(4);
    await h.engine.stop();
  });
});
