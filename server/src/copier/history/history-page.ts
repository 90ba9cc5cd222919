import { roundMoney } from '@synctrade/market';
import type { Db } from '../../db/db';

/** Trades per page of the paged history: enough for a screen, small enough to answer at once. */
export const MAX_PAGE_SIZE = 500;

export interface HistoryRange {
  userId: number;
  /** `YYYY-MM-DD` or null; a trade belongs to the UTC date of its exit time. */
  start: string | null;
  end: string | null;
  /** The accounts whose trades count, or null for every trade of the trader (imported ones without an account too). */
  accounts: readonly number[] | null;
}

/** The range's four parameters, `$1`–`$4` of every statement that reads it. */
export function rangeParams(range: HistoryRange): [number, string | null, string | null, number[] | null] {
  return [range.userId, range.start, range.end, range.accounts === null ? null : [...range.accounts]];
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

/** A day's statistics, its net P&L named `pnl`. */
export type HistoryDayRow = Omit<HistorySummaryRow, 'net_pnl'> & {
  /** `YYYY-MM-DD` in the asked time zone. */
  day: string;
  pnl: number;
};

const RANGE = `user_id = $1 AND ($2::date IS NULL OR exit_time >= $2::date) AND ($3::date IS NULL OR exit_time < $3::date + 1)
  AND ($4::int[] IS NULL OR account_id = ANY($4::int[]))`;

export interface HistoryStatistics {
  summary: HistorySummaryRow;
  days: HistoryDayRow[];
}

type Aggregates = Record<keyof HistorySummaryRow, string | number | null> & {
  day: string | null;
  total: number;
};

/**
 * The range's statistics (counts, gross profit and loss, contracts) and the same per day (the exit time's date in
 * `timeZone`, oldest first: the Daily and Weekly views' cards), from one pass of the database over the range:
 * every day's row and their grand total come out of one `GROUPING SETS`. Two statements read 100,000 trades
 * twice, and the day is written as text once per day rather than once per trade (the per-trade `to_char` was
 * half of that pass).
 */
export async function historyStatistics(
  db: Db,
  range: HistoryRange,
  timeZone: string,
): Promise<HistoryStatistics> {
  const rows = await db.query<Aggregates>(
    `SELECT to_char(closed_on, 'YYYY-MM-DD') AS day, GROUPING(closed_on) AS total,
       count(*) AS trades,
       count(*) FILTER (WHERE pnl > 0) AS wins,
       count(*) FILTER (WHERE pnl < 0) AS losses,
       COALESCE(sum(pnl) FILTER (WHERE pnl > 0), 0) AS gross_profit,
       COALESCE(-sum(pnl) FILTER (WHERE pnl < 0), 0) AS gross_loss,
       COALESCE(sum(pnl), 0) AS net_pnl,
       COALESCE(sum(qty), 0) AS contracts
     FROM (SELECT (exit_time AT TIME ZONE $5)::date AS closed_on, pnl, qty FROM copy_trades WHERE ${RANGE}) AS trades
     GROUP BY GROUPING SETS ((closed_on), ()) ORDER BY closed_on`,
    [...rangeParams(range), timeZone],
  );
  // The grand total's row is there even for an empty range (no day rows then).
  return {
    summary: statistics(rows.find((row) => Number(row.total) === 1)),
    days: rows
      .filter((row) => Number(row.total) === 0)
      .map((row) => {
        const { net_pnl: pnl, ...day } = statistics(row);
        return { day: String(row.day), pnl, ...day };
      }),
  };
}

/** Sums of money are rounded to cents after summing, as the client's statistics do. */
function statistics(row: Aggregates | undefined): HistorySummaryRow {
  const n = (key: keyof HistorySummaryRow): number => Number(row?.[key] ?? 0);
  return {
    trades: n('trades'),
    wins: n('wins'),
    losses: n('losses'),
    gross_profit: roundMoney(n('gross_profit')),
    gross_loss: roundMoney(n('gross_loss')),
    net_pnl: roundMoney(n('net_pnl')),
    contracts: n('contracts'),
  };
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
