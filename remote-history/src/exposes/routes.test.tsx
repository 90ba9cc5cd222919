import { mockApi, renderWithProviders, screen, signIn, type ApiMock } from '@synctrade/test-utils';
import Remote from './routes';
import { resetHistoryStore, serveHistory } from '../support/history-fixtures';

describe('history remote routes', () => {
  let api: ApiMock;
  beforeEach(() => {
    resetHistoryStore();
    signIn(7);
    api = serveHistory(mockApi());
  });
  afterEach(() => api.restore());

  it('when the index is opened, then it goes to the dashboard', async () => {
    const { location } = renderWithProviders(<Remote />, {
      route: '/trade-history',
      path: '/trade-history/*',
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dashboard Management');
    expect(location()).toBe('/trade-history/dashboard');
    expect(await screen.findByRole('heading', { name: /Completed Trades/ })).toBeInTheDocument();
  });

  it.each([
    ['daily', 'Daily'],
    ['weekly', 'Weekly'],
  ])('when /trade-history/%s is opened, then its view shows', async (path, heading) => {
    renderWithProviders(<Remote />, { route: `/trade-history/${path}`, path: '/trade-history/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    expect(await screen.findAllByRole('button', { name: /^Journal for/ })).not.toHaveLength(0);
  });
});
