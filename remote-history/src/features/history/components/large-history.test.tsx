import { renderWithProviders, screen, within, type ApiMock } from '@synctrade/test-utils';
import { DashboardPage } from './dashboard-page';
import { buildTrade, serveHistory, startHistoryTest } from '../../../support/history-fixtures';

describe('a large history', () => {
  let api: ApiMock;
  beforeEach(() => {
    api = startHistoryTest();
  });
  afterEach(() => api.restore());

  it('when 100,000 trades load, then the cards cover all of them and only one page of rows is rendered', async () => {
    const start = Date.UTC(2026, 0, 5, 14, 0, 0);
    const trades = Array.from({ length: 100_000 }, (_, i) => {
      const time = new Date(start + i * 60_000).toISOString();
      return buildTrade({ id: i + 1, time, exit_time: time, pnl: i % 2 ? 10 : -4 });
    });
    serveHistory(api, trades);
    renderWithProviders(<DashboardPage />);
    const table = await screen.findByRole('table', {}, { timeout: 20_000 });
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    expect(screen.getByText('1–100 of 100,000')).toBeInTheDocument();
    // 50,000 × $10 − 50,000 × $4.
    expect(
      within(screen.getByRole('region', { name: 'P & L' })).getByText('$300,000.00'),
    ).toBeInTheDocument();
  }, 60_000);
});
