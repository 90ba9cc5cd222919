import type { Trade } from '@synctrade/api';
import { TradeSchema } from '@synctrade/api/schemas';
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

/** Serves the history and day-journal reads. */
export function serveHistory(
  api: ApiMock,
  trades: Trade[] = WEEK_TRADES,
  journals: { date: string; note: string }[] = [],
): ApiMock {
  return api
    .on('GET /copier/trade-history/:id', [200, { trades }])
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
  return mockApi();
}
