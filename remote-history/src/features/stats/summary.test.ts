import { summarize } from './summary';
import { formatPercent, formatRatio } from '@synctrade/ui';

const at = '2026-11-02T15:00:00.000Z';
const trades = (pnls: number[], qty = 1): { pnl: number; qty: number; exit_time: string }[] =>
  pnls.map((pnl) => ({ pnl, qty, exit_time: at }));

describe('summarize', () => {
  it('when trades win, lose and scratch, then scratches are neither wins nor losses', () => {
    const s = summarize([...trades([100, -50, 0]), ...trades([200], 3), ...trades([-25])]);
    expect(s).toEqual({
      trades: 5,
      wins: 2,
      losses: 2,
      scratches: 1,
      netPnl: 225,
      grossProfit: 300,
      grossLoss: 75,
      winRate: 0.5,
      profitFactor: 4,
      averageWin: 150,
      averageLoss: -37.5,
      winLossRatio: 4,
      contracts: 7,
    });
  });

  it('when nothing lost, then the profit factor and win/loss ratio are infinite and shown as ∞', () => {
    const s = summarize(trades([40, 0]));
    expect(s.profitFactor).toBe(Infinity);
    expect(s.winLossRatio).toBe(Infinity);
    expect(s.winRate).toBe(1);
    expect(formatRatio(s.profitFactor)).toBe('∞');
  });

  it('when only losses, then the profit factor is 0 and there is no average win', () => {
    const s = summarize(trades([-10, -30]));
    expect(s).toMatchObject({
      profitFactor: 0,
      averageWin: null,
      averageLoss: -20,
      winLossRatio: null,
      winRate: 0,
    });
  });

  it('when there are no trades, then every ratio is undefined and shown as —', () => {
    const s = summarize([]);
    expect([s.winRate, s.profitFactor, s.averageWin, s.averageLoss]).toEqual([null, null, null, null]);
    expect([formatPercent(s.winRate), formatRatio(s.profitFactor)]).toEqual(['—', '—']);
  });

  it('when cents add up in floating point, then totals stay exact to the cent', () => {
    expect(summarize(trades([0.1, 0.2])).netPnl).toBe(0.3);
  });
});
