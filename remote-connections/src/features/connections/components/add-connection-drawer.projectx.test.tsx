import { mockApi, renderWithProviders, screen, signIn, waitFor, type ApiMock } from '@synctrade/test-utils';
import { BROKERS, buildConnection } from '../../../support/fixtures';
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

async function openProjectX() {
  const view = renderWithProviders(<ConnectionsPage />, { route: '/connections', path: '/connections' });
  await screen.findByText('No connections found');
  await view.user.click(screen.getByRole('button', { name: 'Add Connection' }));
  await screen.findByRole('option', { name: 'ProjectX' });
  await view.user.selectOptions(screen.getByRole('combobox', { name: 'Broker' }), 'projectx');
  return view;
}

describe('add connection drawer: ProjectX by API key', () => {
  it('when ProjectX is chosen, then firm, user name and API key replace the redirect text, TopstepX first', async () => {
    await openProjectX();
    expect(screen.queryByText(/You will be redirected/)).not.toBeInTheDocument();
    expect(screen.getByText(/ProjectX connects with your user name and an API key/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Firm' })).toHaveValue('topstepx');
    expect(screen.getByRole('option', { name: 'Lucid Trading' })).toBeInTheDocument();
    expect(screen.getByLabelText('API key')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('radio', { name: 'Demo' })).toBeChecked();
    expect(screen.queryByLabelText('API host')).not.toBeInTheDocument();
  });

  it('when the trimmed name, user name, key or custom host is empty, then Continue stays disabled', async () => {
    const { user } = await openProjectX();
    const cont = screen.getByRole('button', { name: 'Continue' });
    await user.type(screen.getByLabelText('Connection name'), '   ');
    await user.type(screen.getByLabelText('User name'), 'tara');
    await user.type(screen.getByLabelText('API key'), 'k-1');
    expect(cont).toBeDisabled();
    await user.type(screen.getByLabelText('Connection name'), 'Topstep');
    expect(cont).toBeEnabled();
    await user.clear(screen.getByLabelText('API key'));
    await user.type(screen.getByLabelText('API key'), '   ');
    expect(cont).toBeDisabled();
    await user.type(screen.getByLabelText('API key'), 'k-2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Firm' }), 'custom');
    expect(cont).toBeDisabled();
    await user.type(screen.getByLabelText('API host'), 'https://api.myfirm.projectx.com');
    expect(cont).toBeEnabled();
  });

  it('when Continue succeeds, then the server checked the key, the message is toasted, the list reloads and the form forgets the key', async () => {
    api.on('POST /brokers/:broker/connect-key', [
      201,
      { message: 'Connection Topstep added successfully', connection_id: 9 },
    ]);
    const { user } = await openProjectX();
    await user.type(screen.getByLabelText('Connection name'), '  Topstep  ');
    await user.click(screen.getByRole('radio', { name: 'Live' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Firm' }), 'custom');
    await user.type(screen.getByLabelText('API host'), ' https://api.myfirm.projectx.com ');
    await user.type(screen.getByLabelText('User name'), ' tara ');
    await user.type(screen.getByLabelText('API key'), 'secret-1');
    api.on('GET /brokers/connections', [
      200,
      [buildConnection({ id: 9, connection_name: 'Topstep', broker_name: 'projectx' })],
    ]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Connection Topstep added successfully')).toBeInTheDocument();
    const [call] = api.callsTo('POST /brokers/:broker/connect-key');
    expect(call?.path).toBe('/brokers/projectx/connect-key');
    expect(call?.body).toEqual({
      connection_name: 'Topstep',
      environment: 'live',
      firm: 'custom',
      custom_host: 'https://api.myfirm.projectx.com',
      user_name: 'tara',
      api_key: 'secret-1',
    });
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Topstep')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Connection' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Broker' }), 'projectx');
    expect(screen.getByLabelText('Connection name')).toHaveValue('');
    expect(screen.getByLabelText('API key')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Demo' })).toBeChecked();
  });

  it('when ProjectX refuses the key, then the reason is toasted and the drawer keeps what was typed', async () => {
    api.on('POST /brokers/:broker/connect-key', [
      400,
      {
        detail:
          'Could not connect to ProjectX: This ProjectX user has no API subscription (ApiSubscriptionNotFound): subscribe to the ProjectX API, then connect again',
      },
    ]);
    const { user } = await openProjectX();
    await user.type(screen.getByLabelText('Connection name'), 'Topstep');
    await user.type(screen.getByLabelText('User name'), 'tara');
    await user.type(screen.getByLabelText('API key'), 'k');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/no API subscription \(ApiSubscriptionNotFound\)/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Connection' })).toBeInTheDocument();
    expect(screen.getByLabelText('User name')).toHaveValue('tara');
    expect(screen.getByRole('combobox', { name: 'Firm' })).toHaveValue('topstepx');
  });

  it('when Tradovate is chosen again, then the redirect flow is unchanged', async () => {
    api.on('GET /brokers/:broker/connect', [
      200,
      { url: 'https://trader.tradovate.com/oauth?x=1', message: 'Redirecting to Tradovate Auth page' },
    ]);
    const { user } = await openProjectX();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Broker' }), 'tradovate');
    expect(screen.getByText(/You will be redirected to Tradovate/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Connection name'), 'Apex');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Redirecting to Tradovate Auth page')).toBeInTheDocument();
    expect(assign).toHaveBeenCalledWith('https://trader.tradovate.com/oauth?x=1');
  });
});
