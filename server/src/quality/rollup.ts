import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { addPartial, copyPartial, hourPartials, leaderFillHours, type HourPartial } from './hour-partials';

export const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** An hour is rolled up 10 minutes after it ends at the earliest: its last copies have had time to fill. */
export const SETTLE_AFTER_MS = 10 * 60_000;
/** An hour whose copies have not all settled a day after it ended is rolled up as it stands. */
export const ROLL_ANYWAY_AFTER_MS = DAY_MS;
/** At most six hours are read in one statement, so a trader's first roll-up never holds the database long. */
const HOURS_PER_STEP = 6;
const ROLL_EVERY_MS = 60_000;

const floorTo = (t: number, unit: number): number => Math.floor(t / unit) * unit;
const ceilTo = (t: number, unit: number): number => Math.ceil(t / unit) * unit;

/**
 * How a period [from, to) is read: whole rolled-up days in [d0, d1), whole rolled-up hours in [r0, d0) and
 * [d1, r1), and the copies themselves in [from, r0) and [r1, to) (the edges, and what is not rolled up yet).
 */
export interface PeriodSpan {
  r0: Date;
  d0: Date;
  d1: Date;
  r1: Date;
}

export async function periodSpan(db: Db, userId: number, from: Date, to: Date): Promise<PeriodSpan> {
  const [marked] = await db.query<{ rolled_until: Date }>(
    'SELECT rolled_until FROM copy_quality_marks WHERE user_id = $1',
    [userId],
  );
  const r0 = Math.min(ceilTo(from.getTime(), HOUR_MS), to.getTime());
  const mark = marked === undefined ? r0 : new Date(marked.rolled_until).getTime();
  const r1 = Math.max(r0, Math.min(floorTo(to.getTime(), HOUR_MS), mark));
  const d0 = Math.min(ceilTo(r0, DAY_MS), r1);
  const d1 = Math.max(d0, floorTo(r1, DAY_MS));
  return { r0: new Date(r0), d0: new Date(d0), d1: new Date(d1), r1: new Date(r1) };
}

const ROW_COLUMNS = 'leader_fills, filled, slip_ticks_sum, slip_n, cost, delays, misses';
const rowValues = (r: HourPartial): unknown[] => [
  r.leader_fills,
  r.filled,
  r.slip_ticks_sum,
  r.slip_n,
  r.cost,
  JSON.stringify(r.delays),
  JSON.stringify(r.misses),
];

/** Adds the hours' sums to their UTC days' rows (a day's row grows as its hours are rolled up). */
async function addToDays(db: Db, userId: number, rows: HourPartial[]): Promise<void> {
  const days = new Map<string, HourPartial>();
  for (const r of rows) {
    const day = new Date(floorTo(r.hour.getTime(), DAY_MS));
    const key = `${r.account_id} ${day.toISOString()}`;
    const sum = days.get(key);
    if (sum === undefined) days.set(key, { ...copyPartial(r), hour: day });
    else addPartial(sum, r);
  }
  for (const sum of days.values()) {
    const [before] = await db.query<HourPartial>(
      `SELECT account_id, day AS hour, ${ROW_COLUMNS} FROM copy_quality_days
        WHERE user_id = $1 AND account_id = $2 AND day = $3`,
      [userId, sum.account_id, sum.hour],
    );
    if (before !== undefined)
      addPartial(sum, {
        ...before,
        slip_ticks_sum: Number(before.slip_ticks_sum),
        cost: Number(before.cost),
        settled: true,
      });
    await db.query(
      `INSERT INTO copy_quality_days (user_id, account_id, day, ${ROW_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb)
       ON CONFLICT (user_id, account_id, day) DO UPDATE SET
         leader_fills = excluded.leader_fills, filled = excluded.filled, slip_ticks_sum = excluded.slip_ticks_sum,
         slip_n = excluded.slip_n, cost = excluded.cost, delays = excluded.delays, misses = excluded.misses`,
      [userId, sum.account_id, sum.hour, ...rowValues(sum)],
    );
  }
}

/**
 * Stores the hours from `from` to the first hour not settled (or to `until`), moving the user's mark past them.
 * The mark is moved only from the value read, in the rows' own transaction: a second node rolling the same user at
 * once stores nothing. Answers the new mark, or null when another node moved it first.
 */
async function rollStep(db: Db, userId: number, mark: Date | null, from: number, until: number, now: number) {
  const partials = await hourPartials(db, userId, new Date(from), new Date(until));
  let stop = until;
  for (const p of partials)
    if (!p.settled && p.hour.getTime() + HOUR_MS > now - ROLL_ANYWAY_AFTER_MS) {
      stop = p.hour.getTime();
      break;
    }
  if (stop === from) return new Date(from);
  const rows = partials.filter((p) => p.hour.getTime() < stop);
  const fills = await leaderFillHours(db, userId, new Date(from), new Date(stop));
  return db.tx(async (tx) => {
    const moved =
      mark === null
        ? await tx.query(
            `INSERT INTO copy_quality_marks (user_id, rolled_until) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
            [userId, new Date(stop)],
          )
        : await tx.query(
            `UPDATE copy_quality_marks SET rolled_until = $3 WHERE user_id = $1 AND rolled_until = $2 RETURNING 1`,
            [userId, mark, new Date(stop)],
          );
    if (moved.length === 0) return null;
    for (const r of rows)
      await tx.query(
        `INSERT INTO copy_quality_hours (user_id, account_id, hour, ${ROW_COLUMNS})
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb)`,
        [userId, r.account_id, r.hour, ...rowValues(r)],
      );
    await addToDays(tx, userId, rows);
    for (const f of fills)
      await tx.query(
        'INSERT INTO copy_quality_fill_hours (user_id, hour, leader_fills) VALUES ($1, $2, $3)',
        [userId, f.hour, f.leader_fills],
      );
    return new Date(stop);
  });
}

/** Rolls up one user's settled hours from their mark; answers how many hours the mark moved. */
export async function rollUser(
  db: Db,
  userId: number,
  start: Date,
  marked: boolean,
  now: number,
): Promise<number> {
  const limit = floorTo(now - SETTLE_AFTER_MS, HOUR_MS);
  let mark: Date | null = marked ? start : null;
  let from = start.getTime();
  const first = from;
  while (from < limit) {
    const until = Math.min(limit, from + HOURS_PER_STEP * HOUR_MS);
    const next = await rollStep(db, userId, mark, from, until, now);
    if (next === null || next.getTime() === from) break;
    mark = next;
    from = next.getTime();
    if (from < until) break;
  }
  return (from - first) / HOUR_MS;
}

/** Rolls up every user's settled hours; answers how many hours were rolled up in all. */
export async function rollQualityHours(db: Db, now: number): Promise<number> {
  const users = await db.query<{ id: number; mark: Date | null; marked: boolean }>(
    `SELECT u.id, coalesce(m.rolled_until,
              (SELECT date_trunc('hour', min(f.filled_at)) FROM copy_fills f WHERE f.user_id = u.id)) AS mark,
            m.rolled_until IS NOT NULL AS marked
       FROM users u LEFT JOIN copy_quality_marks m ON m.user_id = u.id`,
  );
  let hours = 0;
  const limit = floorTo(now - SETTLE_AFTER_MS, HOUR_MS);
  for (const u of users)
    if (u.mark !== null && new Date(u.mark).getTime() < limit)
      hours += await rollUser(db, Number(u.id), new Date(u.mark), u.marked, now);
  return hours;
}

/** Rolls up every minute while the server runs (on every node: the marks keep each hour stored once). */
export function startQualityRollup(app: FastifyInstance, now: () => number = Date.now): () => void {
  let running = false;
  const roll = (): void => {
    if (running) return;
    running = true;
    rollQualityHours(app.db, now())
      .catch((err: unknown) => app.log.error({ err }, 'copy quality roll-up'))
      .finally(() => (running = false));
  };
  const timer = setInterval(roll, ROLL_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
