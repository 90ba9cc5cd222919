import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { defaultTimings } from '../../src/brokers/tradovate/config';
import { TradovateFeed } from '../../src/brokers/tradovate/feed';
import { FeedState } from '../../src/brokers/tradovate/feed-state';
import { IpBudget } from '../../src/brokers/tradovate/ip-budget';
import { UserRequestWindow } from '../../src/brokers/tradovate/user-request-window';
import { wallClock } from '../../src/runtime/wall-clock';
import type { BrokerEvent } from '../../src/brokers/types';

async function waitUntil(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A user-data socket that answers authorize and the sync request, then sends the frames a test scripts. */
async function scriptedTradovate(): Promise<{
  url: string;
  send(messages: unknown[]): void;
  close(): Promise<void>;
}> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  let client: WebSocket | undefined;
  server.on('connection', (ws) => {
    client = ws;
    ws.send('o');
    ws.on('message', (raw) => {
      const [endpoint = '', id = ''] = String(raw).split('\n');
      if (endpoint === 'authorize') ws.send(`a${JSON.stringify([{ i: Number(id), s: 200 }])}`);
      if (endpoint === 'user/syncrequest')
        ws.send(
          `a${JSON.stringify([
            {
              i: Number(id),
              s: 200,
              d: { accounts: [{ id: 1, name: 'ACC-1', active: true }], contracts: [{ id: 7, name: 'ESZ6' }] },
            },
          ])}`,
        );
    });
  });
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    send: (messages) => client?.send(`a${JSON.stringify(messages)}`),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const props = (entityType: string, eventType: string, entity: Record<string, unknown>) => ({
  e: 'props',
  d: { entityType, eventType, entity },
});
const orderEntity = (id: number) => ({
  id,
  accountId: 1,
  contractId: 7,
  action: 'Buy',
  ordStatus: 'Working',
  timestamp: '2026-11-24T10:00:00.000Z',
});

describe('Tradovate feed frames', () => {
  let tradovate: Awaited<ReturnType<typeof scriptedTradovate>>;
  let feed: TradovateFeed;
  let state: FeedState;
  /** The contract look-up a test slows down; by default it finds nothing new. */
  let lookUp: (ids: number[]) => Promise<void>;
  const events: BrokerEvent[] = [];
  const orderEvents = () =>
    events.flatMap((e) => (e.kind === 'order' ? [`${e.order.orderId} ${e.order.clientOrderId}`] : []));

  beforeEach(async () => {
    events.length = 0;
    lookUp = async () => undefined;
    state = new FeedState();
    tradovate = await scriptedTradovate();
    feed = new TradovateFeed({
      wsUrl: tradovate.url,
      timings: { ...defaultTimings, heartbeatMs: 60_000, serverSilenceMs: 120_000 },
      token: () => 'token',
      userId: 1,
      state,
      budget: new UserRequestWindow(1_000),
      ipBudget: new IpBudget(),
      emit: (event) => events.push(event),
      resolveContracts: (ids) => lookUp(ids),
      warn: () => undefined,
    });
    await feed.start();
  });
  afterEach(async () => {
    await feed.stop();
    await tradovate.close();
  });

  it('when an order comes before its New command in one frame, then its first event carries the client order id', async () => {
    tradovate.send([
      props('order', 'Created', orderEntity(20)),
      props('command', 'Created', { id: 21, orderId: 20, clOrdId: 'cp-20', commandType: 'New' }),
    ]);
    await waitUntil(() => orderEvents().length > 0);
    expect(orderEvents()).toEqual(['20 cp-20']);
  });

  it('when a frame ends without the New command of its order, then the order is emitted at the end of that frame', async () => {
    tradovate.send([props('order', 'Created', orderEntity(30))]);
    await waitUntil(() => orderEvents().length > 0);
    expect(orderEvents()).toEqual(['30 null']);
  });

  it('when an event waits for a contract look-up, then it still carries the moment its frame was read', async () => {
    const LOOK_UP_MS = 60;
    lookUp = async (ids) => {
      await new Promise((resolve) => setTimeout(resolve, LOOK_UP_MS));
      state.absorbContracts({ contracts: ids.map((id) => ({ id, name: 'NQZ6' })) });
    };
    const readBefore = wallClock();
    tradovate.send([props('order', 'Created', { ...orderEntity(40), contractId: 8 })]);
    await waitUntil(() => orderEvents().length > 0);
    const emittedAt = wallClock();
    const [event] = events;
    const heardAt = event?.kind === 'order' ? event.heardAt : undefined;
    expect(heardAt).toBeGreaterThanOrEqual(readBefore);
    // Read before the look-up began, so at least the look-up's wait before it was handed over.
    expect(emittedAt - (heardAt ?? emittedAt)).toBeGreaterThanOrEqual(LOOK_UP_MS);
    expect(event?.kind === 'order' ? event.order.symbol : undefined).toBe('NQZ6');
  });
});
