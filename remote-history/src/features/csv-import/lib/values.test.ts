import { parseMoney, parseNumber, parseSide } from './values';
import { parseTradovateTime } from './timestamps';

describe('cell parsing', () => {
  it('when money is written the broker ways, then it reads as dollars', () => {
    expect(['$40.00', '$(20.00)', '$-10.00', '-$5.50', '$1,234.50', '12', '(3.00)'].map(parseMoney)).toEqual([
      40, -20, -10, -5.5, 1234.5, 12, -3,
    ]);
  });
  it('when a cell is not a number, then it reads as NaN', () => {
    expect(['', 'abc', '$', '1.2.3', '$(x)'].map(parseMoney).every(Number.isNaN)).toBe(true);
    expect(parseNumber('12abc')).toBeNaN();
  });
  it('when sides are spelled differently, then they normalize', () => {
    expect([' Buy', 'SELL', 'B', 'sld', 'hold'].map(parseSide)).toEqual(['buy', 'sell', 'buy', 'sell', null]);
  });
});

describe('parseTradovateTime', () => {
  it('when a display time is in New York winter time, then UTC is five hours later', () => {
    expect(new Date(parseTradovateTime('11/02/2026 09:30:00')!).toISOString()).toBe(
      '2026-11-02T14:30:00.000Z',
    );
  });
  it('when a display time is in New York summer time, then UTC is four hours later', () => {
    expect(new Date(parseTradovateTime('07/15/2026 09:30:05')!).toISOString()).toBe(
      '2026-07-15T13:30:05.000Z',
    );
    expect(new Date(parseTradovateTime('7/15/2026 1:05 PM')!).toISOString()).toBe('2026-07-15T17:05:00.000Z');
  });
  it('when times fall around the daylight-saving changes, then each side gets its own offset', () => {
    const utc = (text: string): string => new Date(parseTradovateTime(text)!).toISOString();
    expect(utc('03/08/2026 01:30:00')).toBe('2026-03-08T06:30:00.000Z');
    expect(utc('03/08/2026 03:30:00')).toBe('2026-03-08T07:30:00.000Z');
    expect(utc('03/08/2026 01:59:59')).toBe('2026-03-08T06:59:59.000Z');
    expect(utc('11/01/2026 00:30:00')).toBe('2026-11-01T04:30:00.000Z');
    expect(utc('11/01/2026 03:00:00')).toBe('2026-11-01T08:00:00.000Z');
  });
  it('when the time is ISO with a zone, then it is taken as is', () => {
    expect(parseTradovateTime('2026-11-02T14:30:00.250Z')).toBe(Date.parse('2026-11-02T14:30:00.250Z'));
  });
  it('when the text is not a time, then null', () => {
    expect(
      ['', '13/40/2026 10:00:00', 'yesterday', '2026-11-02 10:00'].map((t) => parseTradovateTime(t)),
    ).toEqual([null, null, null, null]);
  });
});
