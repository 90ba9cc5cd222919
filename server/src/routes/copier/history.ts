import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type {
  DayNotePayload,
  HistoryData,
  ImportResult,
  JournalPayload,
  MessageResponse,
} from '@synctrade/api/types';
import { AppError } from '../../http/app-error';
import { MAX_ID, parseId } from '../../http/ids';
import type { Db } from '../../db/db';
import { findOwnedAccount } from '../../connections/accounts-repo';
import {
  historyStatistics,
  isTimeZone,
  MAX_PAGE_SIZE,
  type HistoryRange,
} from '../../copier/history/history-page';
import { jsonArrayStream } from '../../lists/json-array-stream';
import { perKeyQueue } from '../../lists/per-key-queue';
import { checkImportRows } from '../../copier/history/import-rows';
import { historyAccounts, type HistoryScopeQuery } from '../../copier/history/history-scope';
import { dayJournalChunks, setDayJournal } from '../../copier/history/journal-repo';
import {
  importTrades,
  listTrades,
  materializeTrades,
  setTradeJournal,
  tradeChunks,
} from '../../copier/history/trades-repo';
import type { CopierRouteOptions } from '../../copier/route-options';
import { listBound } from '../../lists/list-bound';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const HISTORY_BOUND = `Without \`limit\`: every trade of the range, streamed as it is read from the database in chunks. With \`limit\`: one page of at most ${MAX_PAGE_SIZE} trades, with the range's totals.`;

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

/** The trade of the address; a malformed id answers 404 like an unknown one. */
function tradeIdOf(request: FastifyRequest): number {
  return parseId((request.params as { tradeId?: unknown }).tradeId, 'Trade not found');
}

/** The day of the address. */
function dayOf(request: FastifyRequest): string {
  const date = dateParam((request.params as { date?: unknown }).date, 'date');
  if (date === null) throw AppError.badRequest('date must be a date (YYYY-MM-DD)');
  return date;
}

/** A whole number query parameter within bounds, or null when absent (an empty value is a bad one). */
function intParam(value: unknown, name: string, min: number, max: number): number | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) < min || Number(value) > max)
    throw AppError.badRequest(`${name} must be a whole number from ${min} to ${max}`);
  return Number(value);
}

/** The account an import is attached to: null when none is named; another trader's answers 404. */
async function importAccount(db: Db, userId: number, body: unknown): Promise<number | null> {
  const raw = (body as { account_id?: unknown } | null)?.account_id;
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1)
    throw AppError.badRequest('account_id must be the id of one of your accounts');
  // An id past the ids' range names no row: the same answer as another trader's, without asking the database.
  if (raw > MAX_ID || (await findOwnedAccount(db, userId, raw)) === undefined)
    throw AppError.notFound('Account not found');
  return raw;
}

/** Trade history (FIFO round trips of copier fills plus imported trades), imports and journals. */
export const historyRoutes: FastifyPluginAsync<CopierRouteOptions> = async (app, { engine }) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['history'], security: [{ bearer: [] }] } };
  // A tenant's imports run one at a time: two at once would only share the database between them.
  const importsOf = perKeyQueue<number>();

  /**
   * Without `limit`: the spec's shape, every trade of the range, written as it is read from the database in
   * chunks (see lists/json-array-stream.ts): the answer may hold hundreds of thousands of trades. With `limit` (and `offset`, `tz`): the paged
   * form — one page of trades plus `total`, the range's statistics (`summary`) and its net P&L per day in
   * the time zone `tz` (`days`), all computed by the database.
   */
  app.get<{
    Params: { userId: string };
    Querystring: {
      start_date?: string;
      end_date?: string;
      limit?: string;
      offset?: string;
      tz?: string;
    } & HistoryScopeQuery;
  }>(
    '/copier/trade-history/:userId',
    listBound(secured, HISTORY_BOUND),
    async (request, reply): Promise<HistoryData | FastifyReply> => {
      const userId = parseId(request.params.userId, 'User not found');
      if (userId !== request.user.id) throw AppError.notFound('User not found');
      const range: HistoryRange = {
        userId,
        start: dateParam(request.query.start_date, 'start_date'),
        end: dateParam(request.query.end_date, 'end_date'),
        accounts: await historyAccounts(app.db, userId, request.query),
      };
      const limit = intParam(request.query.limit, 'limit', 1, MAX_PAGE_SIZE);
      const offset = intParam(request.query.offset, 'offset', 0, 100_000_000) ?? 0;
      const tz = request.query.tz ?? 'UTC';
      if (typeof tz !== 'string' || !isTimeZone(tz)) throw AppError.badRequest('tz must be a time zone name');
      await engine.store.flush();
      await materializeTrades(app.db, userId);
      if (limit === null)
        return reply
          .type('application/json')
          .send(await jsonArrayStream(tradeChunks(app.db, range), '{"trades":', '}'));
      const [trades, { summary, days }] = await Promise.all([
        listTrades(app.db, range, { limit, offset }),
        historyStatistics(app.db, range, tz),
      ]);
      return { trades, total: summary.trades, offset, limit, summary, days };
    },
  );

  app.post('/copier/trade-history/import', secured, async (request): Promise<ImportResult> => {
    const accountId = await importAccount(app.db, request.user.id, request.body);
    const rows = await checkImportRows(request.body);
    const imported = await importsOf(request.user.id, () =>
      importTrades(app.db, request.user.id, rows, accountId),
    );
    const duplicates = rows.length - imported;
    return {
      imported,
      duplicates,
      message: `${SUCCESS.import}: ${imported} imported, ${duplicates} already there`,
    };
  });

  app.put<{ Params: { tradeId: string }; Body: JournalPayload }>(
    '/copier/trade-history/trades/:tradeId/journal',
    // The address is checked before the note's rules (the last preHandler).
    { ...secured, preHandler: [app.authenticate, async (request) => void tradeIdOf(request)] },
    async (request): Promise<MessageResponse> => {
      if (!(await setTradeJournal(app.db, request.user.id, tradeIdOf(request), request.body.journal)))
        throw AppError.notFound('Trade not found');
      return { message: SUCCESS.journal };
    },
  );

  app.get<{ Querystring: { start_date?: string; end_date?: string } }>(
    '/copier/journal/days',
    listBound(
      secured,
      'Every day note of the range in date order, streamed as it is read from the database in chunks.',
    ),
    async (request, reply): Promise<FastifyReply> => {
      const start = dateParam(request.query.start_date, 'start_date');
      const end = dateParam(request.query.end_date, 'end_date');
      return reply
        .type('application/json')
        .send(await jsonArrayStream(dayJournalChunks(app.db, request.user.id, start, end)));
    },
  );

  app.put<{ Params: { date: string }; Body: DayNotePayload }>(
    '/copier/journal/days/:date',
    { ...secured, preHandler: [app.authenticate, async (request) => void dayOf(request)] },
    async (request): Promise<MessageResponse> => {
      await setDayJournal(app.db, request.user.id, dayOf(request), request.body.note);
      return { message: SUCCESS.journal };
    },
  );
};
