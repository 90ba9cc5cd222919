import {
  dailyCumulative,
  dayWinRate,
  groupByPeriod,
  periodsOfDays,
  periodsOfTrades,
  weekStart,
} from './periods';

const trade = (exit_time: string, pnl: number, qty = 1): { exit_time: string; pnl: number; qty: number } => ({
  exit_time,
  pnl,
  qty,
});
// Jest runs in UTC (see jest.config.js), so the local day is the UTC day here.
const trades = [
  trade('2026-11-02T15:00:00Z', 100, 2),
  trade('2026-11-02T16:00:00Z', -150),
  trade('2026-11-03T15:00:00Z', 80),
  trade('2026-11-09T15:00:00Z', 0),
];

describe('periods', () => {
  it('when trades span days, then daily P&L is summed and accumulated oldest first', () => {
    expect(dailyCumulative(trades)).toEqual([
      { day: '2026-11-02', pnl: -50, cumulative: -50 },
      { day: '2026-11-03', pnl: 80, cumulative: 30 },
      { day: '2026-11-09', pnl: 0, cumulative: 30 },
    ]);
  });

  it('when a day nets zero or less, then it is a trading day but not a winning day', () => {
    expect(dayWinRate(dailyCumulative(trades))).toEqual({ winningDays: 1, tradingDays: 3, rate: 1 / 3 });
    expect(dayWinRate([])).toEqual({ winningDays: 0, tradingDays: 0, rate: null });
  });

  it('when grouping by week, then weeks start on Monday and the newest comes first', () => {
    expect(weekStart('2026-11-08')).toBe('2026-11-02');
    expect(weekStart('2026-11-02')).toBe('2026-11-02');
    const weeks = groupByPeriod(trades, 'week');
    expect(weeks.map((w) => [w.key, w.trades.length, w.summary.netPnl, w.summary.contracts])).toEqual([
      ['2026-11-09', 1, 0, 1],
      ['2026-11-02', 3, 30, 4],
    ]);
  });

  it('when grouping by day, then each day carries its own summary', () => {
    const days = groupByPeriod(trades, 'day');
    expect(days.map((d) => d.key)).toEqual(['2026-11-09', '2026-11-03', '2026-11-02']);
    expect(days[2]!.summary).toMatchObject({ trades: 2, wins: 1, losses: 1, profitFactor: 100 / 150 });
  });

  it('when days come from the server, then a week adds them up, to the cent, and lists its days oldest first', () => {
    // Sunday Nov 8 closes the week of Nov 2; Monday Nov 9 opens the next. 0.1 + 0.2 is not 0.3 in binary.
    const day = (
      d: string,
      net: number,
      profit: number,
      loss: number,
      wins: number,
      losses: number,
      n: number,
    ) => ({
      day: d,
      trades: n,
      wins,
      losses,
      grossProfit: profit,
      grossLoss: loss,
      netPnl: net,
      contracts: n * 2,
    });
    const days = [
      day('2026-11-03', 0.1, 0.1, 0, 1, 0, 1),
      day('2026-11-08', 0.2, 40.2, 40, 1, 1, 3),
      day('2026-11-09', -5, 0, 5, 0, 1, 1),
    ];
    const weeks = periodsOfDays(days, 'week');
    expect(weeks.map((w) => [w.key, w.days])).toEqual([
      ['2026-11-09', ['2026-11-09']],
      ['2026-11-02', ['2026-11-03', '2026-11-08']],
    ]);
    expect(weeks[1]!.summary).toMatchObject({
      trades: 4,
      wins: 2,
      losses: 1,
      scratches: 1,
      netPnl: 0.3,
      grossProfit: 40.3,
      grossLoss: 40,
      winRate: 2 / 3,
      contracts: 8,
    });
    expect(weeks[0]!.summary).toMatchObject({ netPnl: -5, winRate: 0, profitFactor: 0, averageLoss: -5 });
    expect(periodsOfDays(days, 'day').map((d) => d.key)).toEqual(['2026-11-09', '2026-11-08', '2026-11-03']);
  });

  it('when cards are made from trades, then each lists the days it has trades on, once each', () => {
    const weeks = periodsOfTrades(trades, 'week');
    expect(weeks.map((w) => [w.key, w.days])).toEqual([
      ['2026-11-09', ['2026-11-09']],
      ['2026-11-02', ['2026-11-02', '2026-11-03']],
    ]);
  });
});
