import { frontMonth } from '@synctrade/market';
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
    const h = new Harness([{ ratio: 2, risk: { maxContractsPerOrder: 3, maxNetPosition: 5 } }]);
    await h.start();
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 2, type: 'Market' });
    await h.settle();
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await h.settle();
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await h.settle();
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
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 2, type: 'Market' });
    await h.settle();
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([2, 4]);
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 5, type: 'Market' });
    await h.settle();
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
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 5, type: 'Market' });
    await h.settle();
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
