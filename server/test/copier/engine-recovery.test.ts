import { frontMonth } from '@synctrade/market';
import { BrokerError, type BrokerOrder } from '../../src/brokers/types';
import type { EngineSettings } from '../../src/copier/engine/context';
import { Harness, LEADER, USER } from './support/harness';
import { ScriptedFollower, until } from './support/scripted-follower';

const ES = frontMonth('ES');
const FOLLOWER = 2;
const NOT_SENT = 'Not sent: the engine restarted before sending; the position was reconciled instead';

/** The leader buys `qty`; the engine stores the follower's copy and dies before sending it. */
async function diedAfterTheWrite(
  qty: number,
  h = new Harness([{ ratio: 2 }]),
  follower = FOLLOWER,
): Promise<{ h: Harness; stored: string }> {
  await h.start();
  h.store.crashAfterNextClaim = true;
  await h.leaderOrder({ symbol: ES, side: 'buy', qty, type: 'Market' });
  await h.settle();
  const [stored] = await h.store.unresolved([follower]);
  if (stored === undefined) throw new Error('The copy was not stored');
  expect(h.venue.received.filter((c) => c.clientOrderId === stored.clientOrderId)).toEqual([]);
  // The dying engine logged its crash; what follows is the next engine's.
  h.logs.length = 0;
  return { h, stored: stored.clientOrderId };
}

/** The follower (ratio 2) alone on connection 2: account 2, on the leader's connection, does not follow. */
const ALONE = 3;
const aloneOnItsConnection = (settings: Partial<EngineSettings> = {}): Harness =>
  new Harness([{ ratio: 1, isFollower: false }, { ratio: 2 }], undefined, settings);

/** The order left just before the process died: the broker has it under the stored client order id. */
async function reachedTheBroker(h: Harness, accountId: number, stored: string): Promise<BrokerOrder> {
  const intent = h.store.intents.get(stored);
  return (await h.hand(accountId)).placeOrder({
    accountExternalId: h.directory.account(accountId).externalId,
    clientOrderId: stored,
    symbol: ES,
    side: intent?.side ?? 'buy',
    qty: intent?.qty ?? 0,
    type: 'Market',
  });
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

  it('when the stored copy never reached the broker and the follower has auto-sync off, then the restart still brings it to leader × ratio (the copy it missed was ours)', async () => {
    const { h, stored } = await diedAfterTheWrite(1, new Harness([{ ratio: 2, autoSync: false }]));
    await h.restart();
    await h.settle();
    expect(h.store.intents.get(stored)?.outcome).toMatchObject({ status: 'Canceled', reason: NOT_SENT });
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([1, 2]);
    expect(h.logs).toEqual([]);
    await h.engine.stop();
  });

  it('when the stored copy did reach the broker, then its outcome is the broker order and nothing more is sent', async () => {
    const { h, stored } = await diedAfterTheWrite(1);
    const order = await reachedTheBroker(h, FOLLOWER, stored);
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
    // Looked up once per start: a later reload does not ask again.
    await h.engine.refreshUser(USER);
    await h.settle();
    expect(broker.lookUps).toBe(1);
    await h.engine.stop();
  });

  it("when the follower's connection cannot open after the restart, then its stored copy waits untouched until the connection is back; then it is closed unsent and the follower is brought to leader × ratio", async () => {
    const { h, stored } = await diedAfterTheWrite(1, aloneOnItsConnection(), ALONE);
    const up = h.connectionDown(2);
    await h.restart();
    await h.settle();
    expect(h.logs).toEqual(['open session 2']);
    expect(h.store.intents.get(stored)?.outcome).toBeNull();
    up();
    await h.engine.refreshUser(USER);
    await h.settle();
    expect(h.store.intents.get(stored)?.outcome).toMatchObject({ status: 'Canceled', reason: NOT_SENT });
    expect([h.position(LEADER, ES), h.position(ALONE, ES)]).toEqual([1, 2]);
    expect(h.venue.received.filter((c) => c.clientOrderId === stored)).toEqual([]);
    await h.engine.stop();
  });

  it("when the follower's connection opens on a retry after the restart, then its stored copy that reached the broker gets the broker order as its outcome, looked up once, and the position is not doubled", async () => {
    const { h, stored } = await diedAfterTheWrite(1, aloneOnItsConnection({ sessionRetryMs: 5 }), ALONE);
    const order = await reachedTheBroker(h, ALONE, stored);
    const broker = new ScriptedFollower(h, ALONE);
    const up = h.connectionDown(2);
    const sentBefore = h.venue.received.length;
    await h.restart();
    await h.settle();
    expect([h.store.intents.get(stored)?.outcome ?? null, broker.lookUps]).toEqual([null, 0]);
    up();
    await until(() => h.store.intents.get(stored)?.outcome !== null);
    await h.settle();
    expect(h.store.intents.get(stored)?.outcome).toMatchObject({
      brokerOrderId: order.orderId,
      reason: null,
    });
    await h.engine.refreshUser(USER);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(ALONE, ES), broker.lookUps]).toEqual([1, 2, 1]);
    expect(h.venue.received.length).toBe(sentBefore);
    await h.engine.stop();
  });
});
