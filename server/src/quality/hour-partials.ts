import type { CopyOutcomeKind } from '@synctrade/api/types';
import type { Db } from '../db/db';
import { LEADER_FILLS_CTE, outcomesCte } from './outcome-sql';

/** A follower's copies of the leader fills of one hour, summed: what `copy_quality_hours` stores. */
export interface HourPartial {
  account_id: number;
  hour: Date;
  leader_fills: number;
  filled: number;
  slip_ticks_sum: number;
  slip_n: number;
  cost: number;
  /** Filled copies' delays: bucket → count (see `delayBucketSql`). */
  delays: Record<string, number>;
  misses: Miss[];
  /** Every copy of the hour has its last word: no more fill or change can come for it. */
  settled: boolean;
}

export interface Miss {
  outcome: CopyOutcomeKind;
  reason: string;
  count: number;
}

/**
 * A delay's bucket: whole milliseconds below 100 ms, then buckets 1 % wide, so a percentile read from the buckets is
 * within 1 % of the delay (and the histogram of a month stays a few hundred numbers per follower).
 */
const delayBucketSql = (ms: string): string =>
  `CASE WHEN ${ms} < 100 THEN floor(greatest(${ms}, 0))::int ELSE 100 + floor(ln(${ms} / 100) / ln(1.01))::int END`;

/** The middle of a bucket, in ms. */
export function bucketMiddle(bucket: number): number {
  if (bucket < 100) return bucket + 0.5;
  const low = 100 * 1.01 ** (bucket - 100);
  return (low + low * 1.01) / 2;
}

/** The nearest-rank percentile `p` (0-1) of a histogram, or null when it is empty. */
export function histogramPercentile(delays: Map<number, number>, p: number): number | null {
  const total = [...delays.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const bucket of [...delays.keys()].sort((a, b) => a - b)) {
    seen += delays.get(bucket) ?? 0;
    if (seen >= rank) return bucketMiddle(bucket);
  }
  return null;
}

/** A copy that can change no more: filled, refused, skipped, or its order ended. */
const SETTLED = `(outcome IN ('filled', 'rejected', 'skipped') OR status IN ('Canceled', 'Expired'))`;

/**
 * Each follower's copies of the user's leader fills in [$2, $3), summed per hour of the leader fill. Each copy's
 * fills are read by index, so a few hours cost a few milliseconds whatever the user's history holds.
 */
const PARTIALS = `
WITH ${LEADER_FILLS_CTE}, ${outcomesCte('lf', 'each')},
b AS (
  SELECT account_id, date_trunc('hour', filled_at) AS hour, event_key, outcome, status, coalesce(reason, '') AS reason,
         delay_ms, slip_ticks, slip_usd
    FROM oc
),
per AS (
  SELECT account_id, hour, count(DISTINCT event_key)::int AS leader_fills,
         count(DISTINCT event_key) FILTER (WHERE outcome = 'filled')::int AS filled,
         coalesce(sum(slip_ticks) FILTER (WHERE outcome = 'filled'), 0)::float8 AS slip_ticks_sum,
         count(slip_ticks) FILTER (WHERE outcome = 'filled')::int AS slip_n,
         coalesce(sum(slip_usd) FILTER (WHERE outcome = 'filled'), 0) AS cost,
         bool_and(${SETTLED}) AS settled
    FROM b GROUP BY account_id, hour
),
dl AS (
  SELECT account_id, hour, jsonb_object_agg(bucket, n) AS delays
    FROM (SELECT account_id, hour, ${delayBucketSql('delay_ms')} AS bucket, count(*)::int AS n
            FROM b WHERE outcome = 'filled' AND delay_ms IS NOT NULL GROUP BY 1, 2, 3) x
   GROUP BY account_id, hour
),
ms AS (
  SELECT account_id, hour, jsonb_agg(jsonb_build_object('outcome', outcome, 'reason', reason, 'count', n)) AS misses
    FROM (SELECT account_id, hour, outcome, reason, count(*)::int AS n
            FROM b WHERE outcome <> 'filled' GROUP BY 1, 2, 3, 4) x
   GROUP BY account_id, hour
)
SELECT per.account_id, per.hour, per.leader_fills, per.filled, per.slip_ticks_sum, per.slip_n, per.cost, per.settled,
       coalesce(dl.delays, '{}'::jsonb) AS delays, coalesce(ms.misses, '[]'::jsonb) AS misses
  FROM per
  LEFT JOIN dl ON dl.account_id = per.account_id AND dl.hour = per.hour
  LEFT JOIN ms ON ms.account_id = per.account_id AND ms.hour = per.hour
 ORDER BY per.hour, per.account_id`;

type PartialRow = Omit<HourPartial, 'delays' | 'misses'> & {
  delays: Record<string, number> | string;
  misses: Miss[] | string;
};

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The user's copies of leader fills in [from, to), per follower and hour. */
export async function hourPartials(db: Db, userId: number, from: Date, to: Date): Promise<HourPartial[]> {
  if (to <= from) return [];
  const rows = await db.query<PartialRow>(PARTIALS, [userId, from, to]);
  return rows.map((row) => ({
    account_id: Number(row.account_id),
    hour: new Date(row.hour),
    leader_fills: Number(row.leader_fills),
    filled: Number(row.filled),
    slip_ticks_sum: Number(row.slip_ticks_sum),
    slip_n: Number(row.slip_n),
    cost: Number(row.cost),
    delays: json(row.delays),
    misses: json(row.misses),
    settled: row.settled,
  }));
}

/** The user's leader fills in [from, to) per hour, copied or not. */
export async function leaderFillHours(
  db: Db,
  userId: number,
  from: Date,
  to: Date,
): Promise<Array<{ hour: Date; leader_fills: number }>> {
  if (to <= from) return [];
  const rows = await db.query<{ hour: Date; n: number }>(
    `WITH ${LEADER_FILLS_CTE} SELECT date_trunc('hour', filled_at) AS hour, count(*) AS n FROM lf GROUP BY 1 ORDER BY 1`,
    [userId, from, to],
  );
  return rows.map((row) => ({ hour: new Date(row.hour), leader_fills: Number(row.n) }));
}

/** Two sums of a follower's copies added together (the first is changed). */
export function addPartial(sum: HourPartial, p: HourPartial): void {
  sum.leader_fills += p.leader_fills;
  sum.filled += p.filled;
  sum.slip_ticks_sum += p.slip_ticks_sum;
  sum.slip_n += p.slip_n;
  sum.cost += p.cost;
  sum.settled &&= p.settled;
  for (const [bucket, n] of Object.entries(p.delays)) sum.delays[bucket] = (sum.delays[bucket] ?? 0) + n;
  for (const miss of p.misses) {
    const same = sum.misses.find((m) => m.outcome === miss.outcome && m.reason === miss.reason);
    if (same === undefined) sum.misses.push({ ...miss });
    else same.count += miss.count;
  }
}

/** A copy of a sum that adding to leaves the original alone. */
export const copyPartial = (p: HourPartial): HourPartial => ({
  ...p,
  delays: { ...p.delays },
  misses: p.misses.map((m) => ({ ...m })),
});
