import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { DayJournal, HistoryData, ImportResult, MessageResponse, Trade } from '@synctrade/api/types';
import type { Db } from '../../db/db';
import { AppError } from '../../http/app-error';
import { parseId } from '../../http/ids';
import {
  historyDays,
  historySummary,
  isTimeZone,
  MAX_PAGE_SIZE,
  PAGE_ORDER,
  RANGE_WHERE,
  type HistoryRange,
} from '../history/history-page';
import { validateImportRows } from '../history/import-rows';
import { materializeTrades } from '../history/trades-repo';
import type { CopierRouteOptions } from './route-options';

interface TradeRow {
  id: number;
  entry_time: Date;
  exit_time: Date;
  connection_name: string;
  account_name: string;
  symbol: string;
  side: 'buy' | 'sell';
  qty: number;
  entry_price: number;
  exit_price: number;
  pnl: number;
  journal: string;
  source: Trade['source'];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const JOURNAL_MAX = 5_000;

/** True for a calendar day that exists (no 2026-02-30, no year 0000). */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  if (year < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function dateParam(value: unknown, name: string): string | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !isCalendarDate(value))
    throw AppError.badRequest(`${name} must be a date (YYYY-MM-DD)`);
  return value;
}

function noteParam(body: unknown, key: string): string {
  const value = (body as Record<string, unknown> | null)?.[key];
  if (typeof value !== 'string') throw AppError.badRequest(`${key} must be text`);
  if (value.length > JOURNAL_MAX)
    throw AppError.badRequest(`${key} must be at most ${JOURNAL_MAX} characters`);
  return value;
}

/** A whole number query parameter within bounds, or null when absent. */
function intParam(value: unknown, name: string, min: number, max: number): number | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) < min || Number(value) > max)
    throw AppError.badRequest(`${name} must be a whole number from ${min} to ${max}`);
  return Number(value);
}

/** One page of the range's trades, newest entry first (the dashboard table's order). */
async function listTrades(
  db: Db,
  range: HistoryRange,
  page: { limit: number; offset: number } | null = null,
): Promise<Trade[]> {
  const rows = await db.query<TradeRow>(
    `SELECT id, entry_time, exit_time, connection_name, account_name, symbol, side, qty, entry_price, exit_price, pnl, journal, source
     FROM copy_trades WHERE ${RANGE_WHERE}
     ${page ? `${PAGE_ORDER} LIMIT $4 OFFSET $5` : 'ORDER BY exit_time DESC, id DESC'}`,
    page
      ? [range.userId, range.start, range.end, page.limit, page.offset]
      : [range.userId, range.start, range.end],
  );
  return rows.map((row) => {
    const entry = new Date(row.entry_time);
    const exit = new Date(row.exit_time);
    const direction = row.side === 'buy' ? 1 : -1;
    return {
      id: Number(row.id),
      time: entry.toISOString(),
      exit_time: exit.toISOString(),
      duration: Math.max(0, Math.round((exit.getTime() - entry.getTime()) / 1000)),
      connection: row.connection_name,
      account: row.account_name,
      symbol: row.symbol,
      side: row.side,
      qty: Number(row.qty),
      avgEntry: Number(row.entry_price),
      avgExit: Number(row.exit_price),
      pts: Math.round((Number(row.exit_price) - Number(row.entry_price)) * direction * 10_000) / 10_000,
      pnl: Number(row.pnl),
      journal: row.journal,
      source: row.source,
    };
  });
}

/** Trade history (FIFO round trips of copier fills plus imported trades), imports and journals. */
export const historyRoutes: FastifyPluginAsync<CopierRouteOptions> = async (app, { engine }) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['history'], security: [{ bearer: [] }] } };

  /**
   * Without `limit`: the spec's shape, every trade of the range. With `limit` (and `offset`, `tz`): the paged
   * form — one page of trades plus `total`, the range's statistics (`summary`) and its net P&L per day in
   * the time zone `tz` (`days`), all computed by the database.
   */
  app.get<{
    Params: { userId: string };
    Querystring: { start_date?: string; end_date?: string; limit?: string; offset?: string; tz?: string };
  }>('/copier/trade-history/:userId', secured, async (request): Promise<HistoryData> => {
    const userId = parseId(request.params.userId, 'User not found');
    if (userId !== request.user.id) throw AppError.notFound('User not found');
    const range: HistoryRange = {
      userId,
      start: dateParam(request.query.start_date, 'start_date'),
      end: dateParam(request.query.end_date, 'end_date'),
    };
    const limit = intParam(request.query.limit, 'limit', 1, MAX_PAGE_SIZE);
    const offset = intParam(request.query.offset, 'offset', 0, 100_000_000) ?? 0;
    const tz = request.query.tz ?? 'UTC';
    if (typeof tz !== 'string' || !isTimeZone(tz)) throw AppError.badRequest('tz must be a time zone name');
    await engine.store.flush();
    await materializeTrades(app.db, userId);
    if (limit === null) return { trades: await listTrades(app.db, range) };
    const [trades, summary, days] = await Promise.all([
      listTrades(app.db, range, { limit, offset }),
      historySummary(app.db, range),
      historyDays(app.db, range, tz),
    ]);
    return { trades, total: summary.trades, offset, limit, summary, days };
  });

  app.post('/copier/trade-history/import', secured, async (request): Promise<ImportResult> => {
    const rows = validateImportRows(request.body);
    const inserted = await app.db.query<{ id: number }>(
      `INSERT INTO copy_trades (user_id, external_id, source, connection_name, account_name, symbol, side, qty, entry_time, exit_time,
         entry_price, exit_price, pnl)
       SELECT $1, x.external_id, 'import', 'Import', '', x.symbol, x.side, x.qty, x.entry_time, x.exit_time, x.entry_price, x.exit_price, x.pnl
       FROM jsonb_to_recordset($2::jsonb) AS x(external_id text, symbol text, side text, qty numeric, entry_time timestamptz,
         exit_time timestamptz, entry_price numeric, exit_price numeric, pnl numeric)
       ON CONFLICT (user_id, external_id) DO NOTHING RETURNING id`,
      [request.user.id, JSON.stringify(rows)],
    );
    const imported = inserted.length;
    const duplicates = rows.length - imported;
    return {
      imported,
      duplicates,
      message: `${SUCCESS.import}: ${imported} imported, ${duplicates} already there`,
    };
  });

  app.put<{ Params: { tradeId: string } }>(
    '/copier/trade-history/trades/:tradeId/journal',
    secured,
    async (request): Promise<MessageResponse> => {
      const id = parseId(request.params.tradeId, 'Trade not found');
      const journal = noteParam(request.body, 'journal');
      const updated = await app.db.query(
        'UPDATE copy_trades SET journal = $3 WHERE id = $1 AND user_id = $2 RETURNING id',
        [id, request.user.id, journal],
      );
      if (updated.length === 0) throw AppError.notFound('Trade not found');
      return { message: SUCCESS.journal };
    },
  );

  app.get<{ Querystring: { start_date?: string; end_date?: string } }>(
    '/copier/journal/days',
    secured,
    async (request): Promise<DayJournal[]> => {
      const start = dateParam(request.query.start_date, 'start_date');
      const end = dateParam(request.query.end_date, 'end_date');
      const rows = await app.db.query<{ day: string; note: string }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, note FROM copy_day_journals
       WHERE user_id = $1 AND ($2::date IS NULL OR day >= $2::date) AND ($3::date IS NULL OR day <= $3::date) ORDER BY day`,
        [request.user.id, start, end],
      );
      return rows.map((row) => ({ date: row.day, note: row.note }));
    },
  );

  app.put<{ Params: { date: string } }>(
    '/copier/journal/days/:date',
    secured,
    async (request): Promise<MessageResponse> => {
      const date = dateParam(request.params.date, 'date');
      if (date === null) throw AppError.badRequest('date must be a date (YYYY-MM-DD)');
      const note = noteParam(request.body, 'note');
      await app.db.query(
        `INSERT INTO copy_day_journals (user_id, day, note) VALUES ($1, $2::date, $3) ON CONFLICT (user_id, day) DO UPDATE SET note = EXCLUDED.note`,
        [request.user.id, date, note],
      );
      return { message: SUCCESS.journal };
    },
  );
};
