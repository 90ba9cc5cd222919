import { frontMonth } from '@synctrade/market';
import { pendingOrder } from '../../src/brokers/shared/pending-order';
import { BrokerError, type BrokerOrder } from '../../src/brokers/types';
import type { RuleGuard } from '../../src/copier/engine/ports';
import { Harness, LEADER, USER } from './support/harness';
import { ScriptedFollower, until } from './support/scripted-follower';

const ES = frontMonth('ES');
const NQ = frontMonth('NQ');
const FOLLOWER = 2;
const UNKNOWN = 'Outcome unknown: the broker did not answer; the position is reconciled';

function outcomes(h: Harness): Array<{ status?: string; reason?: string | null; sentMs?: number | null }> {
  return [...h.store.intents.values()]
    .filter((intent) => intent.accountId === FOLLOWER)
    .map((intent) => ({
      status: intent.outcome?.status,
      reason: intent.outcome?.reason,
      sentMs: intent.outcome?.sentMs,
    }));
}

function messages(h: Harness): string[] {
  return h.notifications.map((n) => `${n.title} | ${(n as { message?: string }).message ?? ''}`);
}

const uncertain = (): Promise<never> => Promise.reject(new BrokerError('Request timed out', 'uncertain'));

/** The next send's answer is lost and its look-up waits: the returned function answers the look-up (not found). */
function lostSendWithLookUpHeld(broker: ScriptedFollower): (order: null) => void {
  let answer: (order: null) => void = () => undefined;
  broker.places.push(uncertain);
  broker.finds.push(() => new Promise((resolve) => (answer = resolve)));
  return (order) => answer(order);
}

async function started(settings = {}): Promise<{ h: Harness; broker: ScriptedFollower }> {
  const h = new Harness([{ ratio: 1 }], undefined, settings);
  const broker = new ScriptedFollower(h, FOLLOWER);
  await h.start();
  return { h, broker };
}

/**
 * The leader's `first` copy is lost and its look-up waits; the leader then turns to `then`: the copy the other way
 * waits for the look-up (given a turn to be dispatched, it is still not sent), then goes out after the first copy
 * is sent again under its client order id; leader and follower end flat.
 */
async function turnWaitsForLookUp(first: 'buy' | 'sell', then: 'buy' | 'sell'): Promise<void> {
  const { h, broker } = await started();
  const answer = lostSendWithLookUpHeld(broker);
  await h.leaderOrder({ symbol: ES, side: first, qty: 1, type: 'Market' });
  await until(() => broker.lookUps === 1);
  await h.leaderOrder({ symbol: ES, side: then, qty: 1, type: 'Market' });
  await until(() => [...h.store.intents.values()].some((i) => i.accountId === FOLLOWER && i.side === then));
  // A send starts as soon as it is dispatched; give the dispatch a turn, then the copy the other way must still wait.
  await new Promise((resolve) => setImmediate(resolve));
  expect(broker.commands.map((c) => c.side)).toEqual([first]);
  answer(null);
  await h.settle();
  expect(broker.commands.map((c) => c.side)).toEqual([first, first, then]);
  expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([0, 0]);
  await h.engine.stop();
}

describe('the sender: what the broker answers decides the copy', () => {
  afterEach(() => jest.useRealTimers());

  it('when the broker rejects the order with a reason, then the copy is rejected with that reason and the trader is told', async () => {
    const { h } = await started();
    h.venue.faults.arm(
      { kind: 'reject', reason: 'Insufficient margin' },
      h.directory.account(FOLLOWER).externalId,
    );
    await h.leaderTrades('buy', 1);
    expect(outcomes(h)).toEqual([{ status: 'Rejected', reason: 'Insufficient margin', sentMs: null }]);
    expect(messages(h)).toEqual([`Copy to Account 2 failed | Buy 1 ${ES}: Insufficient margin`]);
    expect(h.engine.live.get(FOLLOWER)?.status.state).toBe('ok');
    await h.engine.stop();
  });

  it('when the broker rejects the order without a reason, then the copy says the broker rejected it', async () => {
    const { h, broker } = await started();
    // The paper venue always names a reason: this broker's answer is scripted (the order never reaches the venue).
    broker.places.push(async (command) => ({ ...pendingOrder('rejected-1', command), status: 'Rejected' }));
    await h.leaderTrades('sell', 1);
    expect(outcomes(h).map((o) => [o.status, o.reason])).toEqual([['Rejected', 'Rejected by the broker']]);
    expect(messages(h)).toEqual([`Copy to Account 2 failed | Sell 1 ${ES}: Rejected by the broker`]);
    // A rejected order is no sign of an expired login.
    expect(h.engine.live.get(FOLLOWER)?.status.state).toBe('ok');
    await h.engine.stop();
  });

  it('when the broker refuses the order with an error, then the copy is rejected with its message and the follower stays ok', async () => {
    const { h, broker } = await started();
    broker.places.push(() => Promise.reject(new BrokerError('Market closed', 'rejected')));
    await h.leaderTrades('buy', 1);
    expect(outcomes(h)).toEqual([{ status: 'Rejected', reason: 'Market closed', sentMs: null }]);
    expect(messages(h)).toEqual([`Copy to Account 2 failed | Buy 1 ${ES}: Market closed`]);
    expect(h.engine.live.get(FOLLOWER)?.status.state).toBe('ok');
    expect(h.position(FOLLOWER, ES)).toBe(0);
    await h.engine.stop();
  });

  it('when the broker answers 401, then the copy is rejected and the follower must log in again', async () => {
    const { h, broker } = await started();
    broker.places.push(() => Promise.reject(new BrokerError('Access token expired', 'unauthorized')));
    await h.leaderTrades('buy', 1);
    expect(outcomes(h).map((o) => [o.status, o.reason])).toEqual([['Rejected', 'Access token expired']]);
    expect(h.engine.live.get(FOLLOWER)?.status).toMatchObject({
      state: 'reauth_required',
      reason: 'Access token expired',
    });
    expect(messages(h)).toEqual([`Copy to Account 2 failed | Buy 1 ${ES}: Access token expired`]);
    await h.engine.stop();
  });
});

describe('the sender: a lost answer is looked up before any resend', () => {
  it('when the answer is lost but the order reached the broker, then the look-up finds it and nothing is sent again', async () => {
    const { h, broker } = await started();
    broker.places.push(async (command, place) => {
      await place(command);
      throw new BrokerError('Request timed out', 'uncertain');
    });
    await h.leaderTrades('buy', 1);
    expect([broker.commands.length, broker.lookUps, h.position(FOLLOWER, ES)]).toEqual([1, 1, 1]);
    expect(outcomes(h).map((o) => o.reason)).toEqual([null]);
    await h.engine.stop();
  });

  it('when the answer is lost and the look-up finds nothing, then the order is sent again under the same client order id', async () => {
    const { h, broker } = await started();
    broker.places.push(uncertain);
    await h.leaderTrades('buy', 1);
    expect([broker.commands.length, broker.lookUps, h.position(FOLLOWER, ES)]).toEqual([2, 1, 1]);
    expect(broker.commands[1]?.clientOrderId).toBe(broker.commands[0]?.clientOrderId);
    await h.engine.stop();
  });

  it('when every send is lost and every look-up finds nothing, then after two retries the outcome is unknown and the follower is out of sync', async () => {
    // sendRetries is 2 in the harness: the first send and two retries.
    const { h, broker } = await started();
    broker.places.push(uncertain, uncertain, uncertain, uncertain);
    await h.leaderTrades('buy', 1);
    expect([broker.commands.length, broker.lookUps, h.position(FOLLOWER, ES)]).toEqual([3, 3, 0]);
    const [outcome] = outcomes(h);
    expect([outcome?.status, outcome?.reason, typeof outcome?.sentMs]).toEqual([
      'Rejected',
      UNKNOWN,
      'number',
    ]);
    expect(h.engine.live.get(FOLLOWER)?.status).toMatchObject({ state: 'out_of_sync', reason: UNKNOWN });
    // Ruled out at the broker: no order event of it is awaited.
    expect(h.engine.live.get(FOLLOWER)?.sends.size).toBe(0);
    await h.engine.stop();
  });

  it("when the follower goes from the user while its copy waits for the broker's answer, then the send still ends with that answer and the group is not held up", async () => {
    const { h, broker } = await started();
    let answer: () => void = () => undefined;
    broker.places.push(
      (command, place) =>
        new Promise((resolve, reject) => {
          answer = () => place(command).then(resolve, reject);
        }),
    );
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await until(() => broker.commands.length === 1);
    h.directory.accounts.splice(
      h.directory.accounts.findIndex((account) => account.id === FOLLOWER),
      1,
    );
    // The reload forgets the follower, then its check waits for the send under way.
    const reload = h.engine.refreshUser(USER);
    await until(() => !h.engine.live.has(FOLLOWER));
    answer();
    await reload;
    await h.settle();
    expect(outcomes(h).map((o) => o.status)).toEqual(['Success']);
    expect(h.logs).toEqual([]);
    await h.engine.stop();
  });

  it('when the answer is lost and the look-up fails too, then nothing is sent again and the outcome is unknown', async () => {
    const { h, broker } = await started();
    broker.places.push(uncertain);
    broker.finds.push(() => Promise.reject(new BrokerError('Service unavailable', 'unavailable')));
    await h.leaderTrades('buy', 1);
    expect([broker.commands.length, broker.lookUps, h.position(FOLLOWER, ES)]).toEqual([1, 1, 0]);
    expect(outcomes(h).map((o) => [o.status, o.reason])).toEqual([['Rejected', UNKNOWN]]);
    expect(h.engine.live.get(FOLLOWER)?.status.state).toBe('out_of_sync');
    await h.engine.stop();
  });

  it('when a copy waits on a look-up and the leader turns the other way, then the copy the other way is sent after it settles', async () => {
    await turnWaitsForLookUp('buy', 'sell');
  });
});

describe('the sender: the broker says too many requests', () => {
  afterEach(() => jest.useRealTimers());

  it('when the broker answers 429 with a time to retry, then the order is sent again at that time, not before', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { h, broker } = await started();
    broker.places.push(() =>
      Promise.reject(new BrokerError('Too many requests', 'rate_limited', Date.now() + 2_000)),
    );
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await jest.advanceTimersByTimeAsync(1_900);
    expect(broker.commands.length).toBe(1);
    await jest.advanceTimersByTimeAsync(200);
    await h.settle();
    expect(broker.commands.length).toBe(2);
    const [first, second] = broker.commands;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(2_000);
    expect(h.position(FOLLOWER, ES)).toBe(1);
    expect(h.engine.live.get(FOLLOWER)?.status.state).toBe('ok');
    await h.engine.stop();
  });

  it('when the broker answers 429 without a time, then the follower shows it waits for the limit, and a minute later the copy is planned again and sent, never reported failed', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { h, broker } = await started();
    broker.places.push(() => Promise.reject(new BrokerError('Too many requests', 'rate_limited')));
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await jest.advanceTimersByTimeAsync(6_000);
    expect(broker.commands.length).toBe(1);
    expect(outcomes(h).map((o) => o.status)).toEqual([undefined]);
    expect(h.engine.live.get(FOLLOWER)?.status.state).toBe('rate_limited');
    expect(h.engine.live.get(FOLLOWER)?.status.reason).toContain('converging to leader × ratio');
    await jest.advanceTimersByTimeAsync(60_000);
    await h.settle();
    expect(broker.commands.length).toBe(2);
    expect(h.position(FOLLOWER, ES)).toBe(1);
    expect(outcomes(h).map((o) => o.status)).toEqual(['Success']);
    expect(h.engine.live.get(FOLLOWER)?.status).toMatchObject({ state: 'ok', reason: null });
    expect(messages(h)).toEqual([]);
    await h.engine.stop();
  });

  it('when the leader undoes its order while the copy waits out a 429, then the copy is not sent and says it was superseded', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { h, broker } = await started();
    broker.places.push(() =>
      Promise.reject(new BrokerError('Too many requests', 'rate_limited', Date.now() + 2_000)),
    );
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 3, type: 'Market' });
    await jest.advanceTimersByTimeAsync(100);
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 3, type: 'Market' });
    await jest.advanceTimersByTimeAsync(2_500);
    await h.settle();
    // The refused buy 3, then nothing: buy 3 then sell 3 waiting sends nothing.
    expect(broker.commands.map((c) => `${c.side} ${c.qty}`)).toEqual(['buy 3']);
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([0, 0]);
    // The sell found the follower already where the leader is (the waiting buy is not on its way): nothing to copy.
    expect(outcomes(h).map((o) => [o.status, o.reason?.split(':')[0]])).toEqual([
      ['Canceled', "Superseded by the leader's later order"],
    ]);
    expect(h.engine.live.get(FOLLOWER)?.status.state).toBe('ok');
    await h.engine.stop();
  });
});

describe('the sender: the order it sends', () => {
  it('when the copy is a market order, then it carries no price, no stop price and no link', async () => {
    const { h, broker } = await started();
    await h.leaderTrades('buy', 1);
    expect(broker.commands.map((c) => ['price', 'stopPrice', 'oco'].filter((key) => key in c))).toEqual([[]]);
    await h.engine.stop();
  });

  it('when the copy is a limit order, then it carries the leader price and no stop price', async () => {
    const { h, broker } = await started();
    const limit = h.venue.prices.price('ES') - 10;
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Limit', price: limit });
    await h.settle();
    expect(broker.commands.map((c) => [c.type, c.price, 'stopPrice' in c])).toEqual([
      ['Limit', limit, false],
    ]);
    await h.engine.stop();
  });

  it('when the copy is a stop order, then it carries the leader stop price and no price', async () => {
    const { h, broker } = await started();
    const stop = h.venue.prices.price('ES') + 10;
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Stop', stopPrice: stop });
    await h.settle();
    expect(broker.commands.map((c) => [c.type, c.stopPrice, 'price' in c])).toEqual([['Stop', stop, false]]);
    await h.engine.stop();
  });
});

describe('the sender: copies held back, and who may still receive them', () => {
  it('when a sell copy waits on a look-up and the leader turns to buy, then the buy is sent after it settles', async () => {
    await turnWaitsForLookUp('sell', 'buy');
  });

  it('when a sell copy waits on a look-up and the leader buys another contract, then that buy goes out at once', async () => {
    const { h, broker } = await started();
    const answer = lostSendWithLookUpHeld(broker);
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 1, type: 'Market' });
    await until(() => broker.lookUps === 1);
    await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 1, type: 'Market' });
    // Only a copy the other way in the same contract holds an order back: the look-up is still unanswered here.
    await until(() => broker.commands.some((c) => c.symbol === NQ));
    expect(broker.commands.map((c) => [c.symbol, c.side])).toEqual([
      [ES, 'sell'],
      [NQ, 'buy'],
    ]);
    answer(null);
    await h.settle();
    expect([h.position(FOLLOWER, ES), h.position(FOLLOWER, NQ)]).toEqual([-1, 1]);
    expect([h.position(LEADER, ES), h.position(LEADER, NQ)]).toEqual([-1, 1]);
    await h.engine.stop();
  });

  it('when the follower is stopped by its loss limit while its exit waits on a look-up, then the exit is not sent again and says why', async () => {
    const { h, broker } = await started();
    await h.leaderTrades('buy', 1);
    expect(h.position(FOLLOWER, ES)).toBe(1);
    const answer = lostSendWithLookUpHeld(broker);
    await h.leaderOrder({ symbol: ES, side: 'sell', qty: 1, type: 'Market' });
    await until(() => broker.lookUps === 1);
    h.engine.setStatus(FOLLOWER, { state: 'risk_stopped', reason: 'Daily loss limit reached' });
    answer(null);
    await h.settle();
    // Only the first sell reached the broker (and was lost there): a stopped follower gets no more copies, not
    // even an exit; only a firm rule's close-out (an exit carrying the rule's reason) still goes.
    expect(broker.commands.map((c) => c.side)).toEqual(['buy', 'sell']);
    expect(h.position(FOLLOWER, ES)).toBe(1);
    expect(outcomes(h).map((o) => [o.status, o.reason])[1]).toEqual([
      'Canceled',
      'Not sent: the follower was disabled',
    ]);
    await h.engine.stop();
  });
});

describe('the sender: what is still on its way to the follower', () => {
  it('when the broker cancels a market copy unfilled, then it is no longer counted on its way and the next check buys the follower in', async () => {
    const { h, broker } = await started();
    broker.places.push(async (command) => ({ ...pendingOrder('canceled-1', command), status: 'Canceled' }));
    await h.leaderTrades('buy', 1);
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([1, 0]);
    await h.engine.autoSync(USER);
    await h.settle();
    expect(h.position(FOLLOWER, ES)).toBe(1);
    await h.engine.stop();
  });

  it('when the broker takes a market copy as working and its feed later tells it was canceled, then it is no longer counted on its way and the next check buys the follower in', async () => {
    const { h, broker } = await started();
    let working: BrokerOrder | null = null;
    broker.places.push(async (command) => {
      working = { ...pendingOrder('working-1', command), status: 'Working' };
      return working;
    });
    await h.leaderTrades('buy', 1);
    const answered = working as BrokerOrder | null;
    if (answered === null) throw new Error('No copy was answered');
    // The answer came first: the cancel reaches the engine only through the follower's feed.
    h.venue.hub.emit(answered.accountExternalId, {
      kind: 'order',
      order: { ...answered, status: 'Canceled' },
    });
    await h.settle();
    await h.engine.autoSync(USER);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([1, 1]);
    await h.engine.stop();
  });

  it('when a limit copy rests at the broker, then it is not counted as held and the follower is not corrected for it', async () => {
    const { h, broker } = await started();
    const limit = h.venue.prices.price('ES') - 10;
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Limit', price: limit });
    await h.settle();
    await h.leaderTrades('buy', 2);
    await h.engine.autoSync(USER);
    await h.settle();
    // The resting mirror is an order, not a position: the follower holds the leader's 2, nothing more or less.
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([2, 2]);
    expect(broker.commands.map((c) => [c.type, c.side, c.qty])).toEqual([
      ['Limit', 'buy', 1],
      ['Market', 'buy', 2],
    ]);
    await h.engine.stop();
  });
});

describe('the sender: the latency it records', () => {
  const latency = (h: Harness): Array<[number, number]> =>
    [...h.store.intents.values()]
      .filter((intent) => intent.accountId === FOLLOWER)
      .map((intent) => [intent.outcome?.sentMs ?? NaN, intent.outcome?.ackMs ?? NaN]);

  /** Both figures lie between 0 and the time the whole step took, the answer not before the send. */
  function plausible(figures: Array<[number, number]>, stepMs: number): void {
    expect(figures).toHaveLength(1);
    const [[sentMs, ackMs]] = figures as [[number, number]];
    expect(sentMs).toBeGreaterThanOrEqual(0);
    expect(ackMs).toBeGreaterThanOrEqual(sentMs);
    expect(ackMs).toBeLessThanOrEqual(stepMs);
  }

  it('when the broker answers at once, then the copy records its send and answer times since the leader event', async () => {
    const { h } = await started();
    const before = performance.now();
    await h.leaderTrades('buy', 1);
    plausible(latency(h), performance.now() - before);
    await h.engine.stop();
  });

  it('when the answer is lost and the look-up finds the order, then the copy still records plausible times', async () => {
    const { h, broker } = await started();
    broker.places.push(async (command, place) => {
      await place(command);
      throw new BrokerError('Request timed out', 'uncertain');
    });
    const before = performance.now();
    await h.leaderTrades('buy', 1);
    plausible(latency(h), performance.now() - before);
    await h.engine.stop();
  });

  it('when the outcome stays unknown, then the copy records when it was sent and no answer time', async () => {
    const { h, broker } = await started();
    broker.places.push(uncertain, uncertain, uncertain);
    const before = performance.now();
    await h.leaderTrades('buy', 1);
    const elapsed = performance.now() - before;
    const [[sentMs, ackMs]] = latency(h) as [[number, number]];
    expect(sentMs).toBeGreaterThanOrEqual(0);
    expect(sentMs).toBeLessThanOrEqual(elapsed);
    expect(ackMs).toBeNaN();
    await h.engine.stop();
  });
});

describe('the sender: a firm rule is asked again when the order goes', () => {
  it("when a firm rule closes while a copy waits out a 429, then the copy is not sent and carries the rule's reason", async () => {
    let closed = false;
    const guard: RuleGuard = {
      prepare: async () => undefined,
      gate: (order) => (closed ? { qty: 0, reason: 'Flat by 15:55 ET' } : { qty: order.qty, reason: null }),
      boundsOf: () => ({ maxContractsPerOrder: Infinity, maxNetPosition: Infinity }),
      onReading: () => ({ flatten: null, leaderBreach: null }),
    };
    const h = new Harness([{ ratio: 1 }], undefined, {}, guard);
    const broker = new ScriptedFollower(h, FOLLOWER);
    await h.start();
    broker.places.push(() => {
      closed = true;
      return Promise.reject(new BrokerError('Too many requests', 'rate_limited', Date.now() + 20));
    });
    await h.leaderTrades('buy', 1);
    expect(broker.commands.length).toBe(1);
    expect(h.position(FOLLOWER, ES)).toBe(0);
    expect(outcomes(h).map((o) => [o.status, o.reason])).toEqual([['Rejected', 'Flat by 15:55 ET']]);
    await h.engine.stop();
  });
});

describe('the sender: a check while a copy waits out a 429 replaces it', () => {
  afterEach(() => jest.useRealTimers());

  it('when a Sync runs while a copy waits out a 429, then the Sync does not wait for it: one order replaces it and the follower ends at the leader, not above', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { h, broker } = await started();
    broker.places.push(() =>
      Promise.reject(new BrokerError('Too many requests', 'rate_limited', Date.now() + 2_000)),
    );
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await jest.advanceTimersByTimeAsync(100);
    let checked = false;
    const check = h.engine.sync(1).then(() => (checked = true));
    await jest.advanceTimersByTimeAsync(100);
    expect([checked, broker.commands.length]).toEqual([true, 1]);
    await jest.advanceTimersByTimeAsync(2_000);
    await check;
    await h.settle();
    expect([h.position(LEADER, ES), h.position(FOLLOWER, ES)]).toEqual([1, 1]);
    expect(broker.commands.length).toBe(2);
    expect(outcomes(h).map((o) => o.reason?.split(':')[0] ?? o.status)).toEqual([
      'Superseded by the position check',
      'Success',
    ]);
    await h.engine.stop();
  });
});
