import { frontMonth } from '@synctrade/market';
import type { PaperSession } from '../../src/brokers/paper/session';
import { OFFLINE_REASON } from '../../src/copier/engine/offline-skips';
import { Harness, LEADER } from './support/harness';

const ES = frontMonth('ES');
const MES = frontMonth('MES');

describe('copy engine on the paper venue', () => {
  it('when the leader buys, scales in, reverses and goes flat, then followers hold leader × ratio throughout', async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 2, cross: true }, { ratio: 0.5 }]);
    await h.start();
    await h.leaderTrades('buy', 2);
    expect([h.position(2, ES), h.position(3, MES), h.position(4, ES)]).toEqual([2, 4, 1]);
    await h.leaderTrades('buy', 1);
    expect([h.position(2, ES), h.position(3, MES), h.position(4, ES)]).toEqual([3, 6, 2]);
    await h.leaderTrades('sell', 5);
    expect([h.position(2, ES), h.position(3, MES), h.position(4, ES)]).toEqual([-2, -4, -1]);
    await h.leaderTrades('buy', 2);
    expect([h.position(LEADER, ES), h.position(2, ES), h.position(3, MES), h.position(4, ES)]).toEqual([
      0, 0, 0, 0,
    ]);
    await h.engine.stop();
  });

  it('when a leader fill rounds to zero contracts for a follower, then nothing is sent and the skip is recorded', async () => {
    const h = new Harness([{ ratio: 0.3 }]);
    await h.start();
    await h.leaderTrades('buy', 1);
    expect(h.position(2, ES)).toBe(0);
    expect(h.store.skips.map((s) => s.reason)).toEqual(['Below one contract']);
    await h.engine.stop();
  });

  it('when the leader adds to a position and the follower share stays the same whole contract, then nothing is sent and the skip says it is below one contract', async () => {
    const h = new Harness([{ ratio: 0.4 }]);
    await h.start();
    await h.leaderTrades('buy', 2);
    expect(h.position(2, ES)).toBe(1);
    // 2 × 0.4 and 3 × 0.4 are both 1 contract.
    await h.leaderTrades('buy', 1);
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([3, 1]);
    expect(h.store.skips.map((s) => [s.qty, s.reason])).toEqual([[0.4, 'Below one contract']]);
    await h.engine.stop();
  });

  it('when the leader rests a limit order, modifies and cancels it, then the follower mirror follows', async () => {
    const h = new Harness([{ ratio: 2 }]);
    await h.start();
    const price = h.venue.prices.price('ES');
    const orderId = await h.leaderOrder({
      symbol: ES,
      side: 'buy',
      qty: 1,
      type: 'Limit',
      price: price - 10,
    });
    await h.settle();
    const follower = h.directory.account(2).externalId;
    expect(h.venue.workingOrders([follower]).map((o) => [o.qty, o.price])).toEqual([[2, price - 10]]);
    await h.leaderModify(orderId ?? '', 2, price - 5);
    await h.settle();
    expect(h.venue.workingOrders([follower]).map((o) => [o.qty, o.price])).toEqual([[4, price - 5]]);
    h.venue.setPrice(ES, price - 6);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([2, 4]);
    await h.engine.stop();
  });

  it('when a follower loses more than its daily limit, then it is flattened, stops following and the user is told', async () => {
    const h = new Harness([{ ratio: 1, risk: { dailyLossLimit: 100 } }]);
    await h.start();
    await h.leaderBuysThenFalls();
    expect(h.position(2, ES)).toBe(0);
    expect(h.directory.account(2).isFollower).toBe(false);
    expect(h.engine.live.get(2)?.status.state).toBe('risk_stopped');
    expect(h.notifications.map((n) => n.title)).toContain('Account 2 stopped following');
    await h.engine.stop();
  });

  it("when a follower's broker feed drops while the leader trades, then it gets nothing meanwhile, the reason is recorded, and it is corrected when the feed is back", async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 2 }]);
    await h.start();
    const session = h.engine.sessions.get(2)?.session as PaperSession;
    session.signalConnection(false, 'Socket closed');
    await h.settle();
    expect(h.engine.live.get(3)?.status).toEqual({ state: 'disconnected', reason: 'Socket closed' });
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 2, type: 'Market' });
    const limit = h.venue.prices.price('ES') - 10;
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Limit', price: limit });
    await h.settle();
    expect([h.position(2, ES), h.position(3, ES)]).toEqual([2, 0]);
    // The orders list tells why the leader's fill and its working order have no copy on account 3.
    const offline = h.store.skips.filter((skip) => skip.accountId === 3);
    expect(offline.map((skip) => [skip.type, skip.qty, skip.status, skip.reason])).toEqual([
      ['Market', 4, 'Rejected', OFFLINE_REASON],
      ['Limit', 2, 'Rejected', OFFLINE_REASON],
    ]);
    expect(h.store.skips.filter((skip) => skip.accountId === 2)).toEqual([]);
    session.signalConnection(true);
    await h.settle();
    expect([h.position(3, ES), h.engine.live.get(3)?.status.state]).toEqual([4, 'ok']);
    expect(h.notifications.map((n) => n.title)).toContain('Broker disconnected');
    await h.engine.stop();
  });
});
