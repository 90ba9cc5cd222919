import { frontMonth } from '@synctrade/market';
import { Harness, LEADER } from './support/harness';

const ES = frontMonth('ES');

/** Waits until `condition` holds (checked on every turn of the engine's timers); fails after `limitMs`. */
async function until(condition: () => boolean, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('The condition never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the desk never says ok for a follower that is off', () => {
  it('when copies are rejected and nothing else happens, then auto-sync flags the follower with auto-sync off as out of sync and corrects the one with auto-sync on', async () => {
    const h = new Harness(
      [
        { ratio: 1, autoSync: false },
        { ratio: 2, autoSync: true },
      ],
      undefined,
      { autoSyncMs: 20 },
    );
    await h.start();
    for (const id of [2, 3])
      h.venue.faults.arm(
        { kind: 'reject', reason: 'Insufficient margin' },
        h.directory.account(id).externalId,
      );
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await until(() => h.engine.live.get(2)?.status.state === 'out_of_sync' && h.position(3, ES) === 2);
    expect([h.position(LEADER, ES), h.position(2, ES), h.position(3, ES)]).toEqual([1, 0, 2]);
    expect(h.engine.live.get(2)?.status.reason).toBe(`Out of sync (${ES}: 0, leader × ratio: 1)`);
    expect(h.engine.live.get(3)?.status.state).toBe('ok');
    await h.engine.stop();
  });

  it('when a follower with auto-sync off drifts because a copy was lost, then it stays out of sync until the difference is gone', async () => {
    const h = new Harness([{ ratio: 1, autoSync: false }], undefined, { autoSyncMs: 20 });
    await h.start();
    h.venue.faults.arm({ kind: 'reject' }, h.directory.account(2).externalId);
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 2, type: 'Market' });
    await until(() => h.engine.live.get(2)?.status.state === 'out_of_sync');
    // The leader closes: the follower is at leader × ratio again without anyone pressing Sync.
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 2, type: 'Market' });
    await until(() => h.engine.live.get(2)?.status.state === 'ok');
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([0, 0]);
    await h.engine.stop();
  });
});
