import { wallClock } from '../../src/runtime/wall-clock';
import type { BrokerEvent } from '../../src/brokers/types';
import { receivedAtOf } from '../../src/copier/engine/received-at';
import { Harness, LEADER } from './support/harness';

/** How long before the engine saw it the leader's fills were read from the broker's socket, in these tests. */
const HELD_IN_ADAPTER_MS = 40;

/** The leader's fills arrive stamped as read `HELD_IN_ADAPTER_MS` before they reach the engine (a wait in the adapter). */
function leaderFillsHeardEarlier(h: Harness): void {
  h.alterSessions((session) => {
    const subscribe = session.subscribe.bind(session);
    session.subscribe = (listener) =>
      subscribe((event: BrokerEvent) =>
        listener(
          event.kind === 'fill' && event.accountExternalId === h.directory.account(LEADER).externalId
            ? { ...event, heardAt: wallClock() - HELD_IN_ADAPTER_MS }
            : event,
        ),
      );
  });
}

describe("a copy's latency starts when the broker's frame was read", () => {
  it('when the adapter held the leader fill before handing it over, then the wait is in the copy’s send and acknowledgement times', async () => {
    const h = new Harness([{ ratio: 1 }]);
    leaderFillsHeardEarlier(h);
    await h.start();
    await h.leaderTrades('buy', 1);
    const outcomes = [...h.store.intents.values()].map((intent) => intent.outcome);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]?.sentMs).toBeGreaterThanOrEqual(HELD_IN_ADAPTER_MS);
    expect(outcomes[0]?.ackMs).toBeGreaterThanOrEqual(HELD_IN_ADAPTER_MS);
    await h.engine.stop();
  });
});

describe('when an event reached the server, on the engine’s clock', () => {
  const fill = (heardAt?: number): BrokerEvent => ({
    kind: 'fill',
    clientOrderId: null,
    fillId: 'f1',
    orderId: 'o1',
    accountExternalId: 'A1',
    symbol: 'ESZ6',
    side: 'buy',
    qty: 1,
    price: 6000,
    time: 0,
    ...(heardAt === undefined ? {} : { heardAt }),
  });

  it('when the event carries no read time, then it is the engine’s now', () => {
    expect(receivedAtOf(fill(), 1_000)).toBe(1_000);
  });

  it('when the frame was read earlier, then the time since the read is taken off the engine’s now (whatever that clock is)', () => {
    const received = receivedAtOf(fill(wallClock() - 30), 1_000);
    expect(received).toBeLessThanOrEqual(1_000 - 30);
  });

  it('when the read time is ahead of the wall clock, then nothing is added: it is now', () => {
    expect(receivedAtOf(fill(wallClock() + 5_000), 1_000)).toBe(1_000);
  });

  it('when the event is a position or a balance, then it is now even with a read time', () => {
    const position: BrokerEvent = {
      kind: 'position',
      position: { accountExternalId: 'A1', symbol: 'ESZ6', netPos: 1, avgPrice: 6000 },
    };
    expect(receivedAtOf(position, 1_000)).toBe(1_000);
  });
});
