import { tradeDayKey, tradeDayStart } from './session-day';

const at = (iso: string): number => Date.parse(iso);

describe('trade day (18:00 New York)', () => {
  it('when a time is just before or at 18:00 New York, then it belongs to that day or the next, in winter and summer', () => {
    expect([
      tradeDayKey(at('2026-11-20T22:59:59.999Z')),
      tradeDayKey(at('2026-11-20T23:00:00.000Z')),
      tradeDayKey(at('2026-07-15T21:59:59.999Z')),
      tradeDayKey(at('2026-07-15T22:00:00.000Z')),
      // Asked again out of order: the remembered hour must not leak into another one.
      tradeDayKey(at('2026-11-20T22:59:59.999Z')),
    ]).toEqual(['2026-11-20', '2026-11-21', '2026-07-15', '2026-07-16', '2026-11-20']);
  });

  it('when the clocks change in New York, then the trade day still starts at 18:00 local time', () => {
    // 2026-03-08: New York moves from UTC-5 to UTC-4; 2026-11-01: back to UTC-5.
    expect(new Date(tradeDayStart(at('2026-03-09T03:00:00Z'))).toISOString()).toBe(
      '2026-03-08T22:00:00.000Z',
    );
    expect(new Date(tradeDayStart(at('2026-11-02T03:00:00Z'))).toISOString()).toBe(
      '2026-11-01T23:00:00.000Z',
    );
  });
});
