import {
  act,
  mockApi,
  renderWithProviders,
  screen,
  signIn,
  waitFor,
  type ApiMock,
} from '@synctrade/test-utils';
import { bus } from '@synctrade/event-bus';
import { buildConnection } from '../../../support/fixtures';
import { resetStores } from '../../../support/reset-stores';
import ConnectionsSummary from '../../../exposes/connections-summary';
import { countLabel } from './connections-summary-card';

let api: ApiMock;

beforeEach(() => {
  resetStores();
  signIn(1);
  api = mockApi();
});
afterEach(() => api.restore());

function renderCard() {
  return renderWithProviders(<ConnectionsSummary />, { route: '/dashboard', path: '/dashboard' });
}

describe('connections summary', () => {
  it('counts in the singular for one and the plural otherwise', () => {
    expect(countLabel(0)).toBe('0 Connections');
    expect(countLabel(1)).toBe('1 Connection');
    expect(countLabel(2)).toBe('2 Connections');
  });

  it('when one connection exists, then it shows "1 Connection" and its status in words', async () => {
    api.on('GET /brokers/connections', [200, [buildConnection()]]);
    renderCard();
    expect(await screen.findByText('1 Connection')).toBeInTheDocument();
    expect(screen.getByText('Apex evals')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
  });

  it('when several exist, then the plural label shows and at most five are listed', async () => {
    const many = Array.from({ length: 7 }, (_, i) =>
      buildConnection({ id: i + 1, connection_name: `Conn ${i + 1}` }),
    );
    api.on('GET /brokers/connections', [200, many]);
    renderCard();
    expect(await screen.findByText('7 Connections')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  it('when Manage Connections is pressed, then it goes to /connections', async () => {
    api.on('GET /brokers/connections', [200, []]);
    const { user, location } = renderCard();
    expect(await screen.findByText('0 Connections')).toBeInTheDocument();
    expect(screen.getByText('No connections found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Manage Connections' }));
    expect(location()).toBe('/connections');
  });

  it('when connections:changed is heard, then it reloads', async () => {
    api.on('GET /brokers/connections', [200, []]);
    renderCard();
    expect(await screen.findByText('0 Connections')).toBeInTheDocument();
    api.on('GET /brokers/connections', [200, [buildConnection()]]);
    act(() => bus.emit('connections:changed', { connectionId: 4 }));
    expect(await screen.findByText('1 Connection')).toBeInTheDocument();
    expect(api.callsTo('GET /brokers/connections')).toHaveLength(2);
  });

  it('when loading fails, then the card shows the failure in place with Retry (no toast) and recovers', async () => {
    api.on('GET /brokers/connections', [500, { detail: 'Service unavailable' }]);
    const { user } = renderCard();
    expect(screen.getByRole('status')).toHaveTextContent('Loading connections');
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    expect(screen.getAllByText('Service unavailable')).toHaveLength(1);
    api.on('GET /brokers/connections', [200, [buildConnection()]]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('1 Connection')).toBeInTheDocument());
  });
});
