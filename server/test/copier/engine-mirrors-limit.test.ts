import { frontMonth } from '@synctrade/market';
import { Harness } from './support/harness';

const ES = frontMonth('ES');

/** Resting mirrors when the followers' login is at its request limit. */
describe('copy engine: working orders under the broker request limit', () => {
  afterEach(() => jest.useRealTimers());

  function mirrorsOf(h: Harness, accountId: number): Array<{ qty: number; price: number | null }> {
    return h.venue
      .workingOrders([h.directory.account(accountId).externalId])
      .map((o) => ({ qty: o.qty, price: o.price }));
  }

  it('when the leader cancels its order before the mirror could go, then the mirror is never sent and says why', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    // Followers 2 and 3 share one login at one request a minute: the second mirror waits.
    const h = new Harness([{ ratio: 1 }, { ratio: 1 }], 1);
    Object.assign(h.directory.account(3), { connectionId: 1 });
    await h.start();
    const { orderId } = await h.leaderRestingBuy(1);
    await jest.advanceTimersByTimeAsync(10);
    const waiting = [2, 3].filter((id) => h.engine.queuedFor(id) === 1);
    expect(waiting).toHaveLength(1);
    await h.trader.cancelOrder(h.leaderExternalId, orderId);
    await jest.advanceTimersByTimeAsync(3 * 60_000);
    await h.settle();
    expect([mirrorsOf(h, 2), mirrorsOf(h, 3)]).toEqual([[], []]);
    const late = [...h.store.intents.values()].filter((i) => waiting.includes(i.accountId));
    expect(late.map((i) => [i.outcome?.status, i.outcome?.reason])).toEqual([
      ['Canceled', "Not sent: the leader's order was canceled before its copy could go"],
    ]);
    await h.engine.stop();
  });

  it("when the leader moves its order while the mirror's placement waits for the login's budget, then the mirror is placed and then moved to the leader's price", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    // One request a minute, spent by a market copy: the mirror of the resting buy waits.
    const h = new Harness([{ ratio: 1 }], 1);
    await h.start();
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await jest.advanceTimersByTimeAsync(10);
    const { orderId, price } = await h.leaderRestingBuy(1);
    await jest.advanceTimersByTimeAsync(10);
    expect([h.engine.queuedFor(2), mirrorsOf(h, 2)]).toEqual([1, []]);
    await h.trader.modifyOrder({
      accountExternalId: h.leaderExternalId,
      orderId,
      qty: 1,
      type: 'Limit',
      price: price - 2,
    });
    await jest.advanceTimersByTimeAsync(3 * 60_000);
    await h.settle();
    expect(mirrorsOf(h, 2)).toEqual([{ qty: 1, price: price - 2 }]);
    await h.engine.stop();
  });

  async function spentLogin(): Promise<{ h: Harness; orderId: string; price: number; modifies: number[] }> {
    // Two requests a minute: the mirror and a market copy spend them.
    const h = new Harness([{ ratio: 1 }], 2);
    await h.start();
    const { orderId, price } = await h.leaderRestingBuy(1);
    await jest.advanceTimersByTimeAsync(10);
    await h.settle();
    expect(mirrorsOf(h, 2)).toEqual([{ qty: 1, price }]);
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await jest.advanceTimersByTimeAsync(10);
    const modifies: number[] = [];
    const external = h.directory.account(2).externalId;
    const modify = h.venue.modify.bind(h.venue);
    h.venue.modify = (command) => {
      if (command.accountExternalId === external) modifies.push(command.price ?? 0);
      return modify(command);
    };
    return { h, orderId, price, modifies };
  }

  const modifyLeader = (h: Harness, orderId: string, price: number) =>
    h.trader.modifyOrder({ accountExternalId: h.leaderExternalId, orderId, qty: 1, type: 'Limit', price });

  it("when the leader modifies its order three times while the follower's login is spent, then the mirror gets one modify, with the last price", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { h, orderId, price, modifies } = await spentLogin();
    for (const step of [1, 2, 3]) {
      await modifyLeader(h, orderId, price - step);
      await jest.advanceTimersByTimeAsync(10);
    }
    expect(h.engine.queuedFor(2)).toBe(1);
    await jest.advanceTimersByTimeAsync(60_000);
    await h.settle();
    expect(modifies).toEqual([price - 3]);
    expect(mirrorsOf(h, 2)).toEqual([{ qty: 1, price: price - 3 }]);
    await h.engine.stop();
  });

  it("when the leader cancels an order while a copy that exits and a new resting order's mirror wait, then the cancel goes first, replacing the mirror's waiting modify", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { h, orderId, price, modifies } = await spentLogin();
    expect(h.position(2, ES)).toBe(1);
    const second = await h.leaderRestingBuy(1, 30);
    await jest.advanceTimersByTimeAsync(10);
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 1, type: 'Market' });
    await jest.advanceTimersByTimeAsync(10);
    await modifyLeader(h, orderId, price - 1);
    await jest.advanceTimersByTimeAsync(10);
    await h.trader.cancelOrder(h.leaderExternalId, orderId);
    await jest.advanceTimersByTimeAsync(10);
    expect(h.engine.queuedFor(2)).toBe(3);
    // One token every 30 s: the cancel, then the exit, then the new mirror.
    await jest.advanceTimersByTimeAsync(30_000);
    expect([mirrorsOf(h, 2), h.position(2, ES)]).toEqual([[], 1]);
    await jest.advanceTimersByTimeAsync(30_000);
    expect([mirrorsOf(h, 2), h.position(2, ES)]).toEqual([[], 0]);
    await jest.advanceTimersByTimeAsync(30_000);
    await h.settle();
    expect(mirrorsOf(h, 2)).toEqual([{ qty: 1, price: second.price }]);
    expect(modifies).toEqual([]);
    await h.engine.stop();
  });
});
