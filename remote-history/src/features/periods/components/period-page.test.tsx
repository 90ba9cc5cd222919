import { renderWithProviders, screen, waitFor, within, type ApiMock } from '@synctrade/test-utils';
import { PeriodPage } from './period-page';
import { useHistoryStore } from '../../history';
import {
  serveHistory,
  servePagedHistory,
  startHistoryTest,
  WEEK_DAYS,
  WEEK_SUMMARY,
  WEEK_TRADES,
} from '../../../support/history-fixtures';

interface Served {
  empty?: boolean;
  journals?: { date: string; note: string }[];
}

/** The cards must read the same from the server's per-day figures as from every trade (an older server). */
const SERVERS: [string, (api: ApiMock, served?: Served) => ApiMock][] = [
  ["the server's per-day figures", (api, served) => servePagedHistory(api, served)],
  [
    'every trade (a server without the paged form)',
    (api, served) => serveHistory(api, served?.empty ? [] : WEEK_TRADES, served?.journals),
  ],
];

/** The card's figures as "label: value" pairs. */
function figures(name: string): Record<string, string> {
  const card = screen.getByRole('article', { name });
  const labels = within(card).getAllByRole('term');
  return Object.fromEntries(labels.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']));
}

let api: ApiMock;
beforeEach(() => {
  api = startHistoryTest();
});
afterEach(() => api.restore());

describe.each(SERVERS)('Daily and Weekly views, from %s', (_, serve) => {
  it('when trades load, then each day gets a card computed from its trades, newest first', async () => {
    serve(api);
    renderWithProviders(<PeriodPage kind="day" />);
    await screen.findAllByRole('article');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Mon, Nov 9, 2026',
      'Tue, Nov 3, 2026',
      'Mon, Nov 2, 2026',
    ]);
    expect(figures('Mon, Nov 2, 2026')).toEqual({
      'P&L': '-$50.00',
      Trades: '2',
      'Win rate': '50%',
      Wins: '1',
      Losses: '1',
      'Profit Factor': '0.67',
      'Total Contracts': '3',
    });
    // The scratch trade counts as a trade but neither a win nor a loss, and the win rate says it left it out;
    // no loss means an infinite profit factor.
    expect(figures('Tue, Nov 3, 2026')).toMatchObject({
      Trades: '2',
      'Win rate': '100% · 1 breakeven',
      Wins: '1',
      Losses: '0',
      'Profit Factor': '∞',
      'Total Contracts': '4',
    });
    // All Time: the label shows the span the trades cover.
    expect(screen.getByText('Nov 2, 2026 – Nov 9, 2026', { selector: 'span' })).toBeInTheDocument();
  });

  it('when the weekly view opens, then weeks start on Monday', async () => {
    serve(api);
    renderWithProviders(<PeriodPage kind="week" />);
    await screen.findAllByRole('article');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Weekly');
    expect(figures('Week of Nov 2, 2026 – Nov 8, 2026')).toEqual({
      'P&L': '$30.00',
      Trades: '4',
      'Win rate': '66.7% · 1 breakeven',
      Wins: '2',
      Losses: '1',
      'Profit Factor': '1.20',
      'Total Contracts': '7',
    });
    expect(figures('Week of Nov 9, 2026 – Nov 15, 2026')).toMatchObject({ 'P&L': '$40.00', Trades: '1' });
  });

  it('when a range was chosen on another history page, then the label and request use it', async () => {
    serve(api);
    useHistoryStore.setState({ range: { kind: 'custom', start: '2026-11-02', end: '2026-11-03' } });
    renderWithProviders(<PeriodPage kind="day" />);
    await screen.findAllByRole('article');
    expect(screen.getByRole('button', { name: 'Nov 2, 2026 – Nov 3, 2026' })).toBeInTheDocument();
    expect(screen.getByText('Nov 2, 2026 – Nov 3, 2026', { selector: 'span' })).toBeInTheDocument();
    expect(api.callsTo('GET /copier/trade-history/:id')[0]!.params).toMatchObject({
      start_date: '2026-11-02',
      end_date: '2026-11-03',
    });
  });

  it('when the range changes here, then the label follows', async () => {
    serve(api);
    const { user } = renderWithProviders(<PeriodPage kind="day" />);
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'All Time' }));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(api.callsTo('GET /copier/trade-history/:id')).toHaveLength(2));
    const { start_date: today } = api.callsTo('GET /copier/trade-history/:id')[1]!.params as {
      start_date: string;
    };
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const label = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(y, m - 1, d));
    expect(await screen.findByText(label, { selector: 'span' })).toBeInTheDocument();
  });

  it('when a week’s Journal is used, then the chosen day’s note is edited and saved', async () => {
    serve(api, { journals: [{ date: '2026-11-03', note: 'Slow day' }] });
    api.on('PUT /copier/journal/days/:date', [200, { message: 'Day note saved' }]);
    const { user } = renderWithProviders(<PeriodPage kind="week" />);
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Journal for Week of Nov 2, 2026 – Nov 8, 2026' }));
    const dialog = screen.getByRole('dialog', { name: 'Day journal' });
    expect(within(dialog).getByLabelText('Note')).toHaveValue('');
    await user.selectOptions(within(dialog).getByLabelText('Day'), 'Tue, Nov 3, 2026');
    expect(within(dialog).getByLabelText('Note')).toHaveValue('Slow day');
    await user.type(within(dialog).getByLabelText('Note'), ', no setups');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Day note saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /copier/journal/days/:date')[0]).toMatchObject({
      path: '/copier/journal/days/2026-11-03',
      body: { note: 'Slow day, no setups' },
    });
  });

  it('when there are no trades, then the view says so', async () => {
    serve(api, { empty: true });
    renderWithProviders(<PeriodPage kind="day" />);
    expect(await screen.findByText('No trades yet')).toBeInTheDocument();
  });

  it('when loading fails, then the fallback is shown with a Retry', async () => {
    api.on('GET /copier/journal/days', [500, {}]).on('GET /copier/trade-history/:id', [503, {}]);
    renderWithProviders(<PeriodPage kind="day" />);
    expect(await screen.findAllByText('History data failed. Please try again.')).toHaveLength(2);
    expect(await screen.findByText('Journal update failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('Daily and Weekly views: what they ask the server', () => {
  it("when the server sends each day's figures, then one paged request serves the cards and every trade is never asked", async () => {
    servePagedHistory(api);
    renderWithProviders(<PeriodPage kind="week" />);
    await screen.findAllByRole('article');
    const calls = api.callsTo('GET /copier/trade-history/:id');
    expect(calls.map((call) => call.params)).toEqual([{ limit: '100', offset: '0', tz: 'UTC' }]);
  });

  it('when a server sends days without their figures, then every trade is asked and the cards come from them', async () => {
    const olderDays = WEEK_DAYS.map(({ day, pnl, trades }) => ({ day, pnl, trades }));
    api
      .on(
        'GET /copier/trade-history/:id',
        (req) => {
          const params = (req.params ?? {}) as Record<string, string>;
          if (params.limit === undefined) return [200, { trades: WEEK_TRADES }];
          const page = { trades: WEEK_TRADES, total: 5, offset: 0, limit: 100, summary: WEEK_SUMMARY };
          return [200, { ...page, days: olderDays }];
        },
        { olderServer: "pages its history but sends each day's net P&L and trade count only" },
      )
      .on('GET /copier/journal/days', [200, []]);
    renderWithProviders(<PeriodPage kind="day" />);
    await screen.findAllByRole('article');
    expect(figures('Mon, Nov 2, 2026')).toMatchObject({
      'P&L': '-$50.00',
      Wins: '1',
      'Profit Factor': '0.67',
    });
    const calls = api.callsTo('GET /copier/trade-history/:id');
    expect(calls.map((call) => call.params)).toEqual([{ limit: '100', offset: '0', tz: 'UTC' }, {}]);
  });
});
