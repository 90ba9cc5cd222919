import { frontMonth } from '@synctrade/market';
import { Harness, LEADER } from './support/harness';

const ES = frontMonth('ES');
const FOLLOWER = 2;
const NOT_SENT = 'Not sent: the engine restarted before sending; the position was reconciled instead';

/** The leader buys `qty`; the engine stores the follower's copy and dies before sending it. */
async function diedAfterTheWrite(qty: number): Promise<{ h: Harness; stored: string }> {
  const h = new Harness([{ ratio: 2 }]);
  await h.start();
  h.store.crashAfterNextClaim = true;
  await h.leaderOrder({ symbol: ES, side: 'buy', qty, type: 'Market' });
  await h.settle();
  const [stored] = await h.store.unresolved([FOLLOWER]);
  if (stored === undefined) throw new Error('The copy was not stored');
  expect(h.venue.received.filter((c) => c.clientOrderId === stored.clientOrderId)).toEqual([]);
  return { h, stored: stored.clientOrderId };
}

describe('after a restart, copies stored but never confirmed', () => {
  it('when the stored copy never reached the broker, then it is closed unsent with the reason and never sent late; the follower is brought to leader × ratio', async () => {
    const { h, stored } = await diedAfterTheWrite(1);
    await h.restart();
    await h.settle();
    expect(h.store.intents.get(stored)?.outcome).toMatchObject({
      status: 'Canceled',
      brokerOrderId: null,
      reason: NOT_SENT,
    });
    expect(h.venue.received.filter((c) => c.clientOrderId === stored)).toEqual([]);
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([1, 2]);
    expect(await h.store.unresolved([FOLLOWER])).toEqual([]);
    await h.engine.stop();
  });

  it('when the stored copy did reach the broker, then its outcome is the broker order and nothing more is sent', async () => {
    const { h, stored } = await diedAfterTheWrite(1);
    const intent = h.store.intents.get(stored);
    // The order left just before the process died: the broker has it under the stored client order id.
    const hand = await h.hand(FOLLOWER);
    const order = await hand.placeOrder({
      accountExternalId: h.directory.account(FOLLOWER).externalId,
      clientOrderId: stored,
      symbol: ES,
      side: intent?.side ?? 'buy',
      qty: intent?.qty ?? 0,
      type: 'Market',
    });
    const sentBefore = h.venue.received.length;
    await h.restart();
    await h.settle();
    expect(h.store.intents.get(stored)?.outcome).toMatchObject({
      brokerOrderId: order.orderId,
      reason: null,
    });
    expect(h.venue.received.length).toBe(sentBefore);
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([1, 2]);
    await h.engine.stop();
  });

  it("when the stored copy is a mirror that reached the broker and the follower was disabled meanwhile, then the mirror still follows the leader's cancel", async () => {
    const h = new Harness([{ ratio: 2 }]);
    const record = h.store.recordOutcome.bind(h.store);
    let dying = true;
    // The process dies right after the mirror left: its outcome is not stored.
    h.store.recordOutcome = (outcome): void => {
      if (!(dying && outcome.clientOrderId.startsWith('st.m'))) record(outcome);
    };
    await h.start();
    const price = h.venue.prices.price('ES');
    const leaderOrder = await h.leaderOrder({
      symbol: ES,
      side: 'buy',
      qty: 1,
      type: 'Limit',
      price: price - 20,
    });
    await h.settle();
    dying = false;
    const follower = h.directory.account(FOLLOWER).externalId;
    expect(h.venue.workingOrders([follower]).map((o) => [o.type, o.qty])).toEqual([['Limit', 2]]);
    expect(await h.store.unresolved([FOLLOWER])).toHaveLength(1);
    // Copying to the follower is paused (no reconciliation reaches it), but its resting mirror stays the leader's.
    h.directory.account(FOLLOWER).enabled = false;
    await h.restart();
    await h.settle();
    expect(await h.store.unresolved([FOLLOWER])).toEqual([]);
    await h.trader.cancelOrder(h.leaderExternalId, leaderOrder ?? '');
    await h.settle();
    expect(h.venue.workingOrders([follower])).toEqual([]);
    await h.engine.stop();
  });
});
