import { SUCCESS } from '@synctrade/api';
import { darkTokens } from '@synctrade/ui';
import { renderWithProviders, screen, waitFor, within, type ApiMock } from '@synctrade/test-utils';
import { DashboardPage } from './dashboard-page';
import { buildTrade, serveHistory, WEEK_TRADES, startHistoryTest } from '../../../support/history-fixtures';

/** The paged form the dashboard asks for (jest runs in UTC). */
const PAGED = { limit: '100', offset: '0', tz: 'UTC' };

function renderDashboard(): ReturnType<typeof renderWithProviders> {
  return renderWithProviders(<DashboardPage />, { route: '/trade-history/dashboard' });
}

function card(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('trade history dashboard', () => {
  let api: ApiMock;
  beforeEach(() => {
    api = startHistoryTest();
  });
  afterEach(() => api.restore());

  it('when it opens, then it asks for the signed-in user’s whole history and shows the spec texts', async () => {
    serveHistory(api);
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard Management' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All Time' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import Data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Journal' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      /Import a CSV export of your trading history.*Automatic broker syncing returns soon/,
    );
    await screen.findByRole('table');
    expect(api.callsTo('GET /copier/trade-history/:id')).toEqual([
      expect.objectContaining({ path: '/copier/trade-history/7', params: PAGED }),
    ]);
  });

  it('when there are no trades, then every card says so and the table is empty', async () => {
    serveHistory(api, []);
    renderDashboard();
    expect(await screen.findByText('No completed trades found')).toBeInTheDocument();
    for (const name of ['P & L', 'Avg Win/Loss', 'Day Win %', 'Daily Cumulative P&L']) {
      expect(within(card(name)).getByText('No trades yet')).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: /Completed Trades/ })).toHaveTextContent('Completed Trades0');
  });

  it('when trades load, then the cards are computed from them', async () => {
    serveHistory(api);
    renderDashboard();
    await screen.findByRole('table');
    expect(within(card('P & L')).getByText('$70.00')).toBeInTheDocument();
    expect(within(card('P & L')).getByText('5 trades')).toBeInTheDocument();
    const avg = within(card('Avg Win/Loss'));
    expect(avg.getByText('$73.33')).toBeInTheDocument();
    expect(avg.getByText('-$150.00')).toBeInTheDocument();
    expect(avg.getByText('0.49')).toBeInTheDocument();
    expect(within(card('Day Win %')).getByText('66.7%')).toBeInTheDocument();
    expect(within(card('Day Win %')).getByText('2 of 3 days won')).toBeInTheDocument();
    expect(within(card('Daily Cumulative P&L')).getByRole('img')).toHaveAccessibleName(
      'Cumulative P&L from Nov 2, 2026 to Nov 9, 2026, ending at $70.00',
    );
  });

  it('when trades load, then the table lists them newest first with colours that match their text', async () => {
    serveHistory(api);
    renderDashboard();
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { name: /Completed Trades/ })).toHaveTextContent('Completed Trades5');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Time',
      'Account',
      'Duration',
      'Symbol',
      'Side',
      'Qty',
      'Avg Entry',
      'Pts',
      'P&L',
      'Journal',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]!.textContent)).toEqual([
      'GCZ6',
      'MNQZ6',
      'NQZ6',
      'ESZ6',
      'ESZ6',
    ]);
    const loss = within(rows[3]!).getAllByRole('cell');
    expect(loss.map((c) => c.textContent).slice(0, 9)).toEqual([
      '11/02/2026 15:00:00',
      'SIM-1 · Paper',
      '4min 21sec',
      'ESZ6',
      'Sell',
      '1',
      '6010.00',
      '-3.00',
      '-$150.00',
    ]);
    expect(within(loss[4]!).getByText('Sell')).toHaveStyle({ color: darkTokens.color.danger });
    expect(within(loss[8]!).getByText('-$150.00')).toHaveStyle({ color: darkTokens.color.danger });
    const win = within(rows[4]!).getAllByRole('cell');
    expect(within(win[4]!).getByText('Buy')).toHaveStyle({ color: darkTokens.color.success });
    expect(within(win[8]!).getByText('$100.00')).toHaveStyle({ color: darkTokens.color.success });
    const scratch = within(rows[1]!).getAllByRole('cell');
    expect(within(scratch[8]!).getByText('$0.00')).toHaveStyle({ color: darkTokens.color.success });
  });

  it('when a range is chosen, then the request carries its dates and the button shows its name', async () => {
    serveHistory(api);
    const { user } = renderDashboard();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'All Time' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Date range' })).getByRole('button', { name: 'This Month' }),
    );
    const now = new Date();
    const pad = (n: number): string => String(n).padStart(2, '0');
    const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    await waitFor(() => expect(api.callsTo('GET /copier/trade-history/:id')).toHaveLength(2));
    expect(api.callsTo('GET /copier/trade-history/:id')[1]!.params).toEqual({
      start_date: `${today.slice(0, 8)}01`,
      end_date: today,
      ...PAGED,
    });
    expect(api.callsTo('GET /copier/journal/days')[1]!.params).toEqual({
      start_date: `${today.slice(0, 8)}01`,
      end_date: today,
    });
    expect(screen.getByRole('button', { name: 'This Month' })).toBeInTheDocument();
  });

  it('when a custom range is applied, then both dates are sent and shown on the button', async () => {
    serveHistory(api);
    const { user } = renderDashboard();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'All Time' }));
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose both dates');
    await user.type(screen.getByLabelText('From'), '2026-11-02');
    await user.type(screen.getByLabelText('To'), '2026-11-03');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.callsTo('GET /copier/trade-history/:id')).toHaveLength(2));
    expect(api.callsTo('GET /copier/trade-history/:id')[1]!.params).toEqual({
      start_date: '2026-11-02',
      end_date: '2026-11-03',
      ...PAGED,
    });
    expect(await screen.findByRole('button', { name: 'Nov 2, 2026 – Nov 3, 2026' })).toBeInTheDocument();
  });

  it('when two ranges are chosen quickly, then only the latest answer is shown', async () => {
    let release: (() => void) | null = null;
    api.on('GET /copier/journal/days', [200, []]).on('GET /copier/trade-history/:id', (req) =>
      req.params.start_date === undefined
        ? [200, { trades: [] }]
        : req.params.start_date === req.params.end_date
          ? new Promise((resolve) => {
              release = () => resolve([200, { trades: [buildTrade({ symbol: 'STALE1' })] }]);
            })
          : [200, { trades: [buildTrade({ symbol: 'FRESH1' })] }],
    );
    const { user } = renderDashboard();
    await screen.findByText('No completed trades found');
    await user.click(screen.getByRole('button', { name: 'All Time' }));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await user.click(screen.getByRole('button', { name: 'This Month' }));
    expect(await screen.findByText('FRESH1')).toBeInTheDocument();
    release!();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('STALE1')).not.toBeInTheDocument();
  });

  it('when the server fails with a detail, then the detail is toasted and Retry loads again', async () => {
    api
      .on('GET /copier/journal/days', [200, []])
      .on('GET /copier/trade-history/:id', [500, { detail: 'History store is down' }]);
    const { user } = renderDashboard();
    // Once in the toast, once in the page's error panel.
    expect(await screen.findAllByText('History store is down')).toHaveLength(2);
    expect(screen.getAllByRole('alert').filter((a) => a.textContent?.includes('Trade history'))).toHaveLength(
      1,
    );
    serveHistory(api);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('when the server fails without a detail, then the spec fallback is shown', async () => {
    api.on('GET /copier/journal/days', [200, []]).on('GET /copier/trade-history/:id', [500, {}]);
    renderDashboard();
    expect(await screen.findAllByText('History data failed. Please try again.')).toHaveLength(2);
  });

  it('when there are more trades than a page, then only one page is rendered and the pager moves', async () => {
    const many = Array.from({ length: 250 }, (_, i) =>
      buildTrade({ id: 1000 + i, time: new Date(Date.UTC(2026, 10, 2, 14, 0, i)).toISOString() }),
    );
    serveHistory(api, many);
    const { user } = renderDashboard();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    expect(screen.getByText('1–100 of 250')).toBeInTheDocument();
    await user.click(screen.getByText('Next'));
    await user.click(screen.getByText('Next'));
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByText('Next')).toBeDisabled();
  }, 20_000);

  it('when Start Journal is saved, then today’s note goes to the server', async () => {
    serveHistory(api);
    api.on('PUT /copier/journal/days/:date', [200, { message: SUCCESS.journal }]);
    const { user } = renderDashboard();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Start Journal' }));
    const dialog = screen.getByRole('dialog', { name: 'Day journal' });
    await user.type(within(dialog).getByLabelText('Note'), 'Patient morning');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Journal saved')).toBeInTheDocument();
    const [call] = api.callsTo('PUT /copier/journal/days/:date');
    const now = new Date();
    const pad = (n: number): string => String(n).padStart(2, '0');
    expect(call!.path).toBe(
      `/copier/journal/days/${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    );
    expect(call!.body).toEqual({ note: 'Patient morning' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when a trade note is saved, then it is sent and the row offers to edit it', async () => {
    serveHistory(api, [WEEK_TRADES[0]!]);
    api.on('PUT /copier/trade-history/trades/:id/journal', [200, { message: 'Note stored' }]);
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: /^Add note for ESZ6 Buy/ }));
    await user.type(screen.getByLabelText('Note'), 'Good entry');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Note stored')).toBeInTheDocument();
    expect(api.callsTo('PUT /copier/trade-history/trades/:id/journal')[0]).toMatchObject({
      path: '/copier/trade-history/trades/1/journal',
      body: { journal: 'Good entry' },
    });
    expect(screen.getByRole('button', { name: /^Edit note for ESZ6/ })).toHaveAttribute(
      'title',
      'Good entry',
    );
  });

  it('when a note fails to save, then the error is toasted and the editor stays open', async () => {
    serveHistory(api, [WEEK_TRADES[0]!]);
    api.on('PUT /copier/trade-history/trades/:id/journal', [500, {}]);
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: /^Add note/ }));
    await user.type(screen.getByLabelText('Note'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Journal update failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Trade journal' })).toBeInTheDocument();
  });
});
