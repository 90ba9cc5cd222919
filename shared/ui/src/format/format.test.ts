import { formatClock, formatDateTime, formatDayLabel, formatShortDate } from './dates';
import { formatMoney, formatPnl } from './money';
import { formatCount, formatDuration, formatNumber, formatPrice } from './numbers';

describe('formatting', () => {
  it('when formatting money, then a loss starts with a minus and thousands are grouped', () => {
    expect([formatMoney(1234.5), formatMoney(-20), formatMoney(-0.001)]).toEqual([
      '$1,234.50',
      '-$20.00',
      '$0.00',
    ]);
  });
  it('when formatting durations, then they read like the broker writes them', () => {
    expect([formatDuration(45), formatDuration(261), formatDuration(240), formatDuration(3720)]).toEqual([
      '45sec',
      '4min 21sec',
      '4min',
      '1h 2min',
    ]);
  });
});

describe('money in every section', () => {
  it('when a currency symbol is given, then the sign still leads it, and P&L always carries a sign', () => {
    expect([formatMoney(-1250, '€'), formatMoney(12500)]).toEqual(['-€1,250.00', '$12,500.00']);
    expect([formatPnl(20), formatPnl(-5.5), formatPnl(0), formatPnl(-0.001)]).toEqual([
      '+$20.00',
      '-$5.50',
      '+$0.00',
      '+$0.00',
    ]);
  });

  it('when prices and counts are shown, then they are grouped, without float noise, and a missing price is —', () => {
    expect([formatPrice(6000.25), formatPrice(0), formatPrice(null), formatPrice(21000.123456)]).toEqual([
      '6,000.25',
      '—',
      '—',
      '21,000.1235',
    ]);
    expect([formatNumber(6010), formatNumber(10.250000001), formatCount(100000)]).toEqual([
      '6010.00',
      '10.25',
      '100,000',
    ]);
  });
});

describe('dates', () => {
  // Jest runs in UTC (see jest.config.js), so local time is UTC here.
  it('when a time is shown, then it reads MM/DD/YYYY HH:MM:SS like the broker exports, and text that is no date stays', () => {
    expect([formatDateTime('2026-11-02T15:04:05Z'), formatDateTime('soon')]).toEqual([
      '11/02/2026 15:04:05',
      'soon',
    ]);
    expect(formatClock(Date.parse('2026-11-02T09:08:07Z'))).toBe('09:08:07');
  });

  it('when a day key is labelled, then it reads as a calendar day', () => {
    expect([formatDayLabel('2026-11-02'), formatShortDate('2026-11-02')]).toEqual([
      'Mon, Nov 2, 2026',
      'Nov 2, 2026',
    ]);
  });
});
