import { SUCCESS } from '@synctrade/api';
import {
  mockApi,
  renderWithProviders,
  screen,
  signIn,
  waitFor,
  within,
  type ApiMock,
} from '@synctrade/test-utils';
import { bus } from '@synctrade/event-bus';
import { BROKERS, brokersWithRithmic, buildDetails } from '../../../support/fixtures';
import { resetStores } from '../../../support/reset-stores';
import { DetailsPage } from './details-page';

let api: ApiMock;
let heard: jest.Mock;
let off: () => void;

beforeEach(() => {
  resetStores();
  signIn(1);
  heard = jest.fn();
  off = bus.on('connections:changed', heard);
  api = mockApi()
    .on('GET /brokers', [200, BROKERS])
    .on('GET /brokers/connections/:id/account-info', [200, buildDetails()])
    .on('GET /propfirm/headroom', [200, []]);
});
afterEach(() => {
  api.restore();
  off();
});

async function renderDetails() {
  const view = renderWithProviders(<DetailsPage />, { route: '/connections/4', path: '/connections/:id' });
  await screen.findByText('trader.joe');
  return view;
}

// The calls of the connection itself: the brokers list and the firm rules load beside them.
function order(): string[] {
  return api.calls
    .filter((call) => call.path !== '/brokers' && call.path !== '/propfirm/headroom')
    .map((call) => `${call.method} ${call.path}`);
}

describe('connection details', () => {
  it('when loaded, then the heading, details table and accounts with balances show', async () => {
    await renderDetails();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Connection details: Apex evals' }),
    ).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    for (const text of ['Connection Name', 'Username', 'Broker Name', 'Active Accounts', 'Environment']) {
      expect(within(details).getByRole('columnheader', { name: text })).toBeInTheDocument();
    }
    expect(within(details).getByText('Apex evals')).toBeInTheDocument();
    expect(within(details).getByText('1/2')).toBeInTheDocument();
    expect(within(details).getByText('Demo')).toBeInTheDocument();
    const accounts = screen.getByRole('region', { name: 'Accounts' });
    expect(within(accounts).getByText('1/2 enabled')).toBeInTheDocument();
    expect(within(accounts).getByText('$50,250.50')).toBeInTheDocument();
    expect(within(accounts).getByText('-$125.00')).toBeInTheDocument();
    expect(within(accounts).getByRole('switch', { name: 'Enabled APEX-1' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(accounts).getByRole('switch', { name: 'Enabled APEX-2' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await waitFor(() => expect(within(details).getByText('Tradovate')).toBeInTheDocument());
  });

  it('when any account is enabled, then Enable all is on and turning it off sends disable-all then reloads the details', async () => {
    api.on('PUT /brokers/connections/:id/accounts/:param', [200, { message: SUCCESS.toggleAll }]);
    const { user } = await renderDetails();
    const all = screen.getByRole('switch', { name: 'Enable all' });
    expect(all).toHaveAttribute('aria-checked', 'true');
    api.on('GET /brokers/connections/:id/account-info', [
      200,
      buildDetails({ accounts: buildDetails().accounts.map((a) => ({ ...a, enabled: false })) }),
    ]);
    await user.click(all);
    expect(await screen.findByText('All accounts enabled/disabled successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(order()).toEqual([
        'GET /brokers/connections/4/account-info',
        'PUT /brokers/connections/4/accounts/disable-all',
        'GET /brokers/connections/4/account-info',
      ]),
    );
    expect(heard).toHaveBeenCalledWith({ connectionId: 4 });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Enable all' })).toHaveAttribute('aria-checked', 'false'),
    );
    expect(screen.getByText('0/2 enabled')).toBeInTheDocument();
  });

  it('when no account is enabled, then Enable all is off and turning it on sends enable-all', async () => {
    api.on('GET /brokers/connections/:id/account-info', [
      200,
      buildDetails({ accounts: buildDetails().accounts.map((a) => ({ ...a, enabled: false })) }),
    ]);
    api.on('PUT /brokers/connections/:id/accounts/:param', [200, { message: 'All accounts enabled' }]);
    const { user } = await renderDetails();
    await user.click(screen.getByRole('switch', { name: 'Enable all' }));
    expect(await screen.findByText('All accounts enabled')).toBeInTheDocument();
    expect(api.callsTo('PUT /brokers/connections/:id/accounts/:param')[0]?.path).toBe(
      '/brokers/connections/4/accounts/enable-all',
    );
  });

  it('when enable all fails, then the detail or fallback is toasted', async () => {
    api.on('PUT /brokers/connections/:id/accounts/:param', [500]);
    const { user } = await renderDetails();
    await user.click(screen.getByRole('switch', { name: 'Enable all' }));
    expect(
      await screen.findByText('All accounts enable/disable failed. Please try again.'),
    ).toBeInTheDocument();
    api.on('PUT /brokers/connections/:id/accounts/:param', [409, { detail: 'Broker is offline' }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enable all' })).toBeEnabled());
    await user.click(screen.getByRole('switch', { name: 'Enable all' }));
    expect(await screen.findByText('Broker is offline')).toBeInTheDocument();
  });

  it('when one account is toggled, then enable or disable is sent for it and the parent connection details reload', async () => {
    api.on('PUT /brokers/accounts/:id/:param', [200, { message: 'Account enabled' }]);
    const { user } = await renderDetails();
    await user.click(screen.getByRole('switch', { name: 'Enabled APEX-2' }));
    expect(await screen.findByText('Account enabled')).toBeInTheDocument();
    await waitFor(() =>
      expect(order()).toEqual([
        'GET /brokers/connections/4/account-info',
        'PUT /brokers/accounts/12/enable',
        'GET /brokers/connections/4/account-info',
      ]),
    );
    expect(heard).toHaveBeenCalledWith({ connectionId: 4 });
  });

  it('when an account toggle fails, then the detail or fallback is toasted', async () => {
    api.on('PUT /brokers/accounts/:id/:param', [400, { detail: 'Account is closed' }]);
    const { user } = await renderDetails();
    await user.click(screen.getByRole('switch', { name: 'Enabled APEX-1' }));
    expect(await screen.findByText('Account is closed')).toBeInTheDocument();
    expect(api.callsTo('PUT /brokers/accounts/:id/:param')[0]?.path).toBe('/brokers/accounts/11/disable');
    api.on('PUT /brokers/accounts/:id/:param', [500]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enabled APEX-1' })).toBeEnabled());
    await user.click(screen.getByRole('switch', { name: 'Enabled APEX-1' }));
    expect(await screen.findByText('Account enable/disable failed. Please try again.')).toBeInTheDocument();
  });

  it('when the connection has no accounts, then it says No accounts found', async () => {
    api.on('GET /brokers/connections/:id/account-info', [200, buildDetails({ accounts: [] })]);
    await renderDetails();
    expect(screen.getByText('No accounts found')).toBeInTheDocument();
    expect(screen.getByText('0/0')).toBeInTheDocument();
  });

  it('when the details fail, then the detail is shown with Retry, and the fallback without one', async () => {
    api.on('GET /brokers/connections/:id/account-info', [404, { detail: 'Connection not found' }]);
    const { user } = renderWithProviders(<DetailsPage />, {
      route: '/connections/4',
      path: '/connections/:id',
    });
    expect(await screen.findAllByText('Connection not found')).toHaveLength(2);
    api.on('GET /brokers/connections/:id/account-info', [500]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByText('Connection details failed. Please try again.')).toHaveLength(2);
  });

  it('when Back is pressed, then it goes to /connections', async () => {
    const { user, location } = await renderDetails();
    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(location()).toBe('/connections');
  });

  it('when Supported brokers is pressed, then every broker is listed with its availability', async () => {
    const { user } = await renderDetails();
    await user.click(screen.getByRole('button', { name: 'Supported brokers' }));
    const dialog = screen.getByRole('dialog', { name: 'Supported brokers' });
    expect(within(dialog).getByText('Paper trading (SyncTrade Sim)')).toBeInTheDocument();
    expect(within(dialog).getByText('Rithmic').nextSibling).toHaveTextContent('Coming soon');
    expect(within(dialog).getByText('Tradovate').nextSibling).toHaveTextContent('Available');
  });

  it('when the server has Rithmic but no gateways set up, then Supported brokers says it is not set up here', async () => {
    api.on('GET /brokers', [200, brokersWithRithmic('needs_setup')]);
    const { user } = await renderDetails();
    await user.click(screen.getByRole('button', { name: 'Supported brokers' }));
    const dialog = screen.getByRole('dialog', { name: 'Supported brokers' });
    await waitFor(() =>
      expect(within(dialog).getByText('Rithmic').nextSibling).toHaveTextContent('Not set up on this server'),
    );
    expect(within(dialog).getByText('dxFeed').nextSibling).toHaveTextContent('Coming soon');
    expect(
      within(dialog).getByText(/An operator enables it by setting RITHMIC_GATEWAYS/),
    ).toBeInTheDocument();
  });

  it('when the server has no Tradovate OAuth credentials, then Supported brokers says how an operator sets it up', async () => {
    api.on('GET /brokers', [
      200,
      BROKERS.map((b) => (b.id === 'tradovate' ? { ...b, connectable: false, needs_setup: true } : b)),
    ]);
    const { user } = await renderDetails();
    await user.click(screen.getByRole('button', { name: 'Supported brokers' }));
    const dialog = screen.getByRole('dialog', { name: 'Supported brokers' });
    await waitFor(() =>
      expect(within(dialog).getByText('Tradovate').nextSibling).toHaveTextContent(
        'Not set up on this server',
      ),
    );
    expect(
      within(dialog).getByText(/setting TRADOVATE_CLIENT_ID and TRADOVATE_CLIENT_SECRET/),
    ).toBeInTheDocument();
  });
});

it('when an account of the connection has firm rules, then the details name its firm', async () => {
  const details = buildDetails();
  const first = details.accounts[0];
  if (first === undefined) throw new Error('no account');
  api.on('GET /propfirm/headroom', [
    200,
    [
      {
        account_id: first.id,
        firm: 'topstep',
        preset: 'topstep-combine-50k',
        floor: 48000,
        to_floor: 2000,
        to_daily_loss: 1000,
        day_pnl: 0,
        minutes_to_flat_by: 120,
        next_blackout: null,
        stopped: null,
      },
    ],
  ]);
  await renderDetails();
  const section = await screen.findByRole('region', { name: 'Firm rules' });
  expect(section).toHaveTextContent(`${first.account_name}: Topstep`);
  expect(section).not.toHaveTextContent('topstep-combine-50k');
});
