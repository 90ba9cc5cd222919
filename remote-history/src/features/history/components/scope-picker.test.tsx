import type { AccountSummary, HistorySummary, Trade } from '@synctrade/api';
import { copyGroupFixture, renderWithProviders, screen, waitFor, type ApiMock } from '@synctrade/test-utils';
import { DashboardPage } from './dashboard-page';
import { PeriodPage } from '../../periods';
import {
  buildAccountSummary,
  buildTrade,
  historyPage,
  startHistoryTest,
} from '../../../support/history-fixtures';

const account = (id: number, name: string, connection: string): AccountSummary =>
  buildAccountSummary({ id, account_name: name, connection_name: connection });

const group = copyGroupFixture;

const LEADER = buildTrade({ id: 1, account: 'SIM-1', qty: 1, pnl: 50 });
const COPY = buildTrade({ id: 2, account: 'SIM-2', qty: 2, pnl: 100 });

/** The figures the server would answer for these trades, written out by hand. */
function summaryOf(trades: Trade[]): HistorySummary {
  const net = trades.reduce((sum, t) => sum + t.pnl, 0);
  return {
    trades: trades.length,
    wins: trades.length,
    losses: 0,
    gross_profit: net,
    gross_loss: 0,
    net_pnl: net,
    contracts: trades.reduce((sum, t) => sum + t.qty, 0),
  };
}

describe('history scope: all accounts, leaders only, a copy group or one account', () => {
  let api: ApiMock;
  beforeEach(() => {
    api = startHistoryTest()
      .on('GET /brokers/accounts', [200, [account(11, 'SIM-1', 'Paper'), account(12, 'SIM-2', 'Paper')]])
      .on('GET /copier/groups', [200, [group(1, 'Group 1', [11, 12]), group(2, 'Funded', [])]])
      .on('GET /copier/journal/days', [200, []])
      .on('GET /copier/trade-history/:id', (req) => {
        const params = (req.params ?? {}) as Record<string, string>;
        const trades =
          params.scope === 'leaders'
            ? [LEADER]
            : params.account_id === '12'
              ? [COPY]
              : params.group_id === '2'
                ? []
                : [LEADER, COPY];
        return [200, historyPage(trades, [], summaryOf(trades), 100)];
      });
  });
  afterEach(() => api.restore());

  const lastParams = () => api.callsTo('GET /copier/trade-history/:id').at(-1)?.params;

  it('when the dashboard opens, then it shows all accounts and says copies count once per account', async () => {
    renderWithProviders(<DashboardPage />, { route: '/trade-history/dashboard' });
    await screen.findByRole('table');
    expect(screen.getByRole('combobox', { name: 'Accounts' })).toHaveDisplayValue(
      'All accounts (copies included)',
    );
    expect(
      screen.getByText('Showing all accounts: a copied trade counts once per account'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'P & L' })).toHaveTextContent('$150.00');
    expect(lastParams()).not.toHaveProperty('scope');
  });

  it('when leaders only is chosen, then the history is asked for the leaders and the figures follow', async () => {
    const { user } = renderWithProviders(<DashboardPage />, { route: '/trade-history/dashboard' });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Accounts' }), 'Leaders only');
    await waitFor(() => expect(lastParams()).toMatchObject({ scope: 'leaders', limit: '100' }));
    expect(await screen.findByText('Showing the leaders’ trades only')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'P & L' })).toHaveTextContent('$50.00'));
    expect(screen.getByRole('heading', { name: /Completed Trades/ })).toHaveTextContent('1');
  });

  it('when one account is chosen, then its trades alone are shown, named with its connection', async () => {
    const { user } = renderWithProviders(<DashboardPage />, { route: '/trade-history/dashboard' });
    await screen.findByRole('option', { name: 'SIM-2 · Paper' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Accounts' }), 'SIM-2 · Paper');
    await waitFor(() => expect(lastParams()).toMatchObject({ account_id: '12' }));
    expect(await screen.findByText('Showing SIM-2 · Paper only')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'P & L' })).toHaveTextContent('$100.00'));
  });

  it('when an empty copy group is chosen on Daily, then it says whose trades and shows none', async () => {
    const { user } = renderWithProviders(<PeriodPage kind="day" />, { route: '/trade-history/daily' });
    await screen.findByRole('option', { name: 'Funded' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Accounts' }), 'Funded');
    await waitFor(() => expect(lastParams()).toMatchObject({ group_id: '2' }));
    expect(await screen.findByText('Showing the accounts of Funded')).toBeInTheDocument();
    expect(await screen.findByText('No trades yet')).toBeInTheDocument();
  });

  it('when the account list cannot be read, then the select still offers all accounts and the leaders', async () => {
    api.on('GET /brokers/accounts', [500, { detail: 'Internal server error' }]);
    renderWithProviders(<DashboardPage />, { route: '/trade-history/dashboard' });
    await screen.findByRole('table');
    await waitFor(() => expect(api.callsTo('GET /brokers/accounts')).toHaveLength(1));
    expect(screen.getByRole('option', { name: 'Leaders only' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'SIM-1 · Paper' })).toBeNull();
  });
});
