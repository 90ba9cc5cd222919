import { parseCsvFile } from './parse-csv-file';
import { describeRowError } from './collector';
import { tradesToCsv } from './own-format';
import {
  csvFile,
  FILLS_CSV,
  PERFORMANCE_CSV,
  PERFORMANCE_HEADER,
  PERFORMANCE_ROWS,
} from '../support/fixtures';
import type { Trade } from '@synctrade/api';

describe('parseCsvFile: Tradovate Performance', () => {
  it('when the file has a BOM, CRLF, brackets and thousands, then every row becomes a trade', async () => {
    const parsed = await parseCsvFile(csvFile(PERFORMANCE_CSV));
    expect(parsed).toMatchObject({ layout: 'tradovate-performance', problem: null, rowsRead: 4, errors: [] });
    expect(parsed.trades.map((t) => [t.symbol, t.side, t.qty, t.entry_price, t.exit_price, t.pnl])).toEqual([
      ['MNQZ6', 'buy', 2, 21000, 21010.25, 41],
      ['ESZ6', 'sell', 1, 6006, 6010, -200],
      ['NQZ6', 'buy', 3, 21000, 21000, 0],
      ['GCZ6', 'buy', 10, 2000, 2001.2, 1200],
    ]);
    expect(parsed.trades[1]).toMatchObject({
      entry_time: '2026-11-02T15:11:00.000Z',
      exit_time: '2026-11-02T15:15:00.000Z',
      external_id: 'tradovate:5004:5003',
    });
  });

  it('when the columns come in another order and a loss is written $-10.00, then it still reads', async () => {
    const header = PERFORMANCE_HEADER.split(',');
    const order = [...header].reverse();
    const row = PERFORMANCE_ROWS[0]!.split(',');
    const values = Object.fromEntries(header.map((name, i) => [name, row[i]]));
    values.pnl = '$-10.00';
    const text = [order.join(','), order.map((name) => values[name]).join(',')].join('\n');
    const parsed = await parseCsvFile(csvFile(text));
    expect(parsed.trades).toEqual([
      expect.objectContaining({ symbol: 'MNQZ6', pnl: -10, external_id: 'tradovate:5001:5002' }),
    ]);
  });

  it('when rows are bad, then each gets a row-level error with its line number and the rest import', async () => {
    const bad = PERFORMANCE_ROWS[0]!.replace('$41.00', 'abc').replace('5001,5002', '6001,6002');
    const text = [PERFORMANCE_HEADER, PERFORMANCE_ROWS[1], bad, 'ESZ6,-2,0', PERFORMANCE_ROWS[1]].join(
      '\r\n',
    );
    const parsed = await parseCsvFile(csvFile(text));
    expect(parsed.errors.map(describeRowError)).toEqual([
      'Row 3: pnl is not a number',
      'Row 4: Too few fields: expected 13 fields but parsed 3',
    ]);
    expect(parsed.trades).toHaveLength(1);
    expect(parsed.duplicatesInFile).toBe(1);
    expect(parsed.rowsRead).toBe(4);
  });

  it('when the file is read in small steps, then progress rises to 1 and the result is the same', async () => {
    const seen: number[] = [];
    const parsed = await parseCsvFile(csvFile(PERFORMANCE_CSV), (f) => seen.push(f), 64);
    expect(parsed.trades).toHaveLength(4);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen[seen.length - 1]).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });
});

describe('parseCsvFile: Tradovate Fills', () => {
  it('when executions are read, then round trips are rebuilt FIFO with the Performance export ids', async () => {
    const parsed = await parseCsvFile(csvFile(FILLS_CSV));
    expect(parsed).toMatchObject({ layout: 'tradovate-fills', errors: [], openFills: 1, rowsRead: 7 });
    expect(parsed.trades.map((t) => [t.external_id, t.side, t.qty, t.pnl])).toEqual([
      ['tradovate:5001:5002', 'buy', 2, 41],
      ['tradovate:5004:5003', 'sell', 1, -200],
      // The reversal's remaining long: 6010 → 6012 = 2 points × $50. The inactive fill is ignored.
      ['tradovate:5004:5009', 'buy', 1, 100],
    ]);
    const performance = await parseCsvFile(csvFile(PERFORMANCE_CSV));
    expect(parsed.trades.slice(0, 2)).toEqual(performance.trades.slice(0, 2));
  });
});

describe('our own export', () => {
  const trade: Trade = {
    id: 12,
    time: '2026-11-02T14:30:00.000Z',
    exit_time: '2026-11-02T14:34:21.000Z',
    duration: 261,
    connection: 'Paper',
    account: 'SIM-1',
    symbol: 'MNQZ6',
    side: 'sell',
    qty: 2,
    avgEntry: 21010.25,
    avgExit: 21000,
    pts: 10.25,
    pnl: 41,
    journal: 'Faded the open, "textbook"',
    source: 'copier',
  };

  it('when trades are exported and read back, then the same trades come out', async () => {
    const text = tradesToCsv([trade]);
    expect(text.split('\r\n')[0]).toBe(
      'external_id,account,symbol,side,qty,entry_time,exit_time,entry_price,exit_price,pts,pnl,duration_seconds,journal',
    );
    expect(text.split('\r\n')[1]).toBe(
      'synctrade:12,SIM-1,MNQZ6,sell,2,2026-11-02T14:30:00.000Z,2026-11-02T14:34:21.000Z,21010.25,21000,10.25,41.00,261,"Faded the open, ""textbook"""',
    );
    const parsed = await parseCsvFile(csvFile(text));
    expect(parsed.layout).toBe('synctrade');
    expect(parsed.trades).toEqual([
      {
        symbol: 'MNQZ6',
        side: 'sell',
        qty: 2,
        entry_time: trade.time,
        exit_time: trade.exit_time,
        entry_price: 21010.25,
        exit_price: 21000,
        pnl: 41,
        external_id: 'synctrade:12',
      },
    ]);
  });

  it('when a file is neither layout, then it says which exports it reads', async () => {
    const orders = await parseCsvFile(csvFile('orderId,Account,avgPrice,filledQty\r\n1,A,2,3\r\n'));
    expect(orders.problem).toMatch(/Orders export holds no closed trades/);
    const other = await parseCsvFile(csvFile('a,b\r\n1,2\r\n'));
    expect(other).toMatchObject({ layout: null, trades: [] });
    expect(other.problem).toMatch(/^Unrecognized file/);
  });
});
