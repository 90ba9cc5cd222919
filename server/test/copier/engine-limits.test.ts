import { frontMonth } from '@synctrade/market';
import { Harness, LEADER, USER } from './support/harness';

const ES = frontMonth('ES');

function copiesTo(h: Harness, accountId: number): Array<[string, number]> {
  const externalId = h.directory.account(accountId).externalId;
  return h.venue.received
    .filter((c) => c.accountExternalId === externalId && c.clientOrderId.startsWith('st.'))
    .map((c) => [c.side, c.qty]);
}

describe('a follower held within its limits', () => {
  it('when a copy is larger than the max per order, then it goes out in parts; at the max net position the rest is refused and said so', async () => {
    const h = new Harness([{ ratio: 2, risk: { maxContractsPerOrder: 3, maxNetPosition: 5 } }]);
    await h.start();
    await h.leaderTrades('buy', 2);
    await h.leaderTrades('buy', 1);
    await h.leaderTrades('buy', 1);
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([4, 5]);
    expect(copiesTo(h, 2)).toEqual([
      ['buy', 3],
      ['buy', 1],
      ['buy', 1],
    ]);
    expect(h.store.skips.map((skip) => [skip.side, skip.qty, skip.type, skip.status, skip.reason])).toEqual([
      ['buy', 2, 'Market', 'Rejected', 'Max net position (5) reached'],
    ]);
    // Back under the limit: the leader's exits take the follower down to leader × ratio again.
    await h.leaderTrades('sell', 2);
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([2, 4]);
    await h.leaderTrades('sell', 5);
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([-3, -5]);
    // 4 → −5: the 4 that close go first, as exits (3 + 1), then the 5 that open, as entries (3 + 2).
    const last = [...h.store.intents.values()].slice(-5);
    expect(last.map((intent) => [intent.side, intent.qty, intent.exit])).toEqual([
      ['sell', 1, true],
      ['sell', 3, true],
      ['sell', 1, true],
      ['sell', 3, false],
      ['sell', 2, false],
    ]);
    await h.engine.stop();
  });

  it('when a copy back from the limit times out and the leader adds again meanwhile, then the copy that adds waits for it: the follower never passes its max net position', async () => {
    const h = new Harness([{ ratio: 1, risk: { maxContractsPerOrder: 10, maxNetPosition: 5 } }]);
    await h.start();
    const follower = h.directory.account(2).externalId;
    const seen: number[] = [];
    let position = 0;
    const off = h.venue.hub.listen([follower], (event) => {
      if (event.kind !== 'fill') return;
      position += event.side === 'buy' ? event.qty : -event.qty;
      seen.push(position);
    });
    await h.leaderTrades('sell', 5);
    // The buy back is lost twice (nothing reaches the broker) and is looked up and sent again each time.
    h.venue.faults.arm({ kind: 'timeout' }, follower);
    h.venue.faults.arm({ kind: 'timeout' }, follower);
    const buy = h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    const sell = h.leaderOrder({ symbol: ES, side: 'sell', qty: 1, type: 'Market' });
    await Promise.all([buy, sell]);
    await h.settle();
    off();
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([-5, -5]);
    expect(seen).toEqual([-5, -4, -5]);
    await h.engine.stop();
  });
});

describe('a resting mirror that could carry a follower past its max net position', () => {
  /**
   * Follower at ratio 2 with a max net position of 4: long 2 with a resting buy mirror of 2; the leader then buys
   * 1 more, whose copy of 2 is refused because the mirror could take the follower to 6.
   */
  async function mirrorInTheWay(
    cancelFails: boolean,
  ): Promise<{ h: Harness; follower: string; price: number }> {
    const h = new Harness([{ ratio: 2, risk: { maxNetPosition: 4 } }]);
    if (cancelFails) {
      h.alterSessions((session) => {
        session.cancelOrder = () => Promise.reject(new Error('Cancel refused'));
      });
    }
    await h.start();
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    const { price } = await h.leaderRestingBuy();
    await h.leaderTrades('buy', 1);
    const follower = h.directory.account(2).externalId;
    expect([h.position(2, ES), h.venue.workingOrders([follower]).map((o) => [o.side, o.qty])]).toEqual([
      2,
      [['buy', 2]],
    ]);
    return { h, follower, price };
  }

  it('when auto-sync runs, then the mirror is canceled with the reason and the follower is brought to leader × ratio', async () => {
    const { h, follower, price } = await mirrorInTheWay(false);
    await h.engine.autoSync(USER);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(2, ES), h.venue.workingOrders([follower])]).toEqual([
      2,
      4,
      [],
    ]);
    const canceled = h.store.skips.filter((skip) => skip.status === 'Canceled');
    expect(
      canceled.map((skip) => [
        skip.accountId,
        skip.symbol,
        skip.side,
        skip.qty,
        skip.type,
        skip.price,
        skip.reason,
      ]),
    ).toEqual([[2, ES, 'buy', 2, 'Limit', null, 'Mirror canceled: it could pass the max net position (4)']]);
    expect(h.logs).toEqual([]);
    // The canceled mirror no longer counts against the limit: the leader's next moves are copied in full.
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 1, type: 'Market' });
    await h.leaderTrades('buy', 1);
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([2, 4]);
    // The leader's order fills later: the follower, already at its limit, gets nothing more.
    h.venue.setPrice(ES, price - 1);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([3, 4]);
    await h.engine.stop();
  });

  it("when the mirror's cancel fails, then the failure is logged", async () => {
    const { h } = await mirrorInTheWay(true);
    await h.engine.autoSync(USER);
    await h.settle();
    expect(h.logs).toContain('cancel mirror over the limit');
    await h.engine.stop();
  });
});
