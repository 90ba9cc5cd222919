import { frontMonth } from '@synctrade/market';
import { Harness, LEADER, USER } from './support/harness';

const ES = frontMonth('ES');

/** Copies the engine sent to one follower (client order ids starting `st.`). */
function copiesTo(h: Harness, accountId: number): Array<[string, number]> {
  const externalId = h.directory.account(accountId).externalId;
  return h.venue.received
    .filter((c) => c.accountExternalId === externalId && c.clientOrderId.startsWith('st.'))
    .map((c) => [c.side, c.qty]);
}

describe('a follower traded by hand', () => {
  it('when the user flattens a follower at ratio 2 and the leader then sells its 2, then the follower gets nothing and stays flat', async () => {
    const h = new Harness([{ ratio: 2 }]);
    await h.start();
    await h.leaderTrades('buy', 2);
    expect(h.position(2, ES)).toBe(4);
    const hand = await h.hand(2);
    await hand.flatten(h.directory.account(2).externalId);
    await h.settle();
    expect(h.engine.live.get(2)?.status.state).toBe('out_of_sync');
    await h.leaderTrades('sell', 2);
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([0, 0]);
    expect(copiesTo(h, 2)).toEqual([['buy', 4]]);
    // The orders list says why the leader's exit has no copy.
    expect(
      h.store.skips.map((skip) => [
        skip.accountId,
        skip.symbol,
        skip.side,
        skip.qty,
        skip.type,
        skip.status,
        skip.reason,
      ]),
    ).toEqual([
      [2, ES, 'sell', 4, 'Market', 'Canceled', 'Nothing to copy: the follower holds 0, leader × ratio is 0'],
    ]);
    expect(h.engine.live.get(2)?.status).toEqual({ state: 'ok', reason: null });
    await h.engine.stop();
  });

  it('when the leader scales out after the user flattened the follower, then the follower waits flat (out of sync on the desk, auto-sync leaves it), and the leader next entry brings it back to leader × ratio', async () => {
    const h = new Harness([{ ratio: 2 }]);
    await h.start();
    await h.leaderTrades('buy', 2);
    await h.handFlatten(2);
    await h.leaderTrades('sell', 1);
    await h.engine.autoSync(USER);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([1, 0]);
    expect(h.engine.live.get(2)?.status).toEqual({
      state: 'out_of_sync',
      reason: `Out of sync (${ES}: 0, leader × ratio: 2): traded by hand, left as it is until the leader's next entry or Sync`,
      // The trader chose it: no lag alert.
      chosen: true,
    });
    await h.leaderTrades('buy', 1);
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([2, 4]);
    expect(copiesTo(h, 2)).toEqual([
      ['buy', 4],
      ['buy', 4],
    ]);
    expect(h.engine.live.get(2)?.status.state).toBe('ok');
    await h.engine.stop();
  });

  it('when the server restarts after the user flattened a follower, then the new engine still leaves it flat until the leader next entry', async () => {
    const h = new Harness([{ ratio: 2, autoSync: true }]);
    await h.start();
    await h.leaderTrades('buy', 2);
    await h.handFlatten(2);
    await h.leaderTrades('sell', 1);
    expect(h.directory.heldByHand.get(2)).toEqual([ES]);
    await h.restart();
    await h.settle();
    await h.engine.autoSync(USER);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([1, 0]);
    expect(h.engine.live.get(2)?.status.state).toBe('out_of_sync');
    await h.leaderTrades('buy', 1);
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([2, 4]);
    expect(h.directory.heldByHand.get(2)).toEqual([]);
    await h.engine.stop();
  });

  it('when Flatten all closes the leader and then followers that are already flat, then no follower ends short', async () => {
    const h = new Harness([{ ratio: 2 }, { ratio: 1 }, { ratio: 3 }]);
    await h.start();
    await h.leaderTrades('buy', 2);
    // One follower was flattened by hand before: the leader's exit must not sell it short.
    await h.handFlatten(2);
    // As the desk does it: the leader first (its exit is copied), then every follower.
    await h.trader.flatten(h.leaderExternalId);
    await h.settle();
    await Promise.all(
      [2, 3, 4].map(async (id) => (await h.hand(id)).flatten(h.directory.account(id).externalId)),
    );
    await h.settle();
    expect([2, 3, 4].map((id) => h.position(id, ES))).toEqual([0, 0, 0]);
    await h.engine.stop();
  });

  it('when the user bought more by hand and the leader exits, then the follower is only closed, never taken short', async () => {
    const h = new Harness([{ ratio: 1 }]);
    await h.start();
    await h.leaderTrades('buy', 2);
    await h.handMarket(2, 'buy', 1);
    await h.settle();
    expect(h.position(2, ES)).toBe(3);
    await h.leaderTrades('sell', 2);
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([0, 0]);
    await h.engine.stop();
  });

  it('when a follower sold short by hand and the leader exits its long, then the copy does not add to the short', async () => {
    const h = new Harness([{ ratio: 1 }]);
    await h.start();
    await h.leaderTrades('buy', 2);
    await h.handMarket(2, 'sell', 3, 'mine-2');
    await h.settle();
    await h.leaderTrades('sell', 1);
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([1, -1]);
    expect(copiesTo(h, 2)).toEqual([['buy', 2]]);
    await h.engine.stop();
  });

  it('when the user presses Sync on a follower traded by hand, then it is brought back to leader × ratio', async () => {
    const h = new Harness([{ ratio: 2 }]);
    await h.start();
    await h.leaderTrades('buy', 2);
    await h.handFlatten(2);
    await h.engine.sync(USER, [2]);
    await h.settle();
    expect([h.position(2, ES), h.engine.live.get(2)?.status.state]).toEqual([4, 'ok']);
    await h.engine.stop();
  });
});
