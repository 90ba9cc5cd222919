import type { ImportTradeRow } from '@synctrade/api/types';
import { AppError } from '../../http/app-error';

export const MAX_IMPORT_ROWS = 10_000;
/** Trade times outside these years are typing or export errors (and beyond what the database stores). */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Checks every imported row; the first bad one answers 400 naming its row number (1-based) and field. */
export function validateImportRows(body: unknown): ImportTradeRow[] {
  const trades = (body as { trades?: unknown } | null)?.trades;
  if (!Array.isArray(trades)) throw AppError.badRequest('trades must be a list of trades');
  if (trades.length === 0) throw AppError.badRequest('There are no trades to import');
  if (trades.length > MAX_IMPORT_ROWS)
    throw AppError.badRequest(`At most ${MAX_IMPORT_ROWS} trades can be imported at once`);
  return trades.map((raw: unknown, index) => {
    const row = (raw ?? {}) as Record<string, unknown>;
    const fail = (problem: string): never => {
      throw AppError.badRequest(`Row ${index + 1}: ${problem}`);
    };
    const text = (key: string, max: number): string => {
      const value = row[key];
      if (typeof value !== 'string' || value.trim() === '') return fail(`${key} is required`);
      if (value.length > max) return fail(`${key} must be at most ${max} characters`);
      return value.trim();
    };
    const number = (key: string, positive = false): number => {
      const value = row[key];
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail(`${key} must be a number`);
      if (positive && value <= 0) return fail(`${key} must be greater than 0`);
      return value;
    };
    const time = (key: string): string => {
      const value = text(key, 40);
      const at = Date.parse(value);
      if (Number.isNaN(at)) return fail(`${key} is not a valid date and time`);
      if (at < EARLIEST || at > LATEST) return fail(`${key} must be between the years 1970 and 9999`);
      return new Date(at).toISOString();
    };
    const side = row.side;
    if (side !== 'buy' && side !== 'sell') return fail('side must be buy or sell');
    return {
      symbol: text('symbol', 20).toUpperCase(),
      side,
      qty: number('qty', true),
      entry_time: time('entry_time'),
      exit_time: time('exit_time'),
      entry_price: number('entry_price'),
      exit_price: number('exit_price'),
      pnl: number('pnl'),
      external_id: text('external_id', 200),
    };
  });
}
