import { frontMonth } from '@synctrade/market';
import { BrokerError } from '../../src/brokers/types';
import { LEADER, USER } from './support/harness';
import { FOLLOWER, lostCopy } from './support/lost-copy';
import { until } from './support/scripted-follower';

const ES = frontMonth('ES');

describe('a copy of unknown outcome counts against the follower limits', () => {
  it('when a copy whose answer and look-up were lost lands after the leader added more, then the follower never passes its max net position', async () => {
    const { h, broker, land } = await lostCopy();
    expect(h.engine.live.get(FOLLOWER)?.status.state).toBe('out_of_sync');
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await h.leaderTrades('buy', 1);
    // Leader 3, target capped at 2: one contract may still come from the lost copy, so only one more is sent.
    await land();
    await h.settle();
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([3, 2]);
    await h.engine.autoSync(USER);
    await h.settle();
    expect([h.position(FOLLOWER, ES), broker.commands.length]).toEqual([2, 2]);
    await h.engine.stop();
  });

  it('when the lost copy never landed, then reconciliation looks it up again and brings the follower to leader × ratio', async () => {
    const { h, broker } = await lostCopy();
    await h.leaderTrades('buy', 1);
    expect(h.position(FOLLOWER, ES)).toBe(1);
    await h.engine.autoSync(USER);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES), broker.lookUps]).toEqual([2, 2, 2]);
    await h.engine.stop();
  });

  it('when the look-up at reconciliation meets a short rate-limit pause, then it waits it out, finds nothing and corrects the follower', async () => {
    const { h, broker } = await lostCopy();
    broker.finds.push(() =>
      Promise.reject(new BrokerError('Too many requests', 'rate_limited', Date.now() + 50)),
    );
    await h.engine.autoSync(USER);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES), broker.lookUps]).toEqual([1, 1, 3]);
    await h.engine.stop();
  });

  it('when the look-up fails again at reconciliation, then the copy still counts and nothing is added on top', async () => {
    const { h, broker, land } = await lostCopy();
    broker.finds.push(() => Promise.reject(new BrokerError('Too many requests', 'rate_limited')));
    await h.leaderTrades('buy', 2);
    await h.engine.autoSync(USER);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([3, 1]);
    const [lost] = broker.commands;
    expect(h.logs).toEqual([`look up copy ${lost?.clientOrderId}`]);
    await land();
    await until(() => h.position(FOLLOWER, ES) === 2);
    await h.settle();
    expect(h.position(FOLLOWER, ES)).toBe(2);
    await h.engine.stop();
  });

  it('when the look-up at reconciliation meets three short rate-limit pauses in a row, then it gives up, logs it, and the copy still counts', async () => {
    const { h, broker } = await lostCopy();
    for (let i = 0; i < 3; i += 1)
      broker.finds.push(() =>
        Promise.reject(new BrokerError('Too many requests', 'rate_limited', Date.now() + 20)),
      );
    await h.engine.autoSync(USER);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES), broker.lookUps]).toEqual([1, 0, 4]);
    expect(h.logs).toHaveLength(1);
    await h.engine.stop();
  });

  it('when the look-up at reconciliation is refused with a time to come back, then it is not waited for: the copy still counts', async () => {
    const { h, broker } = await lostCopy();
    broker.finds.push(() => Promise.reject(new BrokerError('Refused', 'unavailable', Date.now() + 20)));
    await h.engine.autoSync(USER);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES), broker.lookUps]).toEqual([1, 0, 2]);
    await h.engine.stop();
  });
});
