import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ImportTradeRow, Trade } from '@synctrade/api/types';
import type { Db } from '../../db/db';
import { roundTrips, type FillRow } from './fifo';
import { inBulkLane } from '../../lists/bulk-lane';
import { readInIndexOrder } from '../../lists/index-order';
import { keysetPages, mapChunks } from '../../lists/keyset-pages';
import { PAGE_ORDER, RANGE_WHERE, rangeParams, type HistoryRange } from './history-page';

/**
 * The owner of the trades a statement stores (`$1`), locked as the foreign key's check locked it, but once per
 * statement instead of once per row (migration 441): a user deleted meanwhile gets no trades, and a deletion
 * waits for the statement.
 */
const OWNER = 'owner AS (SELECT id FROM users WHERE id = $1 FOR KEY SHARE)';

/**
 * Brings the user's copier trades up to date from their fills (FIFO), so each round trip has a stable row
 * (and id) that a journal note can be attached to. Idempotent: known round trips are left as they are.
 */
export async function materializeTrades(db: Db, userId: number): Promise<void> {
  const fills = await db.query<{
    fill_id: string;
    account_id: number;
    symbol: string;
    side: 'buy' | 'sell';
    qty: number;
    price: number;
    filled_at: Date;
  }>('SELECT fill_id, account_id, symbol, side, qty, price, filled_at FROM copy_fills WHERE user_id = $1', [
    userId,
  ]);
  const rows: FillRow[] = fills.map((f) => ({
    fillId: f.fill_id,
    accountId: f.account_id,
    symbol: f.symbol,
    side: f.side,
    qty: Number(f.qty),
    price: Number(f.price),
    time: new Date(f.filled_at),
  }));
  const trips = roundTrips(rows);
  if (trips.length === 0) return;
  await db.query(
    `WITH ${OWNER}
     INSERT INTO copy_trades (user_id, account_id, external_id, source, connection_name, account_name, symbol, side, qty, entry_time,
       exit_time, entry_price, exit_price, pnl)
     SELECT owner.id, x.account_id, x.external_id, 'copier', c.name, a.name, x.symbol, x.side, x.qty, x.entry_time, x.exit_time, x.entry_price,
       x.exit_price, x.pnl
     FROM jsonb_to_recordset($2::jsonb) AS x(account_id integer, external_id text, symbol text, side text, qty numeric,
       entry_time timestamptz, exit_time timestamptz, entry_price numeric, exit_price numeric, pnl numeric)
     JOIN broker_accounts a ON a.id = x.account_id JOIN connections c ON c.id = a.connection_id CROSS JOIN owner
     ON CONFLICT (user_id, external_id) DO NOTHING`,
    [
      userId,
      JSON.stringify(
        trips.map((t) => ({
          account_id: t.accountId,
          external_id: t.externalId,
          symbol: t.symbol,
          side: t.side,
          qty: t.qty,
          entry_time: t.entryTime.toISOString(),
          exit_time: t.exitTime.toISOString(),
          entry_price: t.entryPrice,
          exit_price: t.exitPrice,
          pnl: t.pnl,
        })),
      ),
    ],
  );
}

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

const TRADE_COLUMNS =
  'id, entry_time, exit_time, connection_name, account_name, symbol, side, qty, entry_price, exit_price, pnl, journal, source';

/** A stored trade as the answer shows it, its keys in the order of the answer's schema. */
function toTrade(row: TradeRow): Trade {
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
}

/** One page of the range's trades, newest entry first (the dashboard table's order). */
export async function listTrades(
  db: Db,
  range: HistoryRange,
  page: { limit: number; offset: number },
): Promise<Trade[]> {
  const rows = await db.query<TradeRow>(
    `SELECT ${TRADE_COLUMNS} FROM copy_trades WHERE ${RANGE_WHERE} ${PAGE_ORDER} LIMIT $5 OFFSET $6`,
    [...rangeParams(range), page.limit, page.offset],
  );
  return rows.map(toTrade);
}

/**
 * Trades read per chunk of the full history: about 75 kB of answer. The embedded database runs on the server's main
 * thread and reads about 30 trades a millisecond, so a chunk holds it for under 10 ms (2026-12-02, loaded machine).
 */
export const HISTORY_CHUNK = 250;

/** Where the last chunk ended: its last trade's exit time (as the database wrote it, to the microsecond) and id. */
interface ExitKey {
  exitKey: string;
  id: number;
}

/**
 * Every trade of the range, newest exit first (then newest id), read in chunks of `size` as the consumer asks for
 * them: the spec's full history without holding it (see lists/keyset-pages.ts).
 */
export function tradeChunks(db: Db, range: HistoryRange, size = HISTORY_CHUNK): AsyncGenerator<Trade[]> {
  const chunks = keysetPages<TradeRow & { exit_key: string }, ExitKey>(
    (after, limit) =>
      readInIndexOrder(
        db,
        `SELECT ${TRADE_COLUMNS}, exit_time::text AS exit_key FROM copy_trades
         WHERE ${RANGE_WHERE} AND ($5::timestamptz IS NULL OR (exit_time, id) < ($5::timestamptz, $6::bigint))
         ORDER BY exit_time DESC, id DESC LIMIT $7`,
        [...rangeParams(range), after?.exitKey ?? null, after?.id ?? null, limit],
      ),
    (last) => ({ exitKey: last.exit_key, id: Number(last.id) }),
    size,
  );
  return mapChunks(chunks, toTrade);
}

/**
 * Stores one chunk of imported trades; a trade already there (same external id) is left as it is. Answers how
 * many were new, counted by the database: returning a row per inserted trade cost a fifth of an import's database
 * time. The rows travel as one array per column, unnested by the database: about a fifth less of the embedded
 * database's CPU per batch than one JSON document unpacked with `jsonb_to_recordset` (`pnpm bench:history-import`).
 */
async function insertImported(
  db: Db,
  userId: number,
  rows: readonly ImportTradeRow[],
  accountId: number | null,
): Promise<number> {
  // The account the trader attached the import to (checked as theirs by the route) names the trades like the
  // copier's own; without one they show as the import's.
  const [counted] = await db.query<{ inserted: number }>(
    `WITH ${OWNER},
     target AS (SELECT a.id, a.name, c.name AS connection FROM broker_accounts a JOIN connections c ON c.id = a.connection_id
                WHERE a.id = $11::int AND a.user_id = $1),
     inserted AS (
       INSERT INTO copy_trades (user_id, account_id, external_id, source, connection_name, account_name, symbol, side, qty, entry_time,
         exit_time, entry_price, exit_price, pnl)
       SELECT owner.id, (SELECT id FROM target), x.external_id, 'import', COALESCE((SELECT connection FROM target), 'Import'),
         COALESCE((SELECT name FROM target), ''), x.symbol, x.side, x.qty, x.entry_time, x.exit_time, x.entry_price,
         x.exit_price, x.pnl
       FROM unnest($2::text[], $3::text[], $4::text[], $5::numeric[], $6::timestamptz[], $7::timestamptz[], $8::numeric[],
         $9::numeric[], $10::numeric[]) AS x(external_id, symbol, side, qty, entry_time, exit_time, entry_price, exit_price, pnl)
         CROSS JOIN owner
       ON CONFLICT (user_id, external_id) DO NOTHING RETURNING 1)
     SELECT count(*)::int AS inserted FROM inserted`,
    [
      userId,
      rows.map((row) => row.external_id),
      rows.map((row) => row.symbol),
      rows.map((row) => row.side),
      rows.map((row) => row.qty),
      rows.map((row) => row.entry_time),
      rows.map((row) => row.exit_time),
      rows.map((row) => row.entry_price),
      rows.map((row) => row.exit_price),
      rows.map((row) => row.pnl),
      accountId,
    ],
  );
  return counted?.inserted ?? 0;
}

/**
 * Trades stored per statement of an import. The embedded database runs on the server's main thread and stores about
 * 25 trades a millisecond: one statement of 5,000 trades held it for 200 ms, and every other tenant's request waited;
 * a chunk holds it for about 10 ms.
 */
export const IMPORT_CHUNK = 250;

/**
 * Stores imported trades in chunks of `IMPORT_CHUNK`, giving the event loop a turn between chunks (each chunk waits
 * its turn in the bulk lane, see lists/bulk-lane.ts); answers how many were new. A trade listed twice counts once,
 * as in one statement. The chunks are not one transaction (on the embedded database a transaction would hold every
 * other request until the end): an import that fails midway keeps the chunks stored before, and sending it again
 * stores the rest (the stored ones count as already there).
 */
export async function importTrades(
  db: Db,
  userId: number,
  rows: readonly ImportTradeRow[],
  accountId: number | null = null,
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += IMPORT_CHUNK) {
    if (start > 0) await nextTurn();
    const chunk = rows.slice(start, start + IMPORT_CHUNK);
    inserted += await inBulkLane(db, () => insertImported(db, userId, chunk, accountId), {
      rowsToHandle: false,
    });
  }
  return inserted;
}

/** Sets a trade's journal note; false when the user has no such trade. */
export async function setTradeJournal(
  db: Db,
  userId: number,
  tradeId: number,
  journal: string,
): Promise<boolean> {
  const updated = await db.query(
    'UPDATE copy_trades SET journal = $3 WHERE id = $1 AND user_id = $2 RETURNING id',
    [tradeId, userId, journal],
  );
  return updated.length > 0;
}

/** Net P&L and trades per account over [from, to) by exit time, largest account name first out (by name). */
export async function pnlByAccount(
  db: Db,
  userId: number,
  from: Date,
  to: Date,
): Promise<Array<{ account: string; trades: number; pnl: number }>> {
  const rows = await db.query<{ account: string; trades: string | number; pnl: string | number }>(
    `SELECT COALESCE(NULLIF(account_name, ''), connection_name) AS account, count(*) AS trades, COALESCE(sum(pnl), 0) AS pnl
     FROM copy_trades WHERE user_id = $1 AND exit_time >= $2 AND exit_time < $3
     GROUP BY 1 ORDER BY 1 LIMIT 200`,
    [userId, from.toISOString(), to.toISOString()],
  );
  return rows.map((row) => ({
    account: row.account,
    trades: Number(row.trades),
    pnl: Math.round(Number(row.pnl) * 100) / 100,
  }));
}
