import type { HistoryData, Trade } from '@synctrade/api';
import { renderWithProviders, screen, waitFor, within, type ApiMock } from '@synctrade/test-utils';
import { DashboardPage } from './dashboard-page';
import { buildTrade, historyPage, startHistoryTest } from '../../../support/history-fixtures';

/** 250 trades on the server; it answers one page of 100 and the range's figures (written out by hand). */
const ALL: Trade[] = Array.from({ length: 250 }, (_, i) =>
  buildTrade({
    id: 1000 - i,
    time: new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - i * 60_000).toISOString(),
    pnl: i === 0 ? 1234.5 : 10,
  }),
);

function pageOf(offset: number): HistoryData {
  const summary = {
    trades: 250,
    wins: 180,
    losses: 60,
    gross_profit: 9000,
    gross_loss: 3000,
    net_pnl: 6000,
    contracts: 400,
  };
  const days = [
    {
      day: '2026-11-19',
      pnl: 2500,
      trades: 100,
      wins: 70,
      losses: 25,
      gross_profit: 3750,
      gross_loss: 1250,
      contracts: 150,
    },
    {
      day: '2026-11-20',
      pnl: 3500,
      trades: 150,
      wins: 110,
      losses: 35,
      gross_profit: 5250,
      gross_loss: 1750,
      contracts: 250,
    },
  ];
  return historyPage(ALL, days, summary, 100, offset);
}

describe('dashboard paged by the server', () => {
  let api: ApiMock;
  beforeEach(() => {
    api = startHistoryTest();
    api
      .on('GET /copier/trade-history/:id', (req) => {
        const params = (req.params ?? {}) as Record<string, string>;
        if (params.limit === undefined) return [200, { trades: ALL }];
        return [200, pageOf(Number(params.offset))];
      })
      .on('GET /copier/journal/days', [200, []]);
  });
  afterEach(() => api.restore());

  it("when the server answers a page with the range's figures, then the cards show its figures and the pager asks for the next page", async () => {
    const { user } = renderWithProviders(<DashboardPage />, { route: '/trade-history/dashboard' });
    await screen.findByRole('table', {}, { timeout: 20_000 });
    const pnl = screen.getByRole('region', { name: 'P & L' });
    expect(pnl).toHaveTextContent('$6,000.00');
    expect(screen.getByRole('heading', { name: /Completed Trades/ })).toHaveTextContent('250');
    expect(screen.getAllByRole('row')).toHaveLength(101);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    expect(api.callsTo('GET /copier/trade-history/:id').at(-1)!.params).toEqual({
      limit: '100',
      offset: '100',
      tz: 'UTC',
    });
    expect(
      within(screen.getByRole('navigation', { name: 'Trades pages' })).getByText(/101–200 of 250/),
    ).toBeInTheDocument();
    // Statistics stay those of the whole range, not of the page.
    expect(screen.getByRole('region', { name: 'P & L' })).toHaveTextContent('$6,000.00');
  }, 30_000);

  it('when Export is pressed on a paged dashboard, then every trade of the range is fetched for the file', async () => {
    const { user } = renderWithProviders(<DashboardPage />, { route: '/trade-history/dashboard' });
    await screen.findByRole('table', {}, { timeout: 20_000 });
    const created: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:export';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(created).toHaveLength(1));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    expect(text.trim().split(/\r?\n/)).toHaveLength(251);
    expect(api.callsTo('GET /copier/trade-history/:id').at(-1)!.params).toEqual({});
  }, 30_000);
});
