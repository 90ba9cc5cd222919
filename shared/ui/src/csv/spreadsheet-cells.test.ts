import { csvField, defuseFormula, tsvField } from './spreadsheet-cells';

describe('the spreadsheet escaper', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+1+1', "'+1+1"],
    ['-1+cmd|/C calc!A0', "'-1+cmd|/C calc!A0"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['ES', 'ES'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('text %p is written as %p', (text, written) => {
    expect(defuseFormula(text)).toBe(written);
  });

  it('a CSV text field is defused, then quoted when it holds a quote, comma or line break', () => {
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
  });

  it('numbers the product writes itself stay numbers', () => {
    expect(csvField(-12.5, 'number')).toBe('-12.5');
    expect(csvField('-12.50', 'number')).toBe('-12.50');
    expect(tsvField('-$12.50', 'number')).toBe('-$12.50');
  });

  it('a missing value is an empty field', () => {
    expect([csvField(null), csvField(null, 'number')]).toEqual(['', '']);
  });

  it('a clipboard cell is flattened to one line and defused', () => {
    expect(tsvField('-1\t+2\n3')).toBe("'-1 +2 3");
    expect(tsvField('note\r\nmore')).toBe('note more');
  });
});
