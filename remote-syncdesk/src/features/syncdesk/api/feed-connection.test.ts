import type { SyncAccount } from '@synctrade/api';
import type { FeedStatus } from '../types';
import { buildAccount } from '../support/builders';
import { FakeSocket } from '../support/fake-socket';
import { openAccountFeed, withTicket, type FeedOptions } from './feed-connection';

const flush = async (): Promise<void> => {
  await Promise.resolve();
  await Promise.resolve();
};

function setup(overrides: Partial<FeedOptions> = {}) {
  const statuses: FeedStatus[] = [];
  const received: SyncAccount[][] = [];
  const log = { warn: jest.fn() };
  let n = 0;
  const getTicket = jest.fn(async () => `ticket-${(n += 1)}`);
  const connection = openAccountFeed({
    feedUrl: () => 'ws://desk.test/ws/accounts',
    getTicket,
    onAccounts: (accounts) => received.push(accounts),
    onStatus: (status) => statuses.push(status),
    socketClass: FakeSocket,
    random: () => 0,
    log,
    ...overrides,
  });
  return { connection, statuses, received, log, getTicket };
}

describe('openAccountFeed', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    FakeSocket.reset();
  });
  afterEach(() => jest.useRealTimers());

  it('when it connects, then the URL carries a fresh ticket, never the access token', async () => {
    window.localStorage.setItem('access_token', 'secret-token');
    setup();
    await flush();
    expect(FakeSocket.latest().url).toBe('ws://desk.test/ws/accounts?token=ticket-1');
    expect(FakeSocket.latest().url).not.toContain('secret-token');
    expect(withTicket('ws://x/feed?v=1', 'a b')).toBe('ws://x/feed?v=1&token=a%20b');
  });

  it('when account_data arrives, then the list is handed over; other types are ignored', async () => {
    const { received, statuses } = setup();
    await flush();
    const socket = FakeSocket.latest();
    socket.open();
    expect(statuses).toEqual(['connecting', 'live']);
    socket.receive({ type: 'heartbeat', time: 'now' });
    socket.receive({ type: 'quotes', quotes: [] });
    socket.receive({ type: 'account_data', accounts: [buildAccount({ id: 4 })] });
    expect(received).toEqual([[buildAccount({ id: 4 })]]);
  });

  it('when a frame is malformed, then it is logged and dropped, and the feed goes on', async () => {
    const { received, log } = setup();
    await flush();
    const socket = FakeSocket.latest();
    socket.open();
    socket.receive('{oops');
    socket.receive({ type: 'account_data', accounts: [{ id: 1 }] });
    socket.receive({ type: 'account_data', accounts: [] });
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(received).toEqual([[]]);
  });

  it('when the link drops, then it says reconnecting and reconnects with backoff and a new ticket', async () => {
    const { statuses, getTicket } = setup();
    await flush();
    FakeSocket.latest().open();
    FakeSocket.latest().drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(FakeSocket.instances).toHaveLength(1);
    jest.advanceTimersByTime(499);
    await flush();
    expect(FakeSocket.instances).toHaveLength(1);
    jest.advanceTimersByTime(1);
    await flush();
    expect(FakeSocket.instances).toHaveLength(2);
    expect(getTicket).toHaveBeenCalledTimes(2);
    expect(FakeSocket.latest().url).toContain('token=ticket-2');
    // No data yet on the new link: a second drop waits longer.
    FakeSocket.latest().drop();
    jest.advanceTimersByTime(999);
    await flush();
    expect(FakeSocket.instances).toHaveLength(2);
    jest.advanceTimersByTime(1);
    await flush();
    expect(FakeSocket.instances).toHaveLength(3);
    FakeSocket.latest().open();
    expect(statuses.at(-1)).toBe('live');
  });

  it('when the ticket cannot be had, then it retries later', async () => {
    const getTicket = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue('ticket-ok');
    const { statuses } = setup({ getTicket });
    await flush();
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(FakeSocket.instances).toHaveLength(0);
    jest.advanceTimersByTime(1_000);
    await flush();
    expect(FakeSocket.latest().url).toContain('token=ticket-ok');
  });

  it('when nothing arrives for too long, then the silent link is replaced', async () => {
    setup({ staleAfterMs: 5_000 });
    await flush();
    const first = FakeSocket.latest();
    first.open();
    jest.advanceTimersByTime(5_000);
    expect(first.closed).toBe(true);
    jest.advanceTimersByTime(1_000);
    await flush();
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('when closed, then the socket closes and nothing reconnects', async () => {
    const { connection, statuses } = setup();
    await flush();
    const socket = FakeSocket.latest();
    socket.open();
    connection.close();
    expect(socket.closed).toBe(true);
    expect(socket.closeCode).toBe(1000);
    expect(statuses.at(-1)).toBe('closed');
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
