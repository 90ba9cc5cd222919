import { frontMonth } from '@synctrade/market';
import { Harness } from './support/harness';

const ES = frontMonth('ES');

/** The orders that reach the venue for one follower, as "side qty", in arrival order. */
function ordersReaching(h: Harness, accountId: number): string[] {
  const placed: string[] = [];
  const place = h.venue.place.bind(h.venue);
  h.venue.place = (command) => {
    if (command.accountExternalId === h.directory.account(accountId).externalId)
      placed.push(`${command.side} ${command.qty}`);
    return place(command);
  };
  return placed;
}

describe('copy engine under a tight broker budget', () => {
  afterEach(() => jest.useRealTimers());

  it('when followers on one broker user cannot all be served at once, then the waiting ones show it and converge to where the leader is when their turn comes, never replaying what the leader undid', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    // Followers 2 and 5 share connection 1; one request a minute per broker user.
    const h = new Harness([{ ratio: 1 }, { ratio: 1 }, { ratio: 1 }, { ratio: 1 }], 1);
    await h.start();
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await jest.advanceTimersByTimeAsync(10);
    const served = [2, 3, 4, 5].filter((id) => h.position(id, ES) === 1);
    const waiting = [2, 3, 4, 5].filter((id) => h.engine.live.get(id)?.status.state === 'rate_limited');
    expect(served.length + waiting.length).toBe(4);
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((id) => h.engine.queuedFor(id) === 1)).toBe(true);
    // The leader sells before their turn: the waiting buys are not sent at all.
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 1, type: 'Market' });
    await jest.advanceTimersByTimeAsync(3 * 60_000);
    await h.settle();
    expect([2, 3, 4, 5].map((id) => h.position(id, ES))).toEqual([0, 0, 0, 0]);
    const reasons = [...h.store.intents.values()]
      .filter((i) => waiting.includes(i.accountId))
      .map((i) => `${i.side} ${i.outcome?.status} ${i.outcome?.reason?.split(':')[0]}`);
    expect(reasons.sort()).toEqual(
      // The leader's sell found them where it is (a waiting copy is not on its way): it planned nothing for them.
      waiting.map(() => "buy Canceled Superseded by the leader's later order"),
    );
    expect([2, 3, 4, 5].map((id) => h.engine.live.get(id)?.status.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(h.notifications.some((n) => n.title.includes('rate limited'))).toBe(false);
    await h.engine.stop();
  });

  it('when the user presses Sync while copies wait for the budget, then the waiting copies are replaced by one net order per follower', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    // One request a minute: the first copy goes, the next three wait.
    const h = new Harness([{ ratio: 2 }], 1);
    await h.start();
    const placed = ordersReaching(h, 2);
    for (const side of ['buy', 'buy', 'buy', 'sell'] as const) {
      await h.leaderOrder({ symbol: ES, side, qty: 1, type: 'Market' });
      await jest.advanceTimersByTimeAsync(10);
    }
    expect([placed, h.engine.queuedFor(2)]).toEqual([['buy 2'], 2]);
    await h.engine.sync(1);
    expect(h.engine.queuedFor(2)).toBe(1);
    await jest.advanceTimersByTimeAsync(60_000);
    await h.settle();
    // Leader 2 × ratio 2: one buy of 2 after the first copy, whatever waited.
    expect([placed, h.position(1, ES), h.position(2, ES)]).toEqual([['buy 2', 'buy 2'], 2, 4]);
    const replaced = [...h.store.intents.values()].filter(
      (i) => i.outcome?.reason?.startsWith('Superseded by the position check') === true,
    );
    expect(replaced).toHaveLength(2);
    await h.engine.stop();
  });

  it('when a follower stops following while its copies wait for the budget, then the waiting ones are not sent', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    // Fifteen requests a minute: the sixteenth one-contract part waits four seconds for a token.
    const h = new Harness([{ ratio: 1, risk: { maxContractsPerOrder: 1 } }], 15);
    await h.start();
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 16, type: 'Market' });
    await jest.advanceTimersByTimeAsync(10);
    expect(h.position(2, ES)).toBe(15);
    h.directory.account(2).isFollower = false;
    // The reload lands at once; its reconciliation then waits for the copy still queued.
    const reloaded = h.engine.refreshUser(1);
    await jest.advanceTimersByTimeAsync(6_000);
    await reloaded;
    await h.settle();
    expect(h.position(2, ES)).toBe(15);
    const waiting = [...h.store.intents.values()].filter((i) => i.clientOrderId.endsWith('.15'));
    expect(waiting.map((i) => i.outcome?.reason)).toEqual(['Not sent: the follower was disabled']);
    await h.engine.stop();
  });

  it('when a follower stops following while a copy that would be planned again in two parts waits for the budget, then nothing is planned or sent for it and the queue empties', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    // One request a minute, one contract an order: the first copy goes, the next two wait; at their turn the
    // follower is 2 short, which is two orders of one.
    const h = new Harness([{ ratio: 1, risk: { maxContractsPerOrder: 1 } }], 1);
    await h.start();
    const placed = ordersReaching(h, 2);
    for (let i = 0; i < 3; i += 1) {
      await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
      await jest.advanceTimersByTimeAsync(10);
    }
    expect(placed).toEqual(['buy 1']);
    expect(h.engine.queuedFor(2)).toBeGreaterThanOrEqual(2);
    h.directory.account(2).isFollower = false;
    const reloaded = h.engine.refreshUser(1);
    await jest.advanceTimersByTimeAsync(3 * 60_000);
    await reloaded;
    await h.settle();
    expect([placed, h.position(1, ES), h.position(2, ES), h.engine.queuedFor(2)]).toEqual([
      ['buy 1'],
      3,
      1,
      0,
    ]);
    const waiting = [...h.store.intents.values()].filter(
      (i) => i.accountId === 2 && i.outcome?.brokerOrderId === null,
    );
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    expect(new Set(waiting.map((i) => `${i.side} ${i.qty} ${i.outcome?.reason}`))).toEqual(
      new Set(['buy 1 Not sent: the follower was disabled']),
    );
    await h.engine.stop();
  });

  it('when a broker session cannot open at start, then it is tried again until it opens and its followers catch up', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    // Follower 3 is on connection 2, whose broker refuses the first two attempts (down, or rate limiting).
    const h = new Harness([{ ratio: 1 }, { ratio: 2 }]);
    const open = h.directory.openSession.bind(h.directory);
    let refusals = 2;
    h.directory.openSession = async (connectionId) => {
      if (connectionId === 2 && refusals > 0) {
        refusals -= 1;
        throw new Error('Broker unreachable');
      }
      return open(connectionId);
    };
    await h.start();
    expect(h.engine.live.get(3)?.status.state).toBe('disconnected');
    await h.leaderTrades('buy', 2);
    expect([h.position(2, ES), h.position(3, ES)]).toEqual([2, 0]);
    // Five seconds, then ten: the second retry opens the session, and the reload reconciles.
    await jest.advanceTimersByTimeAsync(5_000);
    expect(h.engine.sessions.has(2)).toBe(false);
    await jest.advanceTimersByTimeAsync(10_000);
    await h.settle();
    expect(h.engine.sessions.has(2)).toBe(true);
    expect([h.position(3, ES), h.engine.live.get(3)?.status.state]).toEqual([4, 'ok']);
    await h.engine.stop();
  });

  it('when a connection is disabled, then its followers get no copies', async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 1 }]);
    await h.start();
    for (const account of h.directory.accounts) if (account.connectionId === 2) account.enabled = false;
    await h.engine.refreshUser(1);
    await h.leaderTrades('buy', 2);
    expect([h.position(2, ES), h.position(3, ES)]).toEqual([2, 0]);
    expect(h.engine.sessions.has(2)).toBe(false);
    await h.engine.stop();
  });

  it('when two connections belong to one broker user, then the orders reaching the venue for that user never pass the allowance of one broker user', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const ALLOWANCE = 4;
    const h = new Harness([{ ratio: 1 }, { ratio: 1 }, { ratio: 1 }, { ratio: 1 }], ALLOWANCE);
    // Connection 4 is a second connection of login 111111 (the leader's broker user, which also holds
    // follower 2 on connection 1): followers 3 and 5 move there.
    h.directory.addConnection(4, { accessToken: 'sim:111111:8' });
    Object.assign(h.directory.account(3), { connectionId: 4, externalId: '1111114' });
    h.directory.account(5).connectionId = 4;
    const sharedUser = ['1111112', '1111113', '1111114'];
    // Counted where the orders arrive, by the venue's clock: every order placed for the shared user.
    const arrivals: number[] = [];
    const place = h.venue.place.bind(h.venue);
    h.venue.place = (command) => {
      if (sharedUser.includes(command.accountExternalId)) arrivals.push(Date.now());
      return place(command);
    };
    await h.start();
    expect([...h.engine.sessions.keys()].sort()).toEqual([1, 3, 4]);
    for (let order = 0; order < 3; order += 1) {
      await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
      await jest.advanceTimersByTimeAsync(1_000);
    }
    await jest.advanceTimersByTimeAsync(3 * 60_000);
    await h.settle();
    // Nine copies were asked of the shared user (3 followers × 3 leader orders). The broker's allowance is
    // four a minute refilled continuously: between any two orders t ms apart, at most 4 + 4·t/60 s arrive,
    // whichever connection sent them (two budgets of four would let six through in the first second).
    expect(arrivals.length).toBeGreaterThanOrEqual(ALLOWANCE);
    arrivals.forEach((first, i) => {
      arrivals.slice(i).forEach((last, k) => {
        expect(k + 1).toBeLessThanOrEqual(ALLOWANCE + Math.floor((ALLOWANCE * (last - first)) / 60_000));
      });
    });
    await h.engine.stop();
  });
});
