import { SUCCESS } from '@synctrade/api';
import { screen, waitFor, within, type ApiMock } from '@synctrade/test-utils';
import { bus } from '@synctrade/event-bus';
import { buildAccount, deskAccounts } from '../support/builders';
import { deskApi, renderDesk, setUpDesk } from '../support/render-desk';

describe('Choose Lead Account', () => {
  let api: ApiMock;
  beforeEach(() => setUpDesk());
  afterEach(() => api.restore());

  it('when opened, then it explains, lists Connection, Account ID and Name, and preselects the current leader', async () => {
    const accounts = [buildAccount({ id: 1, is_follower: true }), buildAccount({ id: 2, is_master: true })];
    api = deskApi({ accounts });
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    await user.click(screen.getByRole('button', { name: 'Change leader' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose Lead Account' });
    expect(within(dialog).getByText(/becomes the leader/)).toBeInTheDocument();
    const headers = within(dialog)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Select', 'Connection', 'Account ID', 'Name']);
    expect(within(dialog).getByRole('radio', { name: 'Paper 2 (SIM-2)' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Paper 1 (SIM-1)' })).not.toBeChecked();
  });

  it('when there is no leader, then the first account is preselected', async () => {
    api = deskApi({ accounts: [buildAccount({ id: 5 }), buildAccount({ id: 6 })] });
    const { user } = renderDesk();
    await user.click(await screen.findByRole('button', { name: 'Select Leader' }));
    expect(screen.getByRole('radio', { name: 'Paper 5 (SIM-5)' })).toBeChecked();
  });

  it('when there are no accounts, then Set as Lead is disabled', async () => {
    api = deskApi({ accounts: [] });
    const { user } = renderDesk();
    await screen.findByText('No accounts found');
    await user.click(screen.getByRole('button', { name: 'Change leader' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose Lead Account' });
    expect(within(dialog).getByRole('button', { name: 'Set as Lead' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when another account is picked and confirmed, then it becomes leader, the dialog closes and the desk reloads', async () => {
    api = deskApi({ accounts: deskAccounts() }).on('PUT /copier/accounts/:id/master', [
      200,
      { message: SUCCESS.master },
    ]);
    const changed = jest.fn();
    const off = bus.on('copier:changed', changed);
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    const reloads = api.callsTo('GET /brokers/accounts/table').length;
    await user.click(screen.getByRole('button', { name: 'Change leader' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('cell', { name: 'SIM-3' }));
    expect(screen.getByRole('radio', { name: 'Paper 3 (SIM-3)' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Set as Lead' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Change leader' }));
    expect(await screen.findByText('Account master updated successfully')).toBeInTheDocument();
    expect(api.callsTo('PUT /copier/accounts/3/master')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(changed).toHaveBeenCalledWith({ accountId: 3 });
    await waitFor(() => expect(api.callsTo('GET /brokers/accounts/table').length).toBe(reloads + 1));
    off();
  });

  it('when setting the leader fails, then the detail or fallback shows and the dialog stays', async () => {
    api = deskApi({ accounts: deskAccounts() }).on('PUT /copier/accounts/:id/master', [
      409,
      { detail: 'Account is disabled' },
    ]);
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    await user.click(screen.getByRole('button', { name: 'Change leader' }));
    await user.click(screen.getByRole('button', { name: 'Set as Lead' }));
    expect(await screen.findByText('Account is disabled')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Choose Lead Account' })).toBeInTheDocument();
    api.on('PUT /copier/accounts/:id/master', [500, {}]);
    await user.click(screen.getByRole('button', { name: 'Set as Lead' }));
    expect(await screen.findByText('Account master update failed. Please try again.')).toBeInTheDocument();
  });
});
