import { mockApi, renderWithProviders, screen, signIn, type ApiMock } from '@synctrade/test-utils';
import { BROKERS, buildConnection, buildDetails } from '../support/fixtures';
import { resetStores } from '../support/reset-stores';
import Remote from './routes';

let api: ApiMock;

beforeEach(() => {
  resetStores();
  signIn(1);
  api = mockApi()
    .on('GET /brokers', [200, BROKERS])
    .on('GET /brokers/connections', [200, [buildConnection()]])
    .on('GET /brokers/connections/:id/account-info', [200, buildDetails()])
    .on('GET /propfirm/headroom', [200, []]);
});
afterEach(() => api.restore());

describe('connections remote', () => {
  it('when mounted at /connections, then the list renders and Details opens the connection', async () => {
    const { user, location } = renderWithProviders(<Remote />, {
      route: '/connections',
      path: '/connections/*',
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Connections Management');
    await user.click(await screen.findByRole('link', { name: 'Details of Apex evals' }));
    expect(location()).toBe('/connections/4');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connection details: Apex evals' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('trader.joe')).toBeInTheDocument();
  });
});
