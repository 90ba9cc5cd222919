import { copyClientId, mirrorEventKey } from '../../src/copier/engine/client-ids';
import { isLiveOrder, leaderOrderSeen, newLeaderState, recordMirror } from '../../src/copier/engine/state';
import { leaderLimitOrder } from './support/leader-order';

const LEADER = 1;

describe("the leader's orders the engine remembers", () => {
  it('when an order is pending or working at the broker, then it is live; once filled, canceled or rejected it is not', () => {
    expect(
      (['PendingNew', 'Working', 'Filled', 'Canceled', 'Rejected'] as const).map((status) =>
        isLiveOrder(leaderLimitOrder('o', status)),
      ),
    ).toEqual([true, true, false, false, false]);
  });

  it('when more than 5,000 orders were seen, then the oldest finished ones are forgotten down to 4,500 with their mirror ids, and live ones are kept', () => {
    const leader = newLeaderState(LEADER);
    const mirrorOf = (orderId: string): string => copyClientId(mirrorEventKey(LEADER, orderId), 2, 0);
    // The first ten are still live at the broker (one of them still pending); the rest finished.
    for (let i = 0; i < 5_000; i += 1)
      leaderOrderSeen(
        leader,
        leaderLimitOrder(`o${i}`, i === 1 ? 'PendingNew' : i < 10 ? 'Working' : 'Filled'),
      );
    for (const orderId of ['o0', 'o1', 'o10', 'o600'])
      recordMirror(leader, mirrorOf(orderId), `b-${orderId}`);
    expect([leader.mirrored.size, leader.mirrored.has('o10')]).toEqual([5_000, true]);

    leaderOrderSeen(leader, leaderLimitOrder('o5000', 'Working'));
    // 501 finished orders go, oldest first: o10 to o510.
    expect(leader.mirrored.size).toBe(4_500);
    expect(['o0', 'o1', 'o9', 'o10', 'o510', 'o511', 'o5000'].map((id) => leader.mirrored.has(id))).toEqual([
      true,
      true,
      true,
      false,
      false,
      true,
      true,
    ]);
    expect([...leader.mirrorOrderIds.keys()]).toEqual([mirrorOf('o0'), mirrorOf('o1'), mirrorOf('o600')]);
  });
});
