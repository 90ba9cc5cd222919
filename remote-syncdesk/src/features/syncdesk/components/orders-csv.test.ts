import { buildOrder } from '../support/builders';
import { ordersToCsv } from './orders-csv';

/** The cells of one CSV line whose fields hold no quotes or commas (enough for the lines checked here). */
function cells(line: string): string[] {
  return line.split(',');
}

describe('the orders export', () => {
  it('when names and reasons start like formulas, then they are written as plain text; figures stay numbers', () => {
    const csv = ordersToCsv([
      buildOrder({
        id: 7,
        connection: '+SIM',
        account: '-1+cmd|/C calc!A0',
        status: 'Rejected',
        reason: '@SUM(A1)',
        qty: 2,
        price: -3.5,
      }),
    ]);
    const [header, line] = csv.split('\r\n');
    expect(cells(header!)).toEqual([
      'ID',
      'Connection',
      'Account',
      'Time',
      'Contract',
      'Type',
      'Side',
      'Qty',
      'Price',
      'Status',
      'Reason',
    ]);
    const row = cells(line!);
    expect(row[0]).toBe('7');
    expect(row[1]).toBe("'+SIM");
    expect(row[2]).toBe("'-1+cmd|/C calc!A0");
    expect(row.slice(4)).toEqual(['ESZ6', 'Market', 'buy', '2', '-3.5', 'Rejected', "'@SUM(A1)"]);
  });

  it('when a name holds a comma or a quote after a formula sign, then it is defused and quoted as one field', () => {
    const csv = ordersToCsv([buildOrder({ account: '=HYPERLINK("http://evil.example","x")' })]);
    expect(csv.split('\r\n')[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
  });
});
