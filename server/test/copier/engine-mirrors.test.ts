import { frontMonth } from '@synctrade/market';
import { BrokerError } from '../../src/brokers/types';
import { Harness, LEADER, USER } from './support/harness';

const ES = frontMonth('ES');

/** Follower 2 shares the leader's connection; follower 3 is alone on connection 2. */
async function twoFollowers(prepare?: (h: Harness) => void): Promise<Harness> {
  const h = new Harness([{ ratio: 1 }, { ratio: 2 }]);
  prepare?.(h);
  await h.start();
  return h;
}

const working = (h: Harness, accountId: number): Array<[string, number, number | null]> =>
  h.venue
    .workingOrders([h.directory.account(accountId).externalId])
    .map((o): [string, number, number | null] => [o.type, o.qty, o.price]);

/** A follower at ratio 2 limited to 4: the leader is long 1 and rests a limit buy of 1 (mirrored as 2). */
async function longWithRestingBuy(): Promise<{ h: Harness; orderId: string; price: number }> {
  const h = new Harness([{ ratio: 2, risk: { maxNetPosition: 4 } }]);
  await h.start();
  await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
  const { orderId, price } = await h.leaderRestingBuy();
  await h.settle();
  return { h, orderId, price };
}

describe("mirrors of the leader's resting orders", () => {
  it('when the leader order fills, then the mirrors fill with it and nothing is canceled or logged', async () => {
    const h = await twoFollowers();
    const { price } = await h.leaderRestingBuy();
    await h.settle();
    expect([working(h, 2), working(h, 3)]).toEqual([[['Limit', 1, price]], [['Limit', 2, price]]]);
    h.venue.setPrice(ES, price - 1);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(2, ES), h.position(3, ES)]).toEqual([1, 1, 2]);
    expect(h.logs).toEqual([]);
    await h.engine.stop();
  });

  it("when a follower's connection is closed (the follower switched off), then the leader's cancel still reaches the others, with no error", async () => {
    const h = await twoFollowers();
    const { orderId } = await h.leaderRestingBuy();
    await h.settle();
    h.directory.account(3).enabled = false;
    await h.engine.refreshUser(USER);
    await h.settle();
    expect(h.engine.sessions.has(2)).toBe(false);
    await h.trader.cancelOrder(h.leaderExternalId, orderId);
    await h.settle();
    expect(working(h, 2)).toEqual([]);
    expect(h.logs).toEqual([]);
    await h.engine.stop();
  });

  it("when a follower's broker refuses to cancel or modify its mirror, then each failure is logged with the order and the follower", async () => {
    const h = await twoFollowers((h) => {
      h.alterSessions((session, connectionId) => {
        if (connectionId === 2) {
          session.cancelOrder = () => Promise.reject(new Error('Cancel refused'));
          session.modifyOrder = () => Promise.reject(new Error('Modify refused'));
        }
      });
    });
    const { orderId, price } = await h.leaderRestingBuy();
    await h.settle();
    await h.leaderModify(orderId, 1, price - 5);
    await h.settle();
    await h.trader.cancelOrder(h.leaderExternalId, orderId);
    await h.settle();
    expect(h.logs).toEqual([`mirror ${orderId} on 3`, `mirror ${orderId} on 3`]);
    expect([working(h, 2), working(h, 3)]).toEqual([[], [['Limit', 2, price]]]);
    await h.engine.stop();
  });

  it("when a follower's mirror is no longer working as the leader cancels (it filled first), then the race ends quietly: noted, not logged as an error", async () => {
    const h = await twoFollowers((h) => {
      h.alterSessions((session, connectionId) => {
        if (connectionId === 2)
          session.cancelOrder = (_account, orderId) =>
            Promise.reject(new BrokerError(`Order ${orderId} is no longer working`, 'rejected'));
      });
    });
    const { orderId } = await h.leaderRestingBuy();
    await h.settle();
    await h.trader.cancelOrder(h.leaderExternalId, orderId);
    await h.settle();
    expect(h.logs).toEqual([]);
    expect(h.notes).toEqual([`mirror ${orderId} on 3`]);
    expect(working(h, 2)).toEqual([]);
    await h.engine.stop();
  });

  it('when the user has an account that does not follow, then a leader order is mirrored to the followers only and no skip is recorded for it', async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 1, isFollower: false }]);
    await h.start();
    const { price } = await h.leaderRestingBuy();
    await h.settle();
    expect([working(h, 2), working(h, 3), h.store.skips]).toEqual([[['Limit', 1, price]], [], []]);
    await h.engine.stop();
  });

  it('when the leader grows its resting order past what the follower may still add, then the mirror is canceled rather than grown', async () => {
    const { h, orderId, price } = await longWithRestingBuy();
    expect([h.position(2, ES), working(h, 2)]).toEqual([2, [['Limit', 2, price]]]);
    // Long 2 with a mirror of 2 is the limit of 4; a mirror of 4 could take the follower to 6.
    await h.leaderModify(orderId, 2, price);
    await h.settle();
    expect(working(h, 2)).toEqual([]);
    expect(h.logs).toEqual([]);
    await h.engine.stop();
  });

  it('when the leader moves its resting order, then the mirror moves with it, for a follower whose mirror fills it up to its limit', async () => {
    const { h, orderId, price } = await longWithRestingBuy();
    await h.leaderModify(orderId, 1, price - 5);
    await h.settle();
    expect([h.position(2, ES), working(h, 2)]).toEqual([2, [['Limit', 2, price - 5]]]);
    await h.engine.stop();
  });
});
