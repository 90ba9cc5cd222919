import type { Db } from '../../db/db';

/** Trades per page of the paged history: enough for a screen, small enough to answer at once. */
export const MAX_PAGE_SIZE = 500;

export interface HistoryRange {
  userId: number;
  /** `YYYY-MM-DD` or null; a trade belongs to the UTC date of its exit time. */
  start: string | null;
  end: string | null;
}

export interface HistorySummaryRow {
  trades: number;
  wins: number;
  losses: number;
  gross_profit: number;
  gross_loss: number;
  net_pnl: number;
  contracts: number;
}

export interface HistoryDayRow {
  /** `YYYY-MM-DD` in the asked time zone. */
  day: string;
  pnl: number;
  trades: number;
}

const RANGE = `user_id = $1 AND ($2::date IS NULL OR exit_time >= $2::date) AND ($3::date IS NULL OR exit_time < $3::date + 1)`;

/**
 * The range's statistics, computed by the database in one pass: counts, gross profit and loss, contracts.
 * Sums of money are rounded to cents after summing, as the client's statistics do.
 */
export async function historySummary(db: Db, range: HistoryRange): Promise<HistorySummaryRow> {
  const [row] = await db.query<Record<keyof HistorySummaryRow, string | number | null>>(
    `SELECT count(*) AS trades,
       count(*) FILTER (WHERE pnl > 0) AS wins,
       count(*) FILTER (WHERE pnl < 0) AS losses,
       COALESCE(sum(pnl) FILTER (WHERE pnl > 0), 0) AS gross_profit,
       COALESCE(-sum(pnl) FILTER (WHERE pnl < 0), 0) AS gross_loss,
       COALESCE(sum(pnl), 0) AS net_pnl,
       COALESCE(sum(qty), 0) AS contracts
     FROM copy_trades WHERE ${RANGE}`,
    [range.userId, range.start, range.end],
  );
  const n = (key: keyof HistorySummaryRow): number => Number(row?.[key] ?? 0);
  const cents = (value: number): number => Math.round(value * 100) / 100;
  return {
    trades: n('trades'),
    wins: n('wins'),
    losses: n('losses'),
    gross_profit: cents(n('gross_profit')),
    gross_loss: cents(n('gross_loss')),
    net_pnl: cents(n('net_pnl')),
    contracts: n('contracts'),
  };
}

/** Net P&L and trade count per day (the exit time's date in `timeZone`), oldest first. */
export async function historyDays(db: Db, range: HistoryRange, timeZone: string): Promise<HistoryDayRow[]> {
  const rows = await db.query<{ day: string; pnl: string | number; trades: string | number }>(
    `SELECT to_char((exit_time AT TIME ZONE $4)::date, 'YYYY-MM-DD') AS day, sum(pnl) AS pnl, count(*) AS trades
     FROM copy_trades WHERE ${RANGE} GROUP BY 1 ORDER BY 1`,
    [range.userId, range.start, range.end, timeZone],
  );
  return rows.map((row) => ({
    day: row.day,
    pnl: Math.round(Number(row.pnl) * 100) / 100,
    trades: Number(row.trades),
  }));
}

/** True for a time zone name the runtime knows (IANA, e.g. `America/New_York`, or `UTC`). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const PAGE_ORDER = 'ORDER BY entry_time DESC, id DESC';
export const RANGE_WHERE = RANGE;
