import { frontMonth } from '@synctrade/market';
import { Harness } from './support/harness';

const ES = frontMonth('ES');
/** The follower broker posts a position this long after the fill that made it (ProjectX: about 100 ms). */
const POSITION_LAG_MS = 200;
/** The broker adapter's own pace for the follower login: one order every 50 ms. */
const ADAPTER_GAP_MS = 50;

describe('copy engine: a follower broker that posts positions after their fills', () => {
  afterEach(() => jest.useRealTimers());

  it("when a waiting copy's turn comes after the follower's last fill and before the broker posts its position, then it is planned from the fill and nothing is sent twice", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const h = new Harness([{ ratio: 1 }]);
    const handed: string[] = [];
    h.alterSessions((session, connectionId) => {
      if (connectionId !== 1) return;
      const subscribe = session.subscribe.bind(session);
      session.subscribe = (listener) =>
        subscribe((event) => {
          if (event.kind === 'position') setTimeout(() => listener(event), POSITION_LAG_MS);
          else listener(event);
        });
      let nextAt = 0;
      session.nextRequestAt = () => nextAt;
      const place = session.placeOrder.bind(session);
      session.placeOrder = (command) => {
        if (command.accountExternalId === h.directory.account(2).externalId)
          handed.push(`${command.side} ${command.qty}`);
        nextAt = Math.max(nextAt, Date.now()) + ADAPTER_GAP_MS;
        return place(command);
      };
    });
    await h.start();
    await jest.advanceTimersByTimeAsync(POSITION_LAG_MS * 2);
    // The first copy goes and fills at once; the second waits 50 ms for the adapter and has its turn while the
    // follower's position still shows 0.
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
    await jest.advanceTimersByTimeAsync(ADAPTER_GAP_MS + 10);
    expect(handed).toEqual(['buy 1', 'buy 1']);
    await jest.advanceTimersByTimeAsync(10_000);
    await h.settle();
    expect([h.position(1, ES), h.position(2, ES)]).toEqual([2, 2]);
    expect(handed).toEqual(['buy 1', 'buy 1']);
    await h.engine.stop();
  });
});
