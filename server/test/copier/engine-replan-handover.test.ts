import { frontMonth } from '@synctrade/market';
import { Harness } from './support/harness';

const ES = frontMonth('ES');
/** The broker adapter's own pace for the login: one order every 3 s (Tradovate's bucket, ProjectX's window). */
const ADAPTER_GAP_MS = 3_000;

describe('copy engine: a re-planned copy is handed to the broker adapter only when it goes at once', () => {
  afterEach(() => jest.useRealTimers());

  it('when several waiting copies of one login get their turns together and one is re-planned, then it goes in its round, no order is handed to the adapter while the adapter would hold it back, and the followers reach the leader', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    // Followers 2 and 5 share connection 1. The engine's own budget is ample (60 a minute, a full bucket): the
    // adapter's pace decides, so when the adapter frees up several waiting turns run in one go.
    const h = new Harness([{ ratio: 1 }, { ratio: 1 }, { ratio: 1 }, { ratio: 1 }], 60);
    const handedWhileBusy: string[] = [];
    const handed: string[] = [];
    h.alterSessions((session, connectionId) => {
      if (connectionId !== 1) return;
      let nextAt = 0;
      session.nextRequestAt = () => nextAt;
      const place = session.placeOrder.bind(session);
      session.placeOrder = (command) => {
        // Handed over before the adapter's slot: the real adapter would hold it (up to seconds) and send it
        // later, on the reading it was planned on.
        if (Date.now() < nextAt)
          handedWhileBusy.push(`${command.side} ${command.qty} to ${command.accountExternalId}`);
        handed.push(`${command.side} ${command.qty} to ${command.accountExternalId}`);
        nextAt = Math.max(nextAt, Date.now()) + ADAPTER_GAP_MS;
        return place(command);
      };
    });
    await h.start();
    // Follower 2's copy goes at once; follower 5's waits for the adapter. The second buy waits for both.
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await jest.advanceTimersByTimeAsync(10);
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await jest.advanceTimersByTimeAsync(10);
    expect(h.engine.queuedFor(5)).toBe(2);
    // The adapter frees up: follower 5's first turn is re-planned (buy 2 for its buy 1) and stored before it goes;
    // follower 2's buy, next in the queue, must not take the adapter's slot meanwhile.
    await jest.advanceTimersByTimeAsync(4 * ADAPTER_GAP_MS);
    await h.settle();
    expect(handedWhileBusy).toEqual([]);
    // The re-planned one goes in the round it was planned: the turns after it wait until it is handed over
    // (else the same would happen at every round and it would never go).
    const [two, five] = [2, 5].map((id) => h.directory.account(id).externalId);
    expect(handed).toEqual([`buy 1 to ${two}`, `buy 2 to ${five}`, `buy 1 to ${two}`]);
    expect([2, 5].map((id) => h.position(id, ES))).toEqual([2, 2]);
    await h.engine.stop();
  });
});
