import { frontMonth } from '../../src/market/contracts';
import { Harness, LEADER } from './support/harness';

const ES = frontMonth('ES');

function copiesTo(h: Harness, accountId: number): Array<[string, number]> {
  const externalId = h.directory.account(accountId).externalId;
  return h.venue.received
    .filter((c) => c.accountExternalId === externalId && c.clientOrderId.startsWith('st.'))
    .map((c) => [c.side, c.qty]);
}

describe('a follower held within its limits', () => {
  it('when a copy is larger than the max per order, then it goes out in parts; at the max net position the rest is refused and said so', async () => {
    const h = new Harness([{ ratio: 2, risk: { maxContractsPerOrder: 2, maxNetPosition: 5 } }]);
    await h.start();
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 2, type: 'Market' });
    await h.settle();
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await h.settle();
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await h.settle();
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([4, 5]);
    expect(copiesTo(h, 2)).toEqual([
      ['buy', 2],
      ['buy', 2],
      ['buy', 1],
    ]);
    expect(h.store.skips.map((skip) => [skip.side, skip.qty, skip.status, skip.reason])).toEqual([
      ['buy', 2, 'Rejected', 'Max net position (5) reached'],
    ]);
    // Back under the limit: the leader's exits take the follower down to leader × ratio again.
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 2, type: 'Market' });
    await h.settle();
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([2, 4]);
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 5, type: 'Market' });
    await h.settle();
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([-3, -5]);
    // 4 → −5: the 4 that close first (2 + 2), then the 5 that open (2 + 2 + 1).
    expect(copiesTo(h, 2).slice(3)).toEqual([
      ['sell', 1],
      ['sell', 2],
      ['sell', 2],
      ['sell', 2],
      ['sell', 2],
      ['sell', 1],
    ]);
    await h.engine.stop();
  });
});
