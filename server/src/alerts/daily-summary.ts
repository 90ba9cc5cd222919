import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { usersWithAccounts } from '../connections/accounts-repo';
import { materializeTrades, pnlByAccount } from '../copier/history/trades-repo';
import { luxonZones } from '../propfirm/zone-calc';
import { qualitySummary } from '../quality/summary';

/** CME's futures day ends at 17:00 Chicago time (after the hour's halt); the summary covers the day that ended. */
const DAY_END = { zone: 'America/Chicago', time: '17:00' } as const;
const CHECK_EVERY_MS = 5 * 60_000;
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const formatMoney = (amount: number): string => USD.format(amount);

export interface TradingDay {
  /** `YYYY-MM-DD` in Chicago. */
  day: string;
  from: Date;
  to: Date;
}

/**
 * The trading day that ended last at `now`, or null when it was a Saturday or Sunday (no session ends then; a
 * Monday's day runs from Sunday's 17:00).
 */
export function lastTradingDay(now: number): TradingDay | null {
  const end = luxonZones.lastAtOrBefore(now, DAY_END);
  const start = luxonZones.lastAtOrBefore(end - 1, DAY_END);
  const day = luxonZones.localDate(end, DAY_END.zone);
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return null;
  return { day, from: new Date(start), to: new Date(end) };
}

/** The summary's words: each account's P&L, the copies filled and the misses. No token, key or address. */
export async function summaryText(db: Db, userId: number, day: TradingDay): Promise<string | null> {
  await materializeTrades(db, userId);
  const [accounts, followers] = await Promise.all([
    pnlByAccount(db, userId, day.from, day.to),
    qualitySummary(db, userId, day.from, day.to),
  ]);
  const copies = followers.reduce((sum, f) => sum + f.filled, 0);
  const misses = followers.reduce((sum, f) => sum + f.misses.reduce((n, miss) => n + miss.count, 0), 0);
  if (accounts.length === 0 && copies === 0 && misses === 0) return null;
  const total = Math.round(accounts.reduce((sum, a) => sum + a.pnl, 0) * 100) / 100;
  const lines = accounts.map(
    (a) => `${a.account}: ${formatMoney(a.pnl)} (${a.trades} trade${a.trades === 1 ? '' : 's'})`,
  );
  return [...lines, `Total: ${formatMoney(total)}`, `Copies filled: ${copies}; missed: ${misses}`].join('\n');
}

/** Claims the trader's summary of `day`: true for the one caller (node, restart) that inserted the row. */
async function claimDay(db: Db, userId: number, day: string): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO alert_daily_summaries (user_id, trading_day) VALUES ($1, $2::date)
     ON CONFLICT (user_id, trading_day) DO NOTHING RETURNING user_id`,
    [userId, day],
  );
  return rows.length > 0;
}

/**
 * Sends each trader's end-of-day summary once per trading day, through the one notify path (so it shows in the
 * notifications and reaches each channel that takes `daily_summary`). A trader with nothing traded or copied that
 * day gets nothing. Answers how many were sent.
 */
export async function sendDailySummaries(app: FastifyInstance, now: number): Promise<number> {
  const day = lastTradingDay(now);
  if (day === null) return 0;
  let sent = 0;
  for (const userId of await usersWithAccounts(app.db)) {
    if (!(await claimDay(app.db, userId, day.day))) continue;
    const text = await summaryText(app.db, userId, day);
    if (text === null) continue;
    await app.notify(userId, { kind: 'info', title: `Daily summary for ${day.day}`, message: text });
    sent += 1;
  }
  return sent;
}

/** Checks every 5 minutes while the server runs; a failed check is logged and tried again at the next one. */
export function startDailySummaries(app: FastifyInstance, now: () => number = Date.now): () => void {
  const timer = setInterval(() => {
    sendDailySummaries(app, now()).catch((err: unknown) => app.log.error({ err }, 'daily summaries'));
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
