import { RITHMIC_TEXT, RITHMIC_VALIDATION } from '@synctrade/api/messages';
import {
  mockApi,
  renderWithProviders,
  screen,
  signIn,
  waitFor,
  within,
  type ApiMock,
} from '@synctrade/test-utils';
import {
  brokersWithRithmic,
  buildConnection,
  buildSystems,
  RITHMIC_GATEWAYS,
} from '../../../support/fixtures';
import { resetStores } from '../../../support/reset-stores';
import { browserWindow } from '../store/browser-window';
import { ConnectionsPage } from './connections-page';

let api: ApiMock;
let assign: jest.Mock;
const original = browserWindow.assign;

const TEST_SYSTEMS = ['Rithmic Test', 'Rithmic Paper Trading'];
const LIVE_SYSTEMS = ['Rithmic 01', 'Apex'];

beforeEach(() => {
  resetStores();
  signIn(1);
  assign = jest.fn();
  browserWindow.assign = assign;
  api = mockApi()
    .on('GET /brokers', [200, brokersWithRithmic('ready')])
    .on('GET /brokers/connections', [200, []])
    .on('GET /brokers/:broker/gateways', [200, RITHMIC_GATEWAYS])
    .on('GET /brokers/:broker/systems', (request) => {
      const gateway = String(request.params.gateway);
      return [200, buildSystems(gateway, gateway === 'Rithmic Test' ? TEST_SYSTEMS : LIVE_SYSTEMS)];
    });
});
afterEach(() => {
  api.restore();
  browserWindow.assign = original;
});

async function openRithmic(optionName = 'Rithmic') {
  const view = renderWithProviders(<ConnectionsPage />, { route: '/connections', path: '/connections' });
  await screen.findByText('No connections found');
  await view.user.click(screen.getByRole('button', { name: 'Add Connection' }));
  await screen.findByRole('option', { name: optionName });
  await view.user.selectOptions(screen.getByRole('combobox', { name: 'Broker' }), 'rithmic');
  return view;
}

const systemSelect = () => screen.getByRole('combobox', { name: 'System' });
const gatewaySelect = () => screen.getByRole('combobox', { name: 'Gateway' });

describe('add connection drawer: Rithmic by user name and password', () => {
  it('when Rithmic is chosen, then the gateways come from the server and the system list from the first gateway', async () => {
    await openRithmic();
    expect(screen.getByText(RITHMIC_TEXT.intro)).toBeInTheDocument();
    expect(screen.queryByText(/You will be redirected/)).not.toBeInTheDocument();
    await waitFor(() => expect(gatewaySelect()).toHaveValue('Rithmic Test'));
    expect(screen.getByRole('option', { name: 'Rithmic Chicago (Live)' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Rithmic Paper Trading' })).toBeInTheDocument();
    expect(api.callsTo('GET /brokers/:broker/systems')[0]).toMatchObject({
      path: '/brokers/rithmic/systems',
      params: { gateway: 'Rithmic Test' },
    });
    expect(screen.getByText('Environment: Demo (set by the gateway)')).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'off');
    // No environment radio for Rithmic: the gateway decides.
    expect(screen.queryByRole('radio', { name: 'Live' })).not.toBeInTheDocument();
  });

  it('when another gateway is chosen, then its systems replace the list and the environment follows it', async () => {
    const { user } = await openRithmic();
    await screen.findByRole('option', { name: 'Rithmic Paper Trading' });
    await user.selectOptions(systemSelect(), 'Rithmic Paper Trading');
    await user.selectOptions(gatewaySelect(), 'Rithmic Chicago');
    expect(await screen.findByRole('option', { name: 'Apex' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Rithmic Paper Trading' })).not.toBeInTheDocument();
    expect(systemSelect()).toHaveValue('');
    expect(screen.getByText('Environment: Live (set by the gateway)')).toBeInTheDocument();
  });

  it('while the systems load, then the select says so; when they fail, then the error shows with a retry that loads them', async () => {
    let release: (() => void) | undefined;
    let fail = true;
    api.on('GET /brokers/:broker/systems', async (request) => {
      if (fail) {
        await new Promise<void>((resolve) => (release = resolve));
        return [502, { detail: RITHMIC_TEXT.unreachable }];
      }
      return [200, buildSystems(String(request.params.gateway), TEST_SYSTEMS)];
    });
    const { user } = await openRithmic();
    expect(await screen.findByRole('option', { name: RITHMIC_TEXT.systemsLoading })).toBeInTheDocument();
    expect(systemSelect()).toBeDisabled();
    await waitFor(() => expect(release).toBeDefined());
    release?.();
    expect(
      await screen.findByText(`${RITHMIC_TEXT.systemsFailed}: ${RITHMIC_TEXT.unreachable}`),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: RITHMIC_TEXT.systemsRetry }));
    expect(await screen.findByRole('option', { name: 'Rithmic Paper Trading' })).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(RITHMIC_TEXT.systemsFailed))).not.toBeInTheDocument();
    expect(api.callsTo('GET /brokers/:broker/systems')).toHaveLength(2);
  });

  it('when Continue is pressed with empty fields, then each field says what it needs and nothing is sent', async () => {
    const { user } = await openRithmic();
    await screen.findByRole('option', { name: 'Rithmic Paper Trading' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const form = screen.getByRole('form', { name: 'Rithmic connection' });
    await waitFor(() =>
      expect(
        within(form)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toEqual([
        RITHMIC_VALIDATION.systemRequired,
        RITHMIC_VALIDATION.userNameRequired,
        RITHMIC_VALIDATION.passwordRequired,
        'Connection name is required',
      ]),
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /brokers/:broker/connect-login')).toHaveLength(0);
  });

  it('when Continue succeeds, then the server gets the trimmed fields and the password as typed, the list reloads and the drawer closes', async () => {
    api.on('POST /brokers/:broker/connect-login', [
      201,
      { message: 'Connection Apex 50K added successfully', connection_id: 12 },
    ]);
    const { user } = await openRithmic();
    await screen.findByRole('option', { name: 'Rithmic Paper Trading' });
    await user.selectOptions(gatewaySelect(), 'Rithmic Chicago');
    await screen.findByRole('option', { name: 'Apex' });
    await user.selectOptions(systemSelect(), 'Apex');
    await user.type(screen.getByLabelText('User name'), '  APEX-1234 ');
    await user.type(screen.getByLabelText('Password'), ' pass word ');
    await user.type(screen.getByLabelText('Connection name'), ' Apex 50K ');
    api.on('GET /brokers/connections', [
      200,
      [buildConnection({ id: 12, connection_name: 'Apex 50K', broker_name: 'rithmic', environment: 'live' })],
    ]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Connection Apex 50K added successfully')).toBeInTheDocument();
    const [call] = api.callsTo('POST /brokers/:broker/connect-login');
    expect(call?.path).toBe('/brokers/rithmic/connect-login');
    expect(call?.body).toEqual({
      connection_name: 'Apex 50K',
      environment: 'live',
      gateway: 'Rithmic Chicago',
      system_name: 'Apex',
      user_name: 'APEX-1234',
      password: ' pass word ',
    });
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Apex 50K')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Connection' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Broker' }), 'rithmic');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it("when Rithmic refuses the sign-in, then the server's reason is toasted and the drawer keeps what was typed", async () => {
    const reason =
      'Rithmic refused the sign-in: the Rithmic agreements are not signed for this login. Sign them in R Trader Pro, then connect again';
    api.on('POST /brokers/:broker/connect-login', [400, { detail: reason }]);
    const { user } = await openRithmic();
    await screen.findByRole('option', { name: 'Rithmic Paper Trading' });
    await user.selectOptions(systemSelect(), 'Rithmic Paper Trading');
    await user.type(screen.getByLabelText('User name'), 'tara');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.type(screen.getByLabelText('Connection name'), 'Paper');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Connection' })).toBeInTheDocument();
    expect(screen.getByLabelText('User name')).toHaveValue('tara');
    expect(systemSelect()).toHaveValue('Rithmic Paper Trading');
  });

  it('when the server has Rithmic without gateways, then the drawer says how an operator sets it up and offers no form', async () => {
    api.on('GET /brokers', [200, brokersWithRithmic('needs_setup')]);
    await openRithmic('Rithmic (not set up on this server)');
    expect(screen.getByRole('option', { name: 'Rithmic (not set up on this server)' })).toBeEnabled();
    expect(screen.getByText(/RITHMIC_GATEWAYS/)).toHaveTextContent(/RITHMIC_APP_NAME/);
    expect(screen.getByText(/conformance test/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /brokers/:broker/gateways')).toHaveLength(0);
  });

  it('when the server has no Rithmic adapter at all, then Rithmic reads coming soon and cannot be chosen', async () => {
    api.on('GET /brokers', [
      200,
      brokersWithRithmic('ready').map((broker) =>
        broker.id === 'rithmic' ? { ...broker, connectable: false } : broker,
      ),
    ]);
    const view = renderWithProviders(<ConnectionsPage />, { route: '/connections', path: '/connections' });
    await screen.findByText('No connections found');
    await view.user.click(screen.getByRole('button', { name: 'Add Connection' }));
    expect(await screen.findByRole('option', { name: 'Rithmic (coming soon)' })).toBeDisabled();
  });
});
