import { frontMonth } from '@synctrade/market';
import type { BrokerSession } from '../../src/brokers/types';
import { Harness, LEADER, USER } from './support/harness';

const ES = frontMonth('ES');
const FOLLOWER = 3;

/** Waits until `condition` holds (checked on every turn of the engine's timers); fails after `limitMs`. */
async function until(condition: () => boolean, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('The condition never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Counts the reads of the leader's positions (only reconciliation reads them here). */
function countReads(session: BrokerSession, before?: (read: number) => Promise<void>): () => number {
  const read = session.positions.bind(session);
  let reads = 0;
  session.positions = async () => {
    reads += 1;
    await before?.(reads);
    return read();
  };
  return () => reads;
}

/**
 * The leader on connection 1, account 2 there not following, the follower (ratio 1) alone on connection 2:
 * the leader's session is read by reconciliation only.
 */
async function started(): Promise<Harness> {
  const h = new Harness([{ ratio: 1, isFollower: false }, { ratio: 1 }]);
  await h.start();
  await h.settle();
  return h;
}

function leaderSession(h: Harness): BrokerSession {
  const session = h.engine.sessions.get(1)?.session;
  if (session === undefined) throw new Error('No leader session');
  return session;
}

describe('a reconciliation while leader fills wait in the queue', () => {
  it('when checks are asked for while a leader fill waits, then they wait behind it, the same check runs once, and the follower ends at leader × ratio, every time', async () => {
    const h = await started();
    const leader = h.engine.groups.get(USER)?.leaders.get(0);
    for (const round of [1, 2]) {
      // The follower's copy is refused: it is off by 1 until a reconciliation corrects it.
      h.venue.faults.arm({ kind: 'reject' }, h.directory.account(FOLLOWER).externalId);
      await h.leaderTrades('buy', 1);
      expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([2 * round - 1, 2 * round - 2]);

      let open: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const held = h.engine.enqueue(USER, () => gate);
      const checks = [h.engine.autoSync(USER), h.engine.autoSync(USER)];
      await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
      await until(() => (leader?.queued.size ?? 0) > 0);
      const reads = countReads(leaderSession(h));
      open();
      await Promise.all([held, ...checks]);
      await h.settle();
      expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([2 * round, 2 * round]);
      // Both checks found the fill waiting; one check like theirs ran after it.
      expect(reads()).toBe(1);
    }
    await h.engine.stop();
  });

  it("when a leader fill arrives while reconciliation reads the leader's position, then the correction waits for that fill to be copied", async () => {
    const h = await started();
    await h.leaderTrades('buy', 1);
    expect(h.position(FOLLOWER, ES)).toBe(1);
    const reads = countReads(leaderSession(h), async (read) => {
      if (read === 1) await h.leaderOrder({ symbol: ES, side: 'buy', qty: 2, type: 'Market' });
    });
    await h.engine.autoSync(USER);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([3, 3]);
    expect(reads()).toBe(2);
    await h.engine.stop();
  });
});
