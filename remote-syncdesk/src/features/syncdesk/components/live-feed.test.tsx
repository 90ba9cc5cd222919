import { act, screen, waitFor, within, type ApiMock } from '@synctrade/test-utils';
import type { SyncAccount } from '@synctrade/api';
import { buildAccount, deskAccounts } from '../support/builders';
import { FakeSocket } from '../support/fake-socket';
import { deskApi, renderDesk, setUpDesk } from '../support/render-desk';

async function openSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeSocket.latest();
  act(() => socket.open());
  return socket;
}

function push(socket: FakeSocket, accounts: SyncAccount[]): void {
  act(() => {
    socket.receive({ type: 'account_data', accounts });
    // Updates are applied once per animation frame.
    jest.advanceTimersToNextFrame();
  });
}

const cellOf = (name: string, column: number): HTMLElement =>
  within(screen.getByRole('cell', { name: new RegExp(`^${name}`) }).closest('[role="row"]')!).getAllByRole(
    'cell',
  )[column]!;
const QTY = 9;
const BALANCE = 5;

describe('live feed', () => {
  let api: ApiMock;
  beforeEach(() => {
    setUpDesk();
    jest.useFakeTimers();
    api = deskApi({ accounts: deskAccounts() });
  });
  afterEach(() => {
    api.restore();
    jest.useRealTimers();
  });

  it('when account_data arrives, then it replaces the list without a reload', async () => {
    renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    const socket = await openSocket();
    expect(socket.url).toMatch(/\/ws\/accounts\?token=ticket-1$/);
    expect(api.callsTo('POST /auth/ws-ticket')).toHaveLength(1);
    const reloads = api.callsTo('GET /brokers/accounts/table').length;
    const [leader, one] = deskAccounts();
    push(socket, [
      { ...leader!, qty: 1, side: 'long' },
      { ...one!, qty: 1, side: 'long' },
      buildAccount({ id: 9, is_follower: true }),
    ]);
    expect(cellOf('Paper 1', QTY)).toHaveTextContent('1');
    expect(cellOf('Paper 2', 4)).toHaveTextContent('Long');
    expect(screen.getByRole('cell', { name: /^Paper 9/ })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: /^Paper 3/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET /brokers/accounts/table')).toHaveLength(reloads);
    expect(screen.getByText('Live')).toBeInTheDocument();
  });

  it('when deltas follow the full list, then only the changed account updates and highlights', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    const socket = await openSocket();
    const accounts = deskAccounts();
    act(() => {
      socket.receive({ type: 'account_data', seq: 1, accounts });
      jest.advanceTimersToNextFrame();
    });
    const three = accounts.find((a) => a.id === 3)!;
    act(() => {
      socket.receive({ type: 'account_delta', seq: 2, accounts: [{ ...three, qty: 4, side: 'short' }] });
      socket.receive({ type: 'account_delta', seq: 3, accounts: [{ ...three, qty: 5, side: 'short' }] });
      jest.advanceTimersToNextFrame();
    });
    expect(cellOf('Paper 3', QTY)).toHaveTextContent('5');
    expect(cellOf('Paper 3', QTY)).toHaveAttribute('data-flash', 'on');
    expect(cellOf('Paper 2', QTY)).not.toHaveAttribute('data-flash');
    expect(socket.sent).toEqual([]);
    // A gap: the delta is not shown and the desk asks for the full list.
    act(() => {
      socket.receive({ type: 'account_delta', seq: 9, accounts: [{ ...three, qty: 9 }] });
      jest.advanceTimersToNextFrame();
    });
    expect(cellOf('Paper 3', QTY)).toHaveTextContent('5');
    expect(socket.sent).toEqual([{ type: 'resync' }]);
  });

  it('when a frame is malformed, then it is logged and the desk keeps its data', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    const socket = await openSocket();
    act(() => {
      socket.receive('not json');
      socket.receive({ type: 'account_data', accounts: [{ id: 1 }] });
      jest.advanceTimersByTime(20);
    });
    expect(warn).toHaveBeenCalledWith('syncdesk feed: ignored a malformed frame');
    expect(screen.getByRole('cell', { name: /^Paper 3/ })).toBeInTheDocument();
  });

  it('when a live update changes cells, then exactly those cells highlight for 2 seconds', async () => {
    renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    const socket = await openSocket();
    expect(cellOf('Paper 2', QTY)).not.toHaveAttribute('data-flash');
    const accounts = deskAccounts();
    push(
      socket,
      accounts.map((account) => (account.id === 2 ? { ...account, qty: 3, side: 'long' } : account)),
    );
    expect(cellOf('Paper 2', QTY)).toHaveAttribute('data-flash', 'on');
    expect(cellOf('Paper 2', 4)).toHaveAttribute('data-flash', 'on');
    expect(cellOf('Paper 2', BALANCE)).not.toHaveAttribute('data-flash');
    expect(cellOf('Paper 3', QTY)).not.toHaveAttribute('data-flash');
    act(() => jest.advanceTimersByTime(1_999));
    expect(cellOf('Paper 2', QTY)).toHaveAttribute('data-flash', 'on');
    act(() => jest.advanceTimersByTime(1));
    expect(cellOf('Paper 2', QTY)).not.toHaveAttribute('data-flash');
    expect(cellOf('Paper 2', 4)).not.toHaveAttribute('data-flash');
  });

  it('when a cell changes again while highlighted, then its 2 seconds restart', async () => {
    renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    const socket = await openSocket();
    const base = deskAccounts();
    const withBalance = (balance: number): SyncAccount[] =>
      base.map((a) => (a.id === 3 ? { ...a, balance } : a));
    push(socket, withBalance(51_000));
    act(() => jest.advanceTimersByTime(1_500));
    push(socket, withBalance(52_000));
    act(() => jest.advanceTimersByTime(1_500));
    expect(cellOf('Paper 3', BALANCE)).toHaveAttribute('data-flash', 'on');
    act(() => jest.advanceTimersByTime(500));
    expect(cellOf('Paper 3', BALANCE)).not.toHaveAttribute('data-flash');
  });

  it('when the feed drops, then a discreet Reconnecting… shows until it is back', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    const socket = await openSocket();
    expect(screen.getByText('Live')).toHaveAttribute('role', 'status');
    act(() => socket.drop());
    expect(screen.getByText('Reconnecting…')).toHaveAttribute('role', 'status');
    await act(async () => {
      jest.advanceTimersByTime(1_000);
    });
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    expect(api.callsTo('POST /auth/ws-ticket')).toHaveLength(2);
    act(() => FakeSocket.latest().open());
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
  });

  it('when the desk is left, then the socket closes', async () => {
    const { unmount } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    const socket = await openSocket();
    unmount();
    expect(socket.closed).toBe(true);
  });
});
