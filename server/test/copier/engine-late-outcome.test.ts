import { frontMonth } from '@synctrade/market';
import { BrokerError, type BrokerOrder } from '../../src/brokers/types';
import { Harness, USER } from './support/harness';
import { FOLLOWER, lostCopy } from './support/lost-copy';
import { ScriptedFollower } from './support/scripted-follower';

const ES = frontMonth('ES');
const UNKNOWN = 'Outcome unknown: the broker did not answer; the position is reconciled';

/** The broker's answer to a request that timed out: nobody knows whether it got through. */
const timedOut = (): Promise<never> => Promise.reject(new BrokerError('Request timed out', 'uncertain'));

/** A leader and one follower whose broker answers are scripted (`ScriptedFollower`), before the engine starts. */
function scriptedGroup(): { h: Harness; broker: ScriptedFollower } {
  const h = new Harness([{ ratio: 1 }]);
  return { h, broker: new ScriptedFollower(h, FOLLOWER) };
}

/** The statuses recorded for each copy, in order (the store keeps only the last). */
function recorded(h: Harness): Map<string, string[]> {
  const statuses = new Map<string, string[]>();
  const record = h.store.recordOutcome.bind(h.store);
  h.store.recordOutcome = (outcome): void => {
    statuses.set(outcome.clientOrderId, [...(statuses.get(outcome.clientOrderId) ?? []), outcome.status]);
    record(outcome);
  };
  return statuses;
}

/** A lost copy lands at the broker after the engine gave up on it; `feed` sets how the follower's feed tells it. */
async function landsLate(feed: (broker: ScriptedFollower) => void): Promise<{
  h: Harness;
  broker: ScriptedFollower;
  statuses: Map<string, string[]>;
  order: BrokerOrder;
  clientOrderId: string;
}> {
  const { h, broker, land } = await lostCopy();
  const statuses = recorded(h);
  feed(broker);
  const order = await land();
  await h.settle();
  return { h, broker, statuses, order, clientOrderId: broker.commands[0]?.clientOrderId ?? '' };
}

describe('a copy whose answer and look-up were lost, and whose order the follower’s feed shows', () => {
  it('when the broker took the copy and filled it before its answer was lost, then its outcome is the filled order, with its latency, and the follower is not out of sync', async () => {
    const { h, broker } = scriptedGroup();
    broker.finds.push(timedOut);
    await h.start();
    const follower = h.directory.account(FOLLOWER).externalId;
    h.venue.faults.arm({ kind: 'drop-after-send' }, follower);
    const statuses = recorded(h);
    const started = performance.now();
    await h.leaderTrades('buy', 1);
    const elapsed = performance.now() - started;
    const [copy] = broker.commands;
    const order = h.venue.findByClientId(follower, copy?.clientOrderId ?? '');
    expect(order?.status).toBe('Filled');
    const outcome = h.store.intents.get(copy?.clientOrderId ?? '')?.outcome;
    expect(outcome).toMatchObject({ status: 'Success', brokerOrderId: order?.orderId, reason: null });
    // Acknowledged when the feed showed the order: after it was sent, within the test's own time.
    expect(outcome?.ackMs).toBeGreaterThanOrEqual(outcome?.sentMs ?? Infinity);
    expect(outcome?.ackMs).toBeLessThanOrEqual(elapsed);
    expect(h.engine.live.get(FOLLOWER)?.status.state).toBe('ok');
    // The order events seen while the send waited are its answer, recorded once, not outcomes of their own.
    expect(statuses.get(copy?.clientOrderId ?? '')).toEqual(['Success']);
    await h.engine.autoSync(USER);
    await h.settle();
    expect([h.position(FOLLOWER, ES), broker.commands.length, broker.lookUps]).toEqual([1, 1, 1]);
    expect(h.engine.live.get(FOLLOWER)?.sends.size).toBe(0);
    await h.engine.stop();
  });

  it('when the copy lands after the engine gave up on it and fills (its fill before its order’s end), then its outcome becomes the filled order, recorded once, and nothing more is sent', async () => {
    const started = performance.now();
    const { h, broker, land } = await lostCopy();
    const statuses = recorded(h);
    const [copy] = broker.commands;
    const clientOrderId = copy?.clientOrderId ?? '';
    const unknown = h.store.intents.get(clientOrderId)?.outcome;
    expect(unknown).toMatchObject({ status: 'Rejected', reason: UNKNOWN });
    // The feed tells every event of the late order twice.
    h.venue.faults.arm({ kind: 'duplicate-events' }, h.directory.account(FOLLOWER).externalId);
    const order = await land();
    await h.settle();
    const learned = h.store.intents.get(clientOrderId)?.outcome;
    expect(learned).toMatchObject({
      status: 'Success',
      brokerOrderId: order.orderId,
      reason: null,
      sentMs: unknown?.sentMs,
    });
    // Acknowledged when the feed showed the order, after the engine had given up on it.
    expect(learned?.ackMs).toBeGreaterThan(unknown?.sentMs ?? Infinity);
    expect(learned?.ackMs).toBeLessThanOrEqual(performance.now() - started);
    await h.engine.autoSync(USER);
    await h.settle();
    expect(statuses.get(clientOrderId)).toEqual(['Working', 'Success']);
    expect([h.position(FOLLOWER, ES), broker.commands.length]).toEqual([1, 1]);
    expect(h.engine.live.get(FOLLOWER)?.sends.size).toBe(0);
    await h.engine.stop();
  });

  it('when the copy lands late and the feed ends its order before telling its fill, then its outcome is the filled order, recorded once, and the follower holds it once', async () => {
    const { h, broker, statuses, order, clientOrderId } = await landsLate((broker) => {
      broker.fillsAfterOrders = true;
    });
    expect(h.store.intents.get(clientOrderId)?.outcome).toMatchObject({
      status: 'Success',
      brokerOrderId: order.orderId,
      reason: null,
    });
    await h.engine.autoSync(USER);
    await h.settle();
    expect(statuses.get(clientOrderId)).toEqual(['Working', 'Success']);
    expect([h.position(FOLLOWER, ES), broker.commands.length]).toEqual([1, 1]);
    await h.engine.stop();
  });

  it("when a mirror of a resting leader order lands after the engine gave up on it, then it is recorded working and the leader's cancel still cancels it", async () => {
    const { h, broker } = scriptedGroup();
    let land: () => Promise<BrokerOrder> = () => Promise.reject(new Error('No mirror was held back'));
    broker.places.push((command, place) => {
      land = () => place(command);
      return timedOut();
    });
    broker.finds.push(timedOut);
    await h.start();
    const { orderId, price } = await h.leaderRestingBuy();
    await h.settle();
    const mirror = await land();
    await h.settle();
    const follower = h.directory.account(FOLLOWER).externalId;
    expect(h.venue.workingOrders([follower]).map((o) => [o.orderId, o.price])).toEqual([
      [mirror.orderId, price],
    ]);
    expect(h.store.intents.get(mirror.clientOrderId ?? '')?.outcome).toMatchObject({
      status: 'Working',
      brokerOrderId: mirror.orderId,
      reason: null,
    });
    await h.trader.cancelOrder(h.leaderExternalId, orderId);
    await h.settle();
    expect(h.venue.workingOrders([follower])).toEqual([]);
    expect(h.store.intents.get(mirror.clientOrderId ?? '')?.outcome?.status).toBe('Canceled');
    await h.engine.stop();
  });

  it('when a lost mirror of a resting leader order never reached the broker, then the next check forgets it and sends nothing', async () => {
    const { h, broker } = scriptedGroup();
    broker.places.push(timedOut);
    broker.finds.push(timedOut);
    await h.start();
    await h.leaderRestingBuy();
    await h.settle();
    const clientOrderId = broker.commands[0]?.clientOrderId ?? '';
    expect(h.engine.live.get(FOLLOWER)?.sends.has(clientOrderId)).toBe(true);
    await h.engine.autoSync(USER);
    await h.settle();
    expect(h.engine.live.get(FOLLOWER)?.sends.size).toBe(0);
    expect([broker.commands.length, broker.lookUps]).toEqual([1, 2]);
    expect(h.store.intents.get(clientOrderId)?.outcome).toMatchObject({
      status: 'Rejected',
      reason: UNKNOWN,
    });
    await h.engine.stop();
  });

  it('when a look-up at the check fails again, then that mirror stays awaited and the next lost mirror is still resolved', async () => {
    const { h, broker } = scriptedGroup();
    broker.places.push(timedOut, timedOut);
    // The sends' own look-ups, then the check's first one.
    broker.finds.push(timedOut, timedOut, timedOut);
    await h.start();
    await h.leaderRestingBuy(1, 20);
    await h.leaderRestingBuy(1, 30);
    await h.settle();
    const [first, second] = broker.commands.map((command) => command.clientOrderId);
    await h.engine.autoSync(USER);
    await h.settle();
    expect([...(h.engine.live.get(FOLLOWER)?.sends.keys() ?? [])]).toEqual([first]);
    expect(second).toBeDefined();
    await h.engine.autoSync(USER);
    await h.settle();
    expect(h.engine.live.get(FOLLOWER)?.sends.size).toBe(0);
    await h.engine.stop();
  });

  it("when a lost mirror reached the broker while the follower's feed missed it, then the next check records it working and the leader's cancel still cancels it", async () => {
    const { h, broker } = scriptedGroup();
    broker.places.push((command, place) => place(command).then(timedOut));
    broker.finds.push(timedOut);
    broker.deaf = true;
    await h.start();
    const { orderId } = await h.leaderRestingBuy();
    await h.settle();
    const clientOrderId = broker.commands[0]?.clientOrderId ?? '';
    expect(h.store.intents.get(clientOrderId)?.outcome).toMatchObject({
      status: 'Rejected',
      reason: UNKNOWN,
    });
    await h.engine.autoSync(USER);
    await h.settle();
    const follower = h.directory.account(FOLLOWER).externalId;
    const [mirror] = h.venue.workingOrders([follower]);
    expect(h.store.intents.get(clientOrderId)?.outcome).toMatchObject({
      status: 'Working',
      brokerOrderId: mirror?.orderId,
      reason: null,
    });
    broker.deaf = false;
    await h.trader.cancelOrder(h.leaderExternalId, orderId);
    await h.settle();
    expect(h.venue.workingOrders([follower])).toEqual([]);
    expect(h.store.intents.get(clientOrderId)?.outcome?.status).toBe('Canceled');
    expect(h.engine.live.get(FOLLOWER)?.sends.size).toBe(0);
    expect(broker.commands.length).toBe(1);
    await h.engine.stop();
  });

  it("when the copy lands while the follower's feed misses its events, then the next check finds it at the broker, records it filled, and sends nothing more", async () => {
    const { h, broker, statuses, order, clientOrderId } = await landsLate((broker) => {
      broker.deaf = true;
    });
    await h.engine.autoSync(USER);
    await h.settle();
    expect(h.store.intents.get(clientOrderId)?.outcome).toMatchObject({
      status: 'Success',
      brokerOrderId: order.orderId,
      reason: null,
    });
    expect(statuses.get(clientOrderId)).toEqual(['Success']);
    expect([h.position(FOLLOWER, ES), broker.commands.length, broker.lookUps]).toEqual([1, 1, 2]);
    expect([h.engine.live.get(FOLLOWER)?.copies.size, h.engine.live.get(FOLLOWER)?.sends.size]).toEqual([
      0, 0,
    ]);
    await h.engine.stop();
  });
});
