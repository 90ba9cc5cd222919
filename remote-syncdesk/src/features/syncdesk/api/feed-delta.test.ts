import type { SyncAccount } from '@synctrade/api';
import { buildAccount } from '../support/builders';
import { FakeSocket } from '../support/fake-socket';
import { openAccountFeed } from './feed-connection';

const flush = async (): Promise<void> => {
  await Promise.resolve();
  await Promise.resolve();
};

/** A feed whose full lists and deltas are recorded in the order the desk would apply them. */
async function setup() {
  const applied: Array<{ full: SyncAccount[] } | { changes: SyncAccount[] }> = [];
  const log = { warn: jest.fn() };
  let n = 0;
  const connection = openAccountFeed({
    feedUrl: () => 'ws://desk.test/ws/accounts',
    getTicket: async () => `ticket-${(n += 1)}`,
    onAccounts: (accounts) => applied.push({ full: accounts }),
    onChanges: (accounts) => applied.push({ changes: accounts }),
    onStatus: () => undefined,
    socketClass: FakeSocket,
    random: () => 0,
    log,
  });
  await flush();
  const socket = FakeSocket.latest();
  socket.open();
  return { connection, applied, log, socket };
}

const one = buildAccount({ id: 1, qty: 0 });
const two = buildAccount({ id: 2, qty: 0 });

describe('the delta feed on the client', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    FakeSocket.reset();
  });
  afterEach(() => jest.useRealTimers());

  it('when deltas follow the full list in sequence, then each is handed over and nothing is asked', async () => {
    const { applied, socket } = await setup();
    socket.receive({ type: 'account_data', seq: 7, accounts: [one, two] });
    socket.receive({ type: 'account_delta', seq: 8, accounts: [{ ...two, qty: 2 }] });
    socket.receive({ type: 'account_delta', seq: 9, accounts: [{ ...one, qty: 1 }] });
    expect(applied).toEqual([
      { full: [one, two] },
      { changes: [{ ...two, qty: 2 }] },
      { changes: [{ ...one, qty: 1 }] },
    ]);
    expect(socket.sent).toEqual([]);
  });

  it('when a delta skips a number, then it is dropped, the full list is asked once and deltas wait for it', async () => {
    const { applied, socket, log } = await setup();
    socket.receive({ type: 'account_data', seq: 1, accounts: [one, two] });
    socket.receive({ type: 'account_delta', seq: 3, accounts: [{ ...two, qty: 3 }] });
    socket.receive({ type: 'account_delta', seq: 4, accounts: [{ ...two, qty: 4 }] });
    expect(socket.sent).toEqual([{ type: 'resync' }]);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('expected update 2, got 3'));
    socket.receive({ type: 'account_data', seq: 4, accounts: [one, { ...two, qty: 4 }] });
    socket.receive({ type: 'account_delta', seq: 5, accounts: [{ ...one, qty: 5 }] });
    expect(applied).toEqual([
      { full: [one, two] },
      { full: [one, { ...two, qty: 4 }] },
      { changes: [{ ...one, qty: 5 }] },
    ]);
  });

  it('when a delta comes out of order (an older number), then it is not applied and the full list is asked', async () => {
    const { applied, socket } = await setup();
    socket.receive({ type: 'account_data', seq: 5, accounts: [one, two] });
    socket.receive({ type: 'account_delta', seq: 6, accounts: [{ ...one, qty: 6 }] });
    socket.receive({ type: 'account_delta', seq: 5, accounts: [{ ...one, qty: 5 }] });
    expect(applied).toEqual([{ full: [one, two] }, { changes: [{ ...one, qty: 6 }] }]);
    expect(socket.sent).toEqual([{ type: 'resync' }]);
  });

  it('when a delta arrives before any full list, then it is not applied and the full list is asked', async () => {
    const { applied, socket } = await setup();
    socket.receive({ type: 'account_delta', seq: 2, accounts: [{ ...one, qty: 2 }] });
    expect(applied).toEqual([]);
    expect(socket.sent).toEqual([{ type: 'resync' }]);
  });

  it("when the link reconnects, then deltas count from the new socket's full list", async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { applied, socket } = await setup();
    socket.receive({ type: 'account_data', seq: 40, accounts: [one, two] });
    socket.drop();
    jest.advanceTimersByTime(1_000);
    await flush();
    const again = FakeSocket.latest();
    expect(again).not.toBe(socket);
    again.open();
    // The old socket's next number means nothing on the new one.
    again.receive({ type: 'account_delta', seq: 41, accounts: [{ ...one, qty: 1 }] });
    expect(again.sent).toEqual([{ type: 'resync' }]);
    again.receive({ type: 'account_data', seq: 1, accounts: [one, { ...two, qty: 1 }] });
    again.receive({ type: 'account_delta', seq: 2, accounts: [{ ...one, qty: 2 }] });
    expect(applied).toEqual([
      { full: [one, two] },
      { full: [one, { ...two, qty: 1 }] },
      { changes: [{ ...one, qty: 2 }] },
    ]);
  });

  it('when a delta is malformed, then it is dropped like any bad frame', async () => {
    const { applied, socket, log } = await setup();
    socket.receive({ type: 'account_data', seq: 1, accounts: [one] });
    socket.receive({ type: 'account_delta', accounts: [one] });
    socket.receive({ type: 'account_delta', seq: 2, accounts: [{ id: 1 }] });
    expect(applied).toEqual([{ full: [one] }]);
    expect(log.warn).toHaveBeenCalledWith('syncdesk feed: ignored a malformed frame');
  });
});
