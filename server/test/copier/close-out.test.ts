import { frontMonth } from '@synctrade/market';
import { closeOutForRule, flattenForRule } from '../../src/copier/engine/close-out';
import type { RuleGuard } from '../../src/copier/engine/ports';
import { Harness, LEADER, USER } from './support/harness';
import { ScriptedFollower, until } from './support/scripted-follower';

const ES = frontMonth('ES');
const FOLLOWER = 2;
const FLAT_BY = 'Flat-by: the firm deadline';

async function started(): Promise<Harness> {
  const h = new Harness([{ ratio: 2 }]);
  await h.start();
  return h;
}

const working = (h: Harness, accountId: number): string[] =>
  h.venue
    .workingOrders([h.directory.account(accountId).externalId])
    .map((o) => `${o.type} ${o.side} ${o.qty}`);

const closeOuts = (h: Harness): Array<[number, string, number, boolean]> =>
  [...h.store.intents.values()]
    .filter((intent) => intent.reason === FLAT_BY)
    .map((intent) => [intent.accountId, intent.side, intent.qty, intent.exit]);

describe('a firm rule closes a follower out', () => {
  it('when the follower holds a position and a resting mirror, then the mirror is canceled and the position closed; the leader keeps both', async () => {
    const h = await started();
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await h.leaderRestingBuy();
    await h.settle();
    expect([h.position(FOLLOWER, ES), working(h, FOLLOWER)]).toEqual([2, ['Limit buy 2']]);

    expect(await closeOutForRule(h.engine, FOLLOWER, FLAT_BY)).toBe(true);
    await h.settle();
    expect([h.position(FOLLOWER, ES), working(h, FOLLOWER)]).toEqual([0, []]);
    expect(closeOuts(h)).toEqual([[FOLLOWER, 'sell', 2, true]]);
    expect([h.position(LEADER, ES), working(h, LEADER)]).toEqual([1, ['Limit buy 1']]);
    expect(h.logs).toEqual([]);
    await h.engine.stop();
  });

  it('when a copy is still on its way to the follower, then the close-out waits for it and closes what it brought', async () => {
    const h = new Harness([{ ratio: 2 }]);
    const follower = new ScriptedFollower(h, FOLLOWER);
    let release = (): void => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    follower.places.push(async (command, place) => {
      await answered;
      return place(command);
    });
    await h.start();
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await until(() => follower.commands.length === 1);
    const closing = closeOutForRule(h.engine, FOLLOWER, FLAT_BY);
    // One turn of the event loop: a close-out that did not wait would read the follower flat in it.
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await closing).toBe(true);
    await h.settle();
    expect(h.position(FOLLOWER, ES)).toBe(0);
    expect(closeOuts(h)).toEqual([[FOLLOWER, 'sell', 2, true]]);
    await h.engine.stop();
  });

  it('when a follower is closed out twice, then the second close-out is sent too', async () => {
    const h = await started();
    await h.leaderTrades('buy', 1);
    expect(await closeOutForRule(h.engine, FOLLOWER, FLAT_BY)).toBe(true);
    await h.settle();
    expect(h.position(FOLLOWER, ES)).toBe(0);
    // The leader buys again; the follower follows (only the flattened contracts are gone).
    await h.leaderTrades('buy', 1);
    expect(h.position(FOLLOWER, ES)).toBeGreaterThan(0);
    const held = h.position(FOLLOWER, ES);
    expect(await closeOutForRule(h.engine, FOLLOWER, FLAT_BY)).toBe(true);
    await h.settle();
    expect(h.position(FOLLOWER, ES)).toBe(0);
    expect(closeOuts(h)).toEqual([
      [FOLLOWER, 'sell', 2, true],
      [FOLLOWER, 'sell', held, true],
    ]);
    await h.engine.stop();
  });

  it('when the deadline comes for a follower already flat with nothing working, then nothing is sent and nobody is told', async () => {
    const h = await started();
    expect(await flattenForRule(h.engine, FOLLOWER, FLAT_BY)).toBe(false);
    await h.settle();
    expect([closeOuts(h), h.notifications]).toEqual([[], []]);
    await h.engine.stop();
  });

  it('when the deadline comes for a follower holding a position, then it is flattened and the user is told once', async () => {
    const h = await started();
    await h.leaderTrades('sell', 1);
    expect(await flattenForRule(h.engine, FOLLOWER, FLAT_BY)).toBe(true);
    await h.settle();
    expect(h.position(FOLLOWER, ES)).toBe(0);
    expect(closeOuts(h)).toEqual([[FOLLOWER, 'buy', 2, true]]);
    expect(h.notifications).toEqual([
      expect.objectContaining({ kind: 'risk_stop', title: 'Account 2 flattened' }),
    ]);
    await h.engine.stop();
  });

  it('when the deadline comes for a flat follower with a resting mirror, then the mirror is canceled and the user is told', async () => {
    const h = await started();
    await h.leaderRestingBuy();
    await h.settle();
    expect([h.position(FOLLOWER, ES), working(h, FOLLOWER)]).toEqual([0, ['Limit buy 2']]);
    expect(await flattenForRule(h.engine, FOLLOWER, FLAT_BY)).toBe(true);
    await h.settle();
    expect([working(h, FOLLOWER), closeOuts(h)]).toEqual([[], []]);
    expect(h.notifications).toHaveLength(1);
    await h.engine.stop();
  });

  it('when the deadline comes for the leader, then the leader is never flattened', async () => {
    const h = await started();
    await h.leaderTrades('buy', 1);
    expect(await flattenForRule(h.engine, LEADER, FLAT_BY)).toBe(false);
    expect(await closeOutForRule(h.engine, LEADER, FLAT_BY)).toBe(false);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES), closeOuts(h)]).toEqual([1, 2, []]);
    await h.engine.stop();
  });

  it('when the deadline comes for an account that does not follow, then the copier leaves it alone', async () => {
    const h = new Harness([{ ratio: 2 }, { ratio: 1, isFollower: false }]);
    await h.start();
    const own = 3;
    const hand = await h.hand(own);
    await hand.placeOrder({
      accountExternalId: h.directory.account(own).externalId,
      clientOrderId: 'by-hand-1',
      symbol: ES,
      side: 'buy',
      qty: 1,
      type: 'Market',
    });
    await h.settle();
    expect(h.position(own, ES)).toBe(1);
    expect(await flattenForRule(h.engine, own, FLAT_BY)).toBe(false);
    await h.settle();
    expect([h.position(own, ES), closeOuts(h), h.notifications]).toEqual([1, [], []]);
    await h.engine.stop();
  });

  it('when a rule acts on an account the engine does not hold, then nothing is closed', async () => {
    const h = await started();
    await h.leaderTrades('buy', 1);
    expect(await flattenForRule(h.engine, 99, FLAT_BY)).toBe(false);
    expect(await closeOutForRule(h.engine, 99, FLAT_BY)).toBe(false);
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES), closeOuts(h)]).toEqual([1, 2, []]);
    await h.engine.stop();
  });

  it('when the leader is switched off, then a rule still never closes it, and still closes a follower', async () => {
    const h = await started();
    await h.leaderTrades('buy', 1);
    h.directory.account(LEADER).enabled = false;
    await h.engine.refreshUser(USER);
    await h.settle();
    expect(await closeOutForRule(h.engine, LEADER, FLAT_BY)).toBe(false);
    expect(await closeOutForRule(h.engine, FOLLOWER, FLAT_BY)).toBe(true);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([1, 0]);
    expect(closeOuts(h)).toEqual([[FOLLOWER, 'sell', 2, true]]);
    await h.engine.stop();
  });

  it("when the follower's broker session could not open, then the rule closes nothing and says so", async () => {
    // The follower (ratio 2) is alone on connection 2, which refuses to open.
    const h = new Harness([{ ratio: 1, isFollower: false }, { ratio: 2 }]);
    h.connectionDown(2);
    await h.start();
    await h.settle();
    expect(await closeOutForRule(h.engine, 3, FLAT_BY)).toBe(false);
    expect(closeOuts(h)).toEqual([]);
    await h.engine.stop();
  });

  it("when canceling a follower's working order fails, then the failure is logged and its position is still closed", async () => {
    const h = new Harness([{ ratio: 2 }]);
    h.alterSessions((session) => {
      session.cancelOrder = () => Promise.reject(new Error('Cancel refused'));
    });
    await h.start();
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await h.leaderRestingBuy();
    await h.settle();
    expect(await closeOutForRule(h.engine, FOLLOWER, FLAT_BY)).toBe(true);
    await h.settle();
    expect(h.logs).toEqual([`firm rule cancel ${FOLLOWER}`]);
    expect([h.position(FOLLOWER, ES), working(h, FOLLOWER)]).toEqual([0, ['Limit buy 2']]);
    await h.engine.stop();
  });
});

describe("a firm's deadline through the engine", () => {
  type Deadline = (userId: number, accountId: number, reason: string) => Promise<boolean>;
  /** Firm rules that allow every order and only report their deadlines (and may fail to load). */
  function deadlineRules(prepare: () => Promise<void> = async () => undefined): {
    guard: RuleGuard;
    deadline: () => Deadline;
  } {
    let listener: Deadline | null = null;
    const guard: RuleGuard = {
      prepare,
      gate: (order) => ({ qty: order.qty, reason: null }),
      boundsOf: () => ({ maxContractsPerOrder: Infinity, maxNetPosition: Infinity }),
      onReading: () => ({ flatten: null, leaderBreach: null }),
      onDeadline: (registered) => {
        listener = registered;
      },
    };
    return {
      guard,
      deadline: () => {
        if (listener === null) throw new Error('The engine did not register for deadlines');
        return listener;
      },
    };
  }

  it('when the deadline comes, then a follower holding a position is flattened (true), a flat one is left alone (false), and after the engine stopped nothing is done', async () => {
    const rules = deadlineRules();
    const h = new Harness([{ ratio: 2 }, { ratio: 1 }], undefined, {}, rules.guard);
    await h.start();
    await h.leaderTrades('buy', 1);
    await h.handFlatten(3);
    expect([h.position(FOLLOWER, ES), h.position(3, ES)]).toEqual([2, 0]);
    expect(await rules.deadline()(USER, 3, FLAT_BY)).toBe(false);
    expect(await rules.deadline()(USER, FOLLOWER, FLAT_BY)).toBe(true);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([1, 0]);
    await h.leaderTrades('buy', 1);
    const held = h.position(FOLLOWER, ES);
    expect(held).toBeGreaterThan(0);
    await h.engine.stop();
    expect(await rules.deadline()(USER, FOLLOWER, FLAT_BY)).toBe(false);
    expect(h.position(FOLLOWER, ES)).toBe(held);
  });

  it('when the firm rules cannot be read, then the failure is logged and copying goes on', async () => {
    const rules = deadlineRules(() => Promise.reject(new Error('rules unavailable')));
    const h = new Harness([{ ratio: 2 }], undefined, {}, rules.guard);
    await h.start();
    expect(h.logs).toEqual([`firm rules ${USER}`]);
    await h.leaderTrades('buy', 1);
    expect(h.position(FOLLOWER, ES)).toBe(2);
    await h.engine.stop();
  });
});
