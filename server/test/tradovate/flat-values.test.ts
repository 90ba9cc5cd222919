import { sameFlatValues } from '../../src/brokers/tradovate/flat-values';

describe('comparing what the Tradovate feed last emitted', () => {
  it('when the values are the same, then they are the same whatever the key order or undefined keys', () => {
    expect(sameFlatValues({ a: 1, b: 'x', c: null }, { c: null, b: 'x', a: 1 })).toBe(true);
    expect(sameFlatValues({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameFlatValues({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameFlatValues({ a: Number.NaN }, { a: Number.NaN })).toBe(true);
  });

  it('when a value changes, appears or goes, then they differ', () => {
    expect(sameFlatValues({ a: 1, b: 2 }, { a: 1, b: 3 })).toBe(false);
    expect(sameFlatValues({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameFlatValues({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameFlatValues({ a: null }, { a: 0 })).toBe(false);
    expect(sameFlatValues({ a: 1 }, { a: '1' })).toBe(false);
  });
});
