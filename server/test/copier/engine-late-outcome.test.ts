import { frontMonth } from '@synctrade/market';
import { BrokerError } from '../../src/brokers/types';
import { Harness, USER } from './support/harness';
import { FOLLOWER, lostCopy } from './support/lost-copy';
import { ScriptedFollower } from './support/scripted-follower';

const ES = frontMonth('ES');
const UNKNOWN = 'Outcome unknown: the broker did not answer; the position is reconciled';

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

describe('a copy whose answer and look-up were lost, and whose order the follower’s feed shows', () => {
  it('when the broker took the copy and filled it before its answer was lost, then its outcome is the filled order, with its latency, and the follower is not out of sync', async () => {
    const h = new Harness([{ ratio: 1 }]);
    const broker = new ScriptedFollower(h, FOLLOWER);
    broker.finds.push(() => Promise.reject(new BrokerError('Request timed out', 'uncertain')));
    await h.start();
    const follower = h.directory.account(FOLLOWER).externalId;
    h.venue.faults.arm({ kind: 'drop-after-send' }, follower);
    await h.leaderTrades('buy', 1);
    const [copy] = broker.commands;
    const order = h.venue.findByClientId(follower, copy?.clientOrderId ?? '');
    expect(order?.status).toBe('Filled');
    const outcome = h.store.intents.get(copy?.clientOrderId ?? '')?.outcome;
    expect(outcome).toMatchObject({ status: 'Success', brokerOrderId: order?.orderId, reason: null });
    expect(outcome?.ackMs).toEqual(expect.any(Number));
    expect(h.engine.live.get(FOLLOWER)?.status.state).toBe('ok');
    await h.engine.autoSync(USER);
    await h.settle();
    expect([h.position(FOLLOWER, ES), broker.commands.length, broker.lookUps]).toEqual([1, 1, 1]);
    expect(h.engine.live.get(FOLLOWER)?.sends.size).toBe(0);
    await h.engine.stop();
  });

  it('when the copy lands after the engine gave up on it and fills (its fill before its order’s end), then its outcome becomes the filled order, recorded once, and nothing more is sent', async () => {
    const { h, broker, land } = await lostCopy();
    const statuses = recorded(h);
    const [copy] = broker.commands;
    const clientOrderId = copy?.clientOrderId ?? '';
    expect(h.store.intents.get(clientOrderId)?.outcome).toMatchObject({
      status: 'Rejected',
      reason: UNKNOWN,
    });
    const order = await land();
    await h.settle();
    expect(h.store.intents.get(clientOrderId)?.outcome).toMatchObject({
      status: 'Success',
      brokerOrderId: order.orderId,
      reason: null,
      ackMs: expect.any(Number) as number,
    });
    await h.engine.autoSync(USER);
    await h.settle();
    expect(statuses.get(clientOrderId)).toEqual(['Working', 'Success']);
    expect([h.position(FOLLOWER, ES), broker.commands.length]).toEqual([1, 1]);
    expect(h.engine.live.get(FOLLOWER)?.sends.size).toBe(0);
    await h.engine.stop();
  });

  it('when the copy lands late and the feed ends its order before telling its fill, then its outcome is the filled order, recorded once, and the follower holds it once', async () => {
    const { h, broker, land } = await lostCopy();
    const statuses = recorded(h);
    broker.fillsAfterOrders = true;
    const order = await land();
    await h.settle();
    const clientOrderId = broker.commands[0]?.clientOrderId ?? '';
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
});
