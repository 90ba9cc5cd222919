import { frontMonth } from '@synctrade/market';
import { BrokerError } from '../../src/brokers/types';
import { Harness, LEADER, USER } from './support/harness';
import { ScriptedFollower } from './support/scripted-follower';

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
  // The dying engine logged its crash; what follows is the next engine's.
  h.logs.length = 0;
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
    expect(h.logs).toEqual([]);
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
    expect(h.logs).toEqual([]);
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

  it('when the stored copy is a mirror that never reached the broker, then it is closed unsent, with nothing gone wrong', async () => {
    const h = new Harness([{ ratio: 2 }]);
    await h.start();
    h.store.crashAfterNextClaim = true;
    const price = h.venue.prices.price('ES');
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Limit', price: price - 20 });
    await h.settle();
    const [stored] = await h.store.unresolved([FOLLOWER]);
    expect(stored?.leaderOrderId).not.toBeNull();
    h.logs.length = 0;
    await h.restart();
    await h.settle();
    expect(h.store.intents.get(stored?.clientOrderId ?? '')?.outcome).toMatchObject({
      status: 'Canceled',
      reason: NOT_SENT,
    });
    expect(h.logs).toEqual([]);
    await h.engine.stop();
  });

  it('when the look-up of a stored copy fails, then the failure is logged with the copy and the follower is still brought to leader × ratio', async () => {
    const { h, stored } = await diedAfterTheWrite(1);
    const broker = new ScriptedFollower(h, FOLLOWER);
    broker.finds.push(() => Promise.reject(new BrokerError('Too many requests', 'rate_limited')));
    await h.restart();
    await h.settle();
    expect(h.logs).toEqual([`recover intent ${stored}`]);
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([1, 2]);
    await h.engine.stop();
  });

  it("when the follower's connection cannot open after the restart, then its stored copy waits untouched and the follower is brought to leader × ratio once the connection is back", async () => {
    // The follower (ratio 2) is alone on connection 2; account 2 on the leader's connection does not follow.
    const h = new Harness([{ ratio: 1, isFollower: false }, { ratio: 2 }]);
    await h.start();
    h.store.crashAfterNextClaim = true;
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await h.settle();
    const [stored] = await h.store.unresolved([3]);
    expect(stored).toBeDefined();
    h.logs.length = 0;
    const open = h.directory.openSession.bind(h.directory);
    let down = true;
    h.directory.openSession = (connectionId) =>
      down && connectionId === 2 ? Promise.reject(new Error('Broker unreachable')) : open(connectionId);
    await h.restart();
    await h.settle();
    expect(h.logs).toEqual(['open session 2']);
    expect(h.store.intents.get(stored?.clientOrderId ?? '')?.outcome).toBeNull();
    down = false;
    await h.engine.refreshUser(USER);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(3, ES)]).toEqual([1, 2]);
    expect(h.venue.received.filter((c) => c.clientOrderId === stored?.clientOrderId)).toEqual([]);
    await h.engine.stop();
  });
});
