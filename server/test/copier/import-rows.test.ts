import { AppError } from '../../src/http/app-error';
import { MAX_IMPORT_ROWS, validateImportRows } from '../../src/copier/history/import-rows';

const good = {
  symbol: ' esz6 ',
  side: 'buy',
  qty: 2,
  entry_time: '2026-03-02T14:30:00-05:00',
  exit_time: '2026-03-02T14:31:05.250Z',
  entry_price: 5000.25,
  exit_price: 5001,
  pnl: -37.5,
  external_id: '  perf-1 ',
};

/** The 400's detail for a body, or 'ok'. */
function answer(body: unknown): string {
  try {
    validateImportRows(body);
    return 'ok';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.status).toBe(400);
    return error.message;
  }
}

const withRow = (change: Record<string, unknown>, position = 1): unknown => ({
  trades: [...Array.from({ length: position - 1 }, () => good), { ...good, ...change }],
});

describe('import rows: what is stored', () => {
  it('trims, upper-cases the symbol and writes both times in UTC', () => {
    expect(validateImportRows({ trades: [good] })).toEqual([
      {
        symbol: 'ESZ6',
        side: 'buy',
        qty: 2,
        entry_time: '2026-03-02T19:30:00.000Z',
        exit_time: '2026-03-02T14:31:05.250Z',
        entry_price: 5000.25,
        exit_price: 5001,
        pnl: -37.5,
        external_id: 'perf-1',
      },
    ]);
  });

  it.each([
    ['2026-03-02T14:31:05.250Z', '2026-03-02T14:31:05.250Z'],
    ['2026-03-02T14:31:05Z', '2026-03-02T14:31:05.000Z'],
    ['2026-03-02T14:31:05.2Z', '2026-03-02T14:31:05.200Z'],
    ['2026-03-02T09:31:05.250-05:00', '2026-03-02T14:31:05.250Z'],
    ['2026-03-28T23:59:59.999Z', '2026-03-28T23:59:59.999Z'],
    ['2024-02-29T10:00:00.000Z', '2024-02-29T10:00:00.000Z'],
    ['2026-12-31T10:00:00.000Z', '2026-12-31T10:00:00.000Z'],
    ['2026-02-30T10:00:00.000Z', '2026-03-02T10:00:00.000Z'],
    ['2026-04-31T10:00:00.000Z', '2026-05-01T10:00:00.000Z'],
    ['2026-01-01T24:00:00.000Z', '2026-01-02T00:00:00.000Z'],
  ])('stores the time %s as %s', (sent, stored) => {
    const [row] = validateImportRows({ trades: [{ ...good, exit_time: sent }] });
    expect(row?.exit_time).toBe(stored);
  });

  it('keeps the rows in order, a sell and a zero price among them', () => {
    const rows = validateImportRows({
      trades: [good, { ...good, side: 'sell', entry_price: 0, external_id: 'perf-2' }],
    });
    expect(rows.map((row) => [row.external_id, row.side, row.entry_price])).toEqual([
      ['perf-1', 'buy', 5000.25],
      ['perf-2', 'sell', 0],
    ]);
  });
});

describe('import rows: every bad input answers 400 naming the row and the field', () => {
  it.each([
    [null, 'trades must be a list of trades'],
    [{}, 'trades must be a list of trades'],
    [{ trades: 'x' }, 'trades must be a list of trades'],
    [{ trades: [] }, 'There are no trades to import'],
    [{ trades: [null] }, 'Row 1: side must be buy or sell'],
    [{ trades: ['text'] }, 'Row 1: side must be buy or sell'],
  ])('body %j → %s', (body, detail) => {
    expect(answer(body)).toBe(detail);
  });

  it('refuses more rows than one request may hold', () => {
    expect(answer({ trades: Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => good) })).toBe(
      `At most ${MAX_IMPORT_ROWS} trades can be imported at once`,
    );
    expect(answer({ trades: Array.from({ length: MAX_IMPORT_ROWS }, () => good) })).toBe('ok');
  });

  it.each([
    [{ side: 'BUY' }, 'side must be buy or sell'],
    [{ side: undefined }, 'side must be buy or sell'],
    [{ symbol: undefined }, 'symbol is required'],
    [{ symbol: '   ' }, 'symbol is required'],
    [{ symbol: 7 }, 'symbol is required'],
    [{ symbol: 'X'.repeat(21) }, 'symbol must be at most 20 characters'],
    [{ qty: '2' }, 'qty must be a number'],
    [{ qty: Number.NaN }, 'qty must be a number'],
    [{ qty: Number.POSITIVE_INFINITY }, 'qty must be a number'],
    [{ qty: 0 }, 'qty must be greater than 0'],
    [{ qty: -1 }, 'qty must be greater than 0'],
    [{ entry_time: '' }, 'entry_time is required'],
    [{ entry_time: 'yesterday' }, 'entry_time is not a valid date and time'],
    [{ entry_time: '1969-12-31T23:59:59Z' }, 'entry_time must be between the years 1970 and 9999'],
    [{ exit_time: 'T'.repeat(41) }, 'exit_time must be at most 40 characters'],
    [{ exit_time: '+010000-01-01T00:00:00Z' }, 'exit_time must be between the years 1970 and 9999'],
    [{ entry_price: null }, 'entry_price must be a number'],
    [{ exit_price: '5001' }, 'exit_price must be a number'],
    [{ pnl: Number.NEGATIVE_INFINITY }, 'pnl must be a number'],
    [{ external_id: '' }, 'external_id is required'],
    [{ external_id: 'i'.repeat(201) }, 'external_id must be at most 200 characters'],
  ])('%j → Row 3: %s', (change, problem) => {
    expect(answer(withRow(change, 3))).toBe(`Row 3: ${problem}`);
  });

  it('accepts the limits themselves', () => {
    expect(
      answer(
        withRow({
          symbol: 'X'.repeat(20),
          external_id: 'i'.repeat(200),
          entry_time: '1970-01-01T00:00:00Z',
          exit_time: '9999-12-31T23:59:59.999Z',
          pnl: 0,
        }),
      ),
    ).toBe('ok');
  });

  it('names the first bad row when several are bad', () => {
    expect(answer({ trades: [good, { ...good, qty: 0 }, { ...good, side: 'x' }] })).toBe(
      'Row 2: qty must be greater than 0',
    );
  });
});
