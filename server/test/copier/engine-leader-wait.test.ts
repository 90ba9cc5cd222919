import { frontMonth } from '@synctrade/market';
import type { AccountDirectory } from '../../src/copier/engine/ports';
import { WAITING_FOR_LEADER_TRADE } from '../../src/copier/engine/reconcile';
import { Harness, LEADER, USER } from './support/harness';

const ES = frontMonth('ES');
const FOLLOWER = 2;

/**
 * The leader long 1; the follower (ratio 2) flat, kept as it was when the leader changed: it waits for the new
 * leader's next trade. `stored` records the directory's end of each wait, when the directory keeps them.
 */
async function waitingFollower(stored?: number[]): Promise<Harness> {
  const h = new Harness([{ ratio: 2 }]);
  if (stored !== undefined)
    (h.directory as AccountDirectory).stopWaiting = async (accountId: number) => void stored.push(accountId);
  await h.start();
  h.venue.faults.arm({ kind: 'reject' }, h.directory.account(FOLLOWER).externalId);
  await h.leaderTrades('buy', 1);
  h.directory.account(FOLLOWER).waitsForLeaderTrade = true;
  await h.engine.refreshUser(USER);
  await h.settle();
  expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([1, 0]);
  expect(h.engine.live.get(FOLLOWER)?.status).toEqual({
    state: 'out_of_sync',
    reason: WAITING_FOR_LEADER_TRADE,
    // The trader chose it: no lag alert.
    chosen: true,
  });
  return h;
}

describe("a follower waiting for the new leader's next trade", () => {
  it('when the user presses Sync, then the wait ends (in storage too) and the follower is brought to leader × ratio', async () => {
    const stored: number[] = [];
    const h = await waitingFollower(stored);
    await h.engine.sync(USER);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([1, 2]);
    expect([h.engine.accounts.get(FOLLOWER)?.waitsForLeaderTrade, stored]).toEqual([false, [FOLLOWER]]);
    expect(h.engine.live.get(FOLLOWER)?.status).toEqual({ state: 'ok', reason: null });
    // No longer waiting: auto-sync keeps it at leader × ratio from now on.
    h.venue.faults.arm({ kind: 'reject' }, h.directory.account(FOLLOWER).externalId);
    await h.leaderTrades('buy', 1);
    await h.engine.autoSync(USER);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([2, 4]);
    await h.engine.stop();
  });

  it('when the follower is found at leader × ratio, then the wait ends without an error, with a directory that keeps no waits', async () => {
    const h = await waitingFollower();
    // A person brings it there by hand: it is in sync, so there is nothing left to wait for.
    await h.handMarket(FOLLOWER, 'buy', 2);
    await h.settle();
    await h.engine.sync(USER);
    await h.settle();
    expect(h.engine.accounts.get(FOLLOWER)?.waitsForLeaderTrade).toBe(false);
    expect(h.position(FOLLOWER, ES)).toBe(2);
    expect(h.logs).toEqual([]);
    await h.engine.stop();
  });

  it("when the new leader trades, then the waiting follower is not moved by that trade's copy but aligned right after it, and waits no more", async () => {
    const stored: number[] = [];
    const h = await waitingFollower(stored);
    const earlier = h.venue.received.length;
    await h.leaderTrades('buy', 1);
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([2, 4]);
    const follower = h.directory.account(FOLLOWER).externalId;
    // One order brought it there: the alignment, not a copy of the fill plus a correction.
    const sent = h.venue.received
      .slice(earlier)
      .filter((c) => c.accountExternalId === follower && c.clientOrderId.startsWith('st.'));
    expect(sent.map((c) => [c.clientOrderId.startsWith('st.s'), c.side, c.qty])).toEqual([[true, 'buy', 4]]);
    expect([h.engine.accounts.get(FOLLOWER)?.waitsForLeaderTrade, stored]).toEqual([false, [FOLLOWER]]);
    expect(h.engine.live.get(FOLLOWER)?.status).toEqual({ state: 'ok', reason: null });
    await h.engine.stop();
  });
});
