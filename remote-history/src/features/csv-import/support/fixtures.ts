/** Small hand-made export files for tests (our own data, written to the broker's layouts). */

export const PERFORMANCE_HEADER =
  'symbol,_priceFormat,_priceFormatType,_tickSize,buyFillId,sellFillId,qty,buyPrice,sellPrice,pnl,boughtTimestamp,soldTimestamp,duration';

/** Nov 2026 is after the daylight-saving change: New York is UTC-5, so 09:30:00 is 14:30:00Z. */
export const PERFORMANCE_ROWS = [
  // Long 2 MNQ: +10.25 points × 2 × $2 = $41.00.
  'MNQZ6,-2,0,0.25,5001,5002,2,21000.00,21010.25,$41.00,11/02/2026 09:30:00,11/02/2026 09:34:21,4min 21sec',
  // Short 1 ES, sold first: -4 points × $50 = -$200.00 in brackets.
  'ESZ6,-2,0,0.25,5004,5003,1,6010.00,6006.00,$(200.00),11/02/2026 10:15:00,11/02/2026 10:11:00,4min',
  // A scratch.
  'NQZ6,-2,0,0.25,5005,5006,3,21000.00,21000.00,$0.00,11/03/2026 11:00:00,11/03/2026 11:36:08,36min 8sec',
  // Thousands separator, quoted: 1.2 points × 10 × $100.
  'GCZ6,-1,0,0.1,5007,5008,10,2000.0,2001.2,"$1,200.00",11/03/2026 13:00:00,11/03/2026 14:02:00,1h 2min',
];

/** A byte-order mark and CRLF line ends, like the broker's files. */
export const PERFORMANCE_CSV = `\uFEFF${[PERFORMANCE_HEADER, ...PERFORMANCE_ROWS].join('\r\n')}\r\n`;

export const FILLS_HEADER =
  'id,orderId,contractId,timestamp,tradeDate,action,qty,price,active,account,Fill ID,Order ID,Timestamp,Date,Account,B/S,Quantity,Price,Force,priceFormat,tickSize,Contract,Product,ProductDescription,commission';

export function fill(
  id: number,
  display: string,
  side: 'Buy' | 'Sell',
  qty: number,
  price: string,
  contract: string,
  active = true,
  account = 'DEMO1',
): string {
  const [date] = display.split(' ');
  const product = contract.slice(0, -2);
  return [
    id,
    id + 4000,
    3570918,
    '',
    '',
    side,
    qty,
    price,
    active,
    account,
    id,
    id + 4000,
    display,
    date,
    account,
    ` ${side}`,
    qty,
    price,
    '',
    -2,
    0.25,
    contract,
    product,
    product,
    0.52,
  ].join(',');
}

/** The executions behind the first two performance rows, then a reversal and a still-open fill. */
export const FILLS_CSV = `${[
  FILLS_HEADER,
  fill(5001, '11/02/2026 09:30:00', 'Buy', 2, '21000.00', 'MNQZ6'),
  fill(5002, '11/02/2026 09:34:21', 'Sell', 2, '21010.25', 'MNQZ6'),
  fill(5003, '11/02/2026 10:11:00', 'Sell', 1, '6006.00', 'ESZ6'),
  // Buys back the short and reverses: one long contract left at 6010.
  fill(5004, '11/02/2026 10:15:00', 'Buy', 2, '6010.00', 'ESZ6'),
  fill(5090, '11/02/2026 10:16:00', 'Sell', 5, '6011.00', 'ESZ6', false),
  fill(5009, '11/02/2026 10:20:00', 'Sell', 1, '6012.00', 'ESZ6'),
  fill(5010, '11/02/2026 11:00:00', 'Buy', 1, '21020.00', 'MNQZ6'),
].join('\r\n')}\r\n`;

export function csvFile(text: string, name = 'export.csv'): File {
  return new File([text], name, { type: 'text/csv' });
}
