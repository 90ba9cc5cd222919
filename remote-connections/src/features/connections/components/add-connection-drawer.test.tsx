import { mockApi, renderWithProviders, screen, signIn, waitFor, type ApiMock } from '@synctrade/test-utils';
import { BROKERS } from '../../../support/fixtures';
import { resetStores } from '../../../support/reset-stores';
import { browserWindow } from '../store/browser-window';
import { ConnectionsPage } from './connections-page';

let api: ApiMock;
let assign: jest.Mock;
const original = browserWindow.assign;

beforeEach(() => {
  resetStores();
  signIn(1);
  assign = jest.fn();
  browserWindow.assign = assign;
  api = mockApi().on('GET /brokers', [200, BROKERS]).on('GET /brokers/connections', [200, []]);
});
afterEach(() => {
  api.restore();
  browserWindow.assign = original;
});

async function openDrawer() {
  const view = renderWithProviders(<ConnectionsPage />, { route: '/connections', path: '/connections' });
  await screen.findByText('No connections found');
  await view.user.click(screen.getByRole('button', { name: 'Add Connection' }));
  await screen.findByRole('option', { name: 'Paper trading (SyncTrade Sim)' });
  return view;
}

describe('add connection drawer', () => {
  it('when opened, then tradovate and demo are chosen, coming-soon brokers are disabled and the redirect is explained', async () => {
    await openDrawer();
    expect(screen.getByRole('dialog', { name: 'Add Connection' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Broker' })).toHaveValue('tradovate');
    expect(screen.getByRole('option', { name: 'Rithmic (coming soon)' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Paper trading (SyncTrade Sim)' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Demo' })).toBeChecked();
    expect(screen.getByText(/You will be redirected to Tradovate/)).toBeInTheDocument();
  });

  it('when the name is empty or blank, then Continue is disabled', async () => {
    const { user } = await openDrawer();
    const cont = screen.getByRole('button', { name: 'Continue' });
    expect(cont).toBeDisabled();
    await user.type(screen.getByLabelText('Connection name'), '   ');
    expect(cont).toBeDisabled();
    await user.type(screen.getByLabelText('Connection name'), 'Apex');
    expect(cont).toBeEnabled();
  });

  it('when Cancel or the overlay is pressed, then the drawer closes', async () => {
    const { user } = await openDrawer();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Connection' }));
    await user.click(screen.getByTestId('drawer-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when Continue succeeds for tradovate, then the default toast shows, the form resets and the window goes to the url', async () => {
    api.on('GET /brokers/:broker/connect', [
      200,
      { url: 'https://trader.tradovate.com/oauth?x=1', message: 'Redirecting to Tradovate Auth page' },
    ]);
    const { user } = await openDrawer();
    await user.type(screen.getByLabelText('Connection name'), '  Apex  ');
    await user.click(screen.getByRole('radio', { name: 'Live' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Redirecting to Tradovate Auth page')).toBeInTheDocument();
    const [call] = api.callsTo('GET /brokers/:broker/connect');
    expect(call?.path).toBe('/brokers/tradovate/connect');
    expect(call?.params).toEqual({ connection_name: 'Apex', environment: 'live' });
    expect(assign).toHaveBeenCalledWith('https://trader.tradovate.com/oauth?x=1');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Add Connection' }));
    expect(screen.getByLabelText('Connection name')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Demo' })).toBeChecked();
  });

  it('when the paper broker is chosen, then its connect call is made and the server message is toasted', async () => {
    api.on('GET /brokers/sim/connect', [
      200,
      { url: '/api/v1/brokers/sim/authorize?state=s', message: 'Redirecting to Paper trading' },
    ]);
    const { user } = await openDrawer();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Broker' }), 'sim');
    expect(screen.getByText(/You will be redirected to Paper trading/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Connection name'), 'Paper');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Redirecting to Paper trading')).toBeInTheDocument();
    expect(assign).toHaveBeenCalledWith('/api/v1/brokers/sim/authorize?state=s');
  });

  it('when connect fails with a detail, then it is toasted and the drawer stays open with the name', async () => {
    api.on('GET /brokers/:broker/connect', [400, { detail: 'Tradovate is not configured on this server' }]);
    const { user } = await openDrawer();
    await user.type(screen.getByLabelText('Connection name'), 'Apex');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Tradovate is not configured on this server')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Connection name')).toHaveValue('Apex');
  });

  it('when connect fails without a detail, then the connect fallback is toasted', async () => {
    api.on('GET /brokers/:broker/connect', [502]);
    const { user } = await openDrawer();
    await user.type(screen.getByLabelText('Connection name'), 'Apex');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Connection failed. Please try again.')).toBeInTheDocument();
  });

  it('when tradovate cannot be connected on this server, then the first connectable broker is preselected', async () => {
    api.on('GET /brokers', [
      200,
      BROKERS.map((b) => (b.id === 'tradovate' ? { ...b, connectable: false } : b)),
    ]);
    await openDrawer();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Broker' })).toHaveValue('sim'));
    expect(screen.getByRole('option', { name: 'Tradovate (coming soon)' })).toBeDisabled();
  });

  it('when tradovate has no OAuth credentials on this server, then choosing it says how an operator enables it and offers no form', async () => {
    api.on('GET /brokers', [
      200,
      BROKERS.map((b) => (b.id === 'tradovate' ? { ...b, connectable: false, needs_setup: true } : b)),
    ]);
    const { user } = await openDrawer();
    const select = screen.getByRole('combobox', { name: 'Broker' });
    await waitFor(() => expect(select).toHaveValue('sim'));
    const option = screen.getByRole('option', { name: 'Tradovate (not set up on this server)' });
    expect(option).toBeEnabled();
    await user.selectOptions(select, 'tradovate');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Tradovate is not set up on this server yet. An operator enables it by registering an OAuth application with Tradovate',
    );
    expect(screen.queryByLabelText('Connection name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(api.callsTo('GET /brokers/:broker/connect')).toHaveLength(0);
  });
});
