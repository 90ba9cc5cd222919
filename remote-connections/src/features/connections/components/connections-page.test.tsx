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
import { BROKERS, buildConnection } from '../../../support/fixtures';
import { resetStores } from '../../../support/reset-stores';
import { useBrokerStore } from '../store/broker-store';
import { ConnectionsPage } from './connections-page';

let api: ApiMock;

beforeEach(() => {
  resetStores();
  signIn(1);
  api = mockApi().on('GET /brokers', [200, BROKERS]);
});
afterEach(async () => {
  // Let the broker list settle inside the test, so no update lands after it.
  await waitFor(() => expect(useBrokerStore.getState().status).toBe('success'));
  api.restore();
});

function renderPage(route = '/connections') {
  return renderWithProviders(<ConnectionsPage />, { route, path: '/connections' });
}

describe('connections list', () => {
  it('when connections load, then each row shows its name, status in words, broker, accounts and details link', async () => {
    api.on('GET /brokers/connections', [
      200,
      [
        buildConnection(),
        buildConnection({
          id: 5,
          connection_name: 'Paper',
          enabled: false,
          broker_name: 'sim',
          account_count: 1,
        }),
      ],
    ]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Connections Management' })).toBeInTheDocument();
    const apex = (await screen.findByRole('rowheader', { name: 'Apex evals' })).closest('tr') as HTMLElement;
    expect(within(apex).getByText('Connected')).toBeInTheDocument();
    expect(within(apex).getByRole('switch', { name: 'Enabled Apex evals' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(apex).getByText('Tradovate')).toBeInTheDocument();
    expect(within(apex).getByText('3')).toBeInTheDocument();
    expect(within(apex).getByRole('link', { name: 'Details of Apex evals' })).toHaveAttribute(
      'href',
      '/connections/4',
    );
    const paper = screen.getByRole('rowheader', { name: 'Paper' }).closest('tr') as HTMLElement;
    expect(within(paper).getByText('Disconnected')).toBeInTheDocument();
    expect(await within(paper).findByText('Paper trading (SyncTrade Sim)')).toBeInTheDocument();
    for (const column of ['Names', 'Status', 'Enabled', 'Broker', 'Accounts', 'Details', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
  });

  it('when the list is empty, then it says No connections found', async () => {
    api.on('GET /brokers/connections', [200, []]);
    renderPage();
    expect(await screen.findByText('No connections found')).toBeInTheDocument();
  });

  it('when the list fails with a detail, then the detail is toasted and shown, and Retry loads it again', async () => {
    api.on('GET /brokers/connections', [500, { detail: 'Database is down' }]);
    const { user } = renderPage();
    expect(await screen.findAllByText('Database is down')).toHaveLength(2);
    api.on('GET /brokers/connections', [200, [buildConnection()]]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('rowheader', { name: 'Apex evals' })).toBeInTheDocument();
  });

  it('when the list fails without a detail, then the spec fallback is shown', async () => {
    api.on('GET /brokers/connections', [500, {}]);
    renderPage();
    expect(await screen.findAllByText('Connection failed. Please try again.')).toHaveLength(2);
  });

  it('while loading, then a labelled spinner shows', async () => {
    api.on('GET /brokers/connections', () => new Promise(() => undefined));
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading connections');
    await waitFor(() => expect(useBrokerStore.getState().status).toBe('success'));
  });
});

describe('returning from the broker', () => {
  it('when the query says success with a connection id, then its stored name is toasted, announced and the query cleaned', async () => {
    api.on('GET /brokers/connections', [200, [buildConnection({ id: 9, connection_name: 'Paper' })]]);
    const heard = jest.fn();
    const off = bus.on('connections:changed', heard);
    const { location } = renderPage('/connections?status=success&connection=9');
    expect(await screen.findByText('Connection Paper added successfully')).toBeInTheDocument();
    expect(heard).toHaveBeenCalled();
    await waitFor(() => expect(location()).toBe('/connections'));
    off();
  });

  it('when the address carries any message text, then it is never shown', async () => {
    api.on('GET /brokers/connections', [200, [buildConnection({ id: 9, connection_name: 'Paper' })]]);
    const { location } = renderPage(
      '/connections?status=success&message=Your%20account%20is%20verified%2C%20call%20us&connection=404',
    );
    await waitFor(() => expect(location()).toBe('/connections'));
    await screen.findByText('Paper');
    expect(screen.queryByText(/account is verified/)).not.toBeInTheDocument();
    expect(screen.queryByText(/added successfully/)).not.toBeInTheDocument();
  });

  it('when the query says error with a code, then the product text for that code is an error toast', async () => {
    api.on('GET /brokers/connections', [200, []]);
    const { location } = renderPage('/connections?status=error&code=cancelled&message=Send%20money');
    expect(await screen.findByText('Authorization was cancelled at the broker')).toBeInTheDocument();
    expect(screen.queryByText('Send money')).not.toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/connections'));
  });

  it('when the error code is unknown, then a generic error is toasted', async () => {
    api.on('GET /brokers/connections', [200, []]);
    renderPage('/connections?status=error&code=__proto__');
    expect(await screen.findByText('Could not connect to the broker, please try again')).toBeInTheDocument();
  });
});
