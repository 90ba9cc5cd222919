import type { AccountSummary, HistoryData, HistoryDay, HistorySummary, Trade } from '@synctrade/api';
import { AccountSummarySchema, HistoryDataSchema, TradeSchema } from '@synctrade/api/schemas';
import { mockApi, serverShaped, signIn, type ApiMock } from '@synctrade/test-utils';
import { useHistoryStore, initialHistoryState } from '../features/history';

let nextId = 1;

/** A closed trade as the server sends it (checked against its schema); override what the test is about. */
export function buildTrade(overrides: Partial<Trade> = {}): Trade {
  const id = overrides.id ?? nextId++;
  return serverShaped(TradeSchema, {
    id,
    time: '2026-11-02T14:30:00.000Z',
    exit_time: '2026-11-02T14:34:21.000Z',
    duration: 261,
    connection: 'Paper',
    account: 'SIM-1',
    symbol: 'MNQZ6',
    side: 'buy',
    qty: 1,
    avgEntry: 21000,
    avgExit: 21010,
    pts: 10,
    pnl: 20,
    journal: '',
    source: 'copier',
    ...overrides,
  });
}

/**
 * Hand-checked week: Mon +$100 and -$150 (day -$50), Tue +$80 and a scratch, next Mon +$40.
 * Net $70; wins 3 (avg $73.33), losses 1 (avg -$150); winning days 2 of 3.
 */
export const WEEK_TRADES: Trade[] = [
  buildTrade({
    id: 1,
    symbol: 'ESZ6',
    side: 'buy',
    qty: 2,
    avgEntry: 6000,
    pts: 1,
    pnl: 100,
    time: '2026-11-02T14:30:00.000Z',
    exit_time: '2026-11-02T14:40:00.000Z',
    duration: 600,
  }),
  buildTrade({
    id: 2,
    symbol: 'ESZ6',
    side: 'sell',
    qty: 1,
    avgEntry: 6010,
    pts: -3,
    pnl: -150,
    time: '2026-11-02T15:00:00.000Z',
    exit_time: '2026-11-02T15:04:21.000Z',
    duration: 261,
  }),
  buildTrade({
    id: 3,
    symbol: 'NQZ6',
    side: 'buy',
    qty: 1,
    avgEntry: 21000.25,
    pts: 4,
    pnl: 80,
    time: '2026-11-03T14:30:00.000Z',
    exit_time: '2026-11-03T15:32:00.000Z',
    duration: 3720,
  }),
  buildTrade({
    id: 4,
    symbol: 'MNQZ6',
    side: 'sell',
    qty: 3,
    avgEntry: 21005,
    pts: 0,
    pnl: 0,
    time: '2026-11-03T16:00:00.000Z',
    exit_time: '2026-11-03T16:00:45.000Z',
    duration: 45,
  }),
  buildTrade({
    id: 5,
    symbol: 'GCZ6',
    side: 'buy',
    qty: 1,
    avgEntry: 2000.1,
    pts: 0.4,
    pnl: 40,
    time: '2026-11-09T14:30:00.000Z',
    exit_time: '2026-11-09T14:35:00.000Z',
    duration: 300,
  }),
];

/**
 * WEEK_TRADES as the server's paged answer (UTC days, as jest runs in UTC), every figure written out by hand:
 *   Mon Nov 2: +100 ×2, -150 ×1   Tue Nov 3: +80 ×1, 0 ×3   Mon Nov 9: +40 ×1
 */
export const WEEK_DAYS: HistoryDay[] = [
  {
    day: '2026-11-02',
    pnl: -50,
    trades: 2,
    wins: 1,
    losses: 1,
    gross_profit: 100,
    gross_loss: 150,
    contracts: 3,
  },
  {
    day: '2026-11-03',
    pnl: 80,
    trades: 2,
    wins: 1,
    losses: 0,
    gross_profit: 80,
    gross_loss: 0,
    contracts: 4,
  },
  {
    day: '2026-11-09',
    pnl: 40,
    trades: 1,
    wins: 1,
    losses: 0,
    gross_profit: 40,
    gross_loss: 0,
    contracts: 1,
  },
];

/** A paged answer (newest first), checked against the server's schema; `days` as given. */
export function historyPage(
  trades: Trade[],
  days: HistoryDay[],
  summary: HistorySummary,
  limit: number,
  offset = 0,
): HistoryData {
  const newest = [...trades].sort((a, b) => (a.time < b.time ? 1 : -1));
  return serverShaped(HistoryDataSchema, {
    trades: newest.slice(offset, offset + limit),
    total: trades.length,
    offset,
    limit,
    summary,
    days,
  });
}

/** WEEK_TRADES' figures over the whole week: 5 trades, net $70. */
export const WEEK_SUMMARY: HistorySummary = {
  trades: 5,
  wins: 3,
  losses: 1,
  gross_profit: 220,
  gross_loss: 150,
  net_pnl: 70,
  contracts: 8,
};
const NO_SUMMARY: HistorySummary = {
  trades: 0,
  wins: 0,
  losses: 0,
  gross_profit: 0,
  gross_loss: 0,
  net_pnl: 0,
  contracts: 0,
};

/**
 * Serves the history and day-journal reads as a server of before the paged form does: every trade of the range,
 * whatever is asked.
 */
export function serveHistory(
  api: ApiMock,
  trades: Trade[] = WEEK_TRADES,
  journals: { date: string; note: string }[] = [],
): ApiMock {
  return withScopeChoices(api)
    .on('GET /copier/trade-history/:id', [200, { trades }])
    .on('GET /copier/journal/days', [200, journals]);
}

/**
 * Serves the history as today's server does: the paged form (a page, the range's figures and each day's) when
 * asked with `limit`, every trade without. WEEK_TRADES by default, or none (`empty`).
 */
export function servePagedHistory(
  api: ApiMock,
  { empty = false, journals = [] as { date: string; note: string }[] } = {},
): ApiMock {
  const [trades, days, summary] = empty ? [[], [], NO_SUMMARY] : [WEEK_TRADES, WEEK_DAYS, WEEK_SUMMARY];
  return api
    .on('GET /copier/trade-history/:id', (req) => {
      const params = (req.params ?? {}) as Record<string, string>;
      if (params.limit === undefined) return [200, { trades }];
      return [200, historyPage(trades, days, summary, Number(params.limit), Number(params.offset ?? 0))];
    })
    .on('GET /copier/journal/days', [200, journals]);
}

export function resetHistoryStore(): void {
  useHistoryStore.setState({ ...initialHistoryState });
}

/**
 * Where every history page test starts: an empty history store, user 7 signed in, a fresh API mock (the
 * test restores it afterwards).
 */
export function startHistoryTest(): ApiMock {
  resetHistoryStore();
  signIn(7);
  return withScopeChoices(mockApi());
}

/** The Accounts select asks for the trader's accounts and groups on every history page: none by default. */
export function withScopeChoices(api: ApiMock): ApiMock {
  return api.on('GET /brokers/accounts', [200, []]).on('GET /copier/groups', [200, []]);
}

/** One of the trader's accounts as `GET /brokers/accounts` lists it (checked against its schema). */
export function buildAccountSummary(
  overrides: Partial<AccountSummary> & { id: number; account_name: string; connection_name: string },
): AccountSummary {
  return serverShaped(AccountSummarySchema, {
    currency_name: 'USD',
    currency_symbol: '$',
    cash_balance: 50_000,
    active: true,
    enabled: true,
    connection_id: 3,
    broker_name: 'sim',
    ...overrides,
  } satisfies AccountSummary);
}
