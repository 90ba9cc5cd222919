import { rangeButtonLabel, rangeDescription, rangeQuery } from './range';

// Saturday, Nov 21, 2026 (jest runs in UTC).
const now = new Date(2026, 10, 21, 15, 0, 0);

describe('date ranges', () => {
  it('when a preset is chosen, then its dates are inclusive and weeks start on Monday', () => {
    expect(rangeQuery({ kind: 'today' }, now)).toEqual({ start_date: '2026-11-21', end_date: '2026-11-21' });
    expect(rangeQuery({ kind: 'week' }, now)).toEqual({ start_date: '2026-11-16', end_date: '2026-11-21' });
    expect(rangeQuery({ kind: 'month' }, now)).toEqual({ start_date: '2026-11-01', end_date: '2026-11-21' });
    expect(rangeQuery({ kind: 'all' }, now)).toEqual({});
  });

  it('when today is a Sunday, then this week started six days earlier', () => {
    expect(rangeQuery({ kind: 'week' }, new Date(2026, 10, 22))).toEqual({
      start_date: '2026-11-16',
      end_date: '2026-11-22',
    });
  });

  it('when a custom range is chosen, then the button and label show its dates', () => {
    const custom = { kind: 'custom' as const, start: '2026-11-02', end: '2026-11-09' };
    expect(rangeQuery(custom, now)).toEqual({ start_date: '2026-11-02', end_date: '2026-11-09' });
    expect(rangeButtonLabel(custom)).toBe('Nov 2, 2026 – Nov 9, 2026');
    expect(rangeButtonLabel({ kind: 'all' })).toBe('All Time');
    expect(rangeDescription({ kind: 'month' }, now)).toBe('Nov 1, 2026 – Nov 21, 2026');
    expect(rangeDescription({ kind: 'all' }, now)).toBe('All Time');
  });
});
