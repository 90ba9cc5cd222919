import { SUCCESS } from '@synctrade/api';
import { act, screen, waitFor, within, type ApiMock } from '@synctrade/test-utils';
import { bus } from '@synctrade/event-bus';
import { buildAccount, buildWorkingOrder, deskAccounts } from '../support/builders';
import { deskApi, renderDesk, setUpDesk } from '../support/render-desk';

describe('accounts panel', () => {
  let api: ApiMock;
  beforeEach(() => setUpDesk());
  afterEach(() => api.restore());

  it('when the desk has a leader and followers, then the table shows every column and the leader star', async () => {
    api = deskApi({ accounts: deskAccounts() });
    renderDesk();
    const table = await screen.findByRole('table', { name: 'Accounts' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Follow',
      'ID',
      'Connection',
      'Accounts',
      'Side',
      'Balance',
      'Avg. Price',
      'Day PnL',
      'Open PnL',
      'Qty',
      'Ratio',
      'Cross',
      'Row actions',
    ]);
    const [, leaderRow, followerRow] = within(table).getAllByRole('row');
    expect(within(leaderRow!).getByText('Leader')).toBeInTheDocument();
    expect(within(leaderRow!).queryByRole('switch', { name: /follow/i })).not.toBeInTheDocument();
    expect(within(followerRow!).getByRole('switch', { name: 'Follow Paper 2' })).toBeChecked();
    expect(within(followerRow!).getByRole('button', { name: /^1x/ })).toBeInTheDocument();
    expect(within(followerRow!).getByRole('switch', { name: 'Cross Paper 2' })).not.toBeChecked();
  });

  it('when PnL is negative or not, then it is red or green and carries its sign', async () => {
    api = deskApi({ accounts: [buildAccount({ id: 1, is_master: true, day_pnl: 125.5, open_pnl: -40 })] });
    renderDesk();
    const gain = await screen.findByText('+$125.50');
    const loss = screen.getByText('-$40.00');
    expect(getComputedStyle(gain).color).not.toBe(getComputedStyle(loss).color);
    expect(screen.getByText('$50,000.00')).toBeInTheDocument();
  });

  it('when there are no accounts, then it says so', async () => {
    api = deskApi({ accounts: [] });
    renderDesk();
    expect(await screen.findByText('No accounts found')).toBeInTheDocument();
  });

  it('when no account is leader or follower, then it asks for a leader and Select Leader opens the picker', async () => {
    api = deskApi({ accounts: [buildAccount({ id: 1 }), buildAccount({ id: 2 })] });
    const { user } = renderDesk();
    expect(await screen.findByRole('heading', { name: 'Choose Your Leader Account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select Leader' }));
    expect(screen.getByRole('dialog', { name: 'Choose Lead Account' })).toBeInTheDocument();
  });

  it('when the accounts fail to load, then the server detail shows, or the fallback', async () => {
    api = deskApi().on('GET /brokers/accounts/table', [500, { detail: 'Database unavailable' }]);
    const { user } = renderDesk();
    expect(await screen.findByText('Database unavailable', { selector: '.Toastify *' })).toBeInTheDocument();
    api.on('GET /brokers/accounts/table', [500, {}]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('Accounts failed. Please try again.', { selector: '.Toastify *' }),
    ).toBeInTheDocument();
  });

  it('when Flatten all is pressed with no accounts, then it says there is nothing to flatten', async () => {
    api = deskApi({ accounts: [] });
    const { user } = renderDesk();
    await screen.findByText('No accounts found');
    await user.click(screen.getByRole('button', { name: 'Flatten all' }));
    expect(await screen.findByText('No accounts available to flatten')).toBeInTheDocument();
    expect(api.callsTo('POST /brokers/accounts/flatten-positions')).toHaveLength(0);
  });

  it('when Flatten all is pressed, then every account is flattened and the orders refresh', async () => {
    api = deskApi({ accounts: deskAccounts() }).on('POST /brokers/accounts/flatten-positions', [
      200,
      { message: 'Flattened 3 accounts' },
    ]);
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    const before = api.callsTo('GET /copier/order-data/:id').length;
    await user.click(screen.getByRole('button', { name: 'Flatten all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flatten all accounts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Flatten' }));
    expect(await screen.findByText('Flattened 3 accounts')).toBeInTheDocument();
    expect(api.callsTo('POST /brokers/accounts/flatten-positions')[0]?.body).toEqual([1, 2, 3]);
    await waitFor(() => expect(api.callsTo('GET /copier/order-data/:id').length).toBeGreaterThan(before));
  });

  it('when Flatten all fails, then the flatten fallback shows', async () => {
    api = deskApi({ accounts: deskAccounts() }).on('POST /brokers/accounts/flatten-positions', [500, {}]);
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    await user.click(screen.getByRole('button', { name: 'Flatten all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flatten all accounts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Flatten' }));
    expect(await screen.findByText('Flatten update failed. Please try again.')).toBeInTheDocument();
  });

  it('when Disable all followers succeeds or fails, then it says so and tells other screens', async () => {
    api = deskApi({ accounts: deskAccounts() }).on('PUT /copier/followers/disable-all', [
      200,
      { message: SUCCESS.disableFollowers },
    ]);
    const heard = jest.fn();
    const off = bus.on('copier:changed', heard);
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    const confirmDisable = async (): Promise<void> => {
      await user.click(screen.getByRole('button', { name: 'Disable all followers' }));
      const dialog = await screen.findByRole('dialog', { name: 'Disable all followers?' });
      await user.click(within(dialog).getByRole('button', { name: 'Disable all followers' }));
    };
    await confirmDisable();
    expect(await screen.findByText('All followers disabled successfully')).toBeInTheDocument();
    expect(heard).toHaveBeenCalled();
    api.on('PUT /copier/followers/disable-all', [409, { detail: 'Copier is busy' }]);
    await confirmDisable();
    expect(await screen.findByText('Copier is busy')).toBeInTheDocument();
    off();
  });

  it('when Disable all followers is pressed, then it says open positions stay unmanaged and Keep copying sends nothing', async () => {
    api = deskApi({ accounts: deskAccounts() }).on('PUT /copier/followers/disable-all', [
      200,
      { message: SUCCESS.disableFollowers },
    ]);
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    await user.click(screen.getByRole('button', { name: 'Disable all followers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable all followers?' });
    expect(within(dialog).getByText(/Open positions and working orders stay as they are/)).toHaveTextContent(
      'SyncTrade no longer manages them',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep copying' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT /copier/followers/disable-all')).toHaveLength(0);
  });

  it('when Cancel all orders succeeds or fails, then it says so', async () => {
    api = deskApi({ accounts: deskAccounts() })
      .on('POST /copier/orders/cancel-all', [200, { message: 'Canceled 2 orders' }])
      .on('GET /copier/orders/working', [
        200,
        [buildWorkingOrder({ order_id: '7' }), buildWorkingOrder({ order_id: '8' })],
      ]);
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    const confirmCancel = async (): Promise<void> => {
      await user.click(screen.getByRole('button', { name: 'Cancel all orders' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel all orders?' });
      await within(dialog).findByRole('list', { name: 'Orders canceled' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel orders' }));
    };
    await confirmCancel();
    expect(await screen.findByText('Canceled 2 orders')).toBeInTheDocument();
    api.on('POST /copier/orders/cancel-all', [500, {}]);
    await confirmCancel();
    expect(await screen.findByText('Cancel all orders failed. Please try again.')).toBeInTheDocument();
  });

  it('when another screen changes connections, then the accounts reload', async () => {
    api = deskApi({ accounts: deskAccounts() });
    renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    const before = api.callsTo('GET /brokers/accounts/table').length;
    act(() => bus.emit('connections:changed', {}));
    await waitFor(() => expect(api.callsTo('GET /brokers/accounts/table').length).toBe(before + 1));
  });

  it('when the Actions menu is used, then it refreshes and opens the guides from the keyboard', async () => {
    api = deskApi({ accounts: deskAccounts() });
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    const before = api.callsTo('GET /brokers/accounts/table').length;
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('menuitem', { name: 'Refresh accounts' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('GET /brokers/accounts/table').length).toBe(before + 1));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByRole('dialog', { name: 'SyncDesk Guide' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus();
  });
});
