import type { FollowerQuality } from '@synctrade/api/types';
import type { Db } from '../db/db';
import {
  addPartial,
  copyPartial,
  histogramPercentile,
  hourPartials,
  type HourPartial,
  type Miss,
} from './hour-partials';
import { LEADER_FILLS_CTE } from './outcome-sql';
import { periodSpan } from './rollup';

const round = (v: number | null, digits: number): number | null =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/** Rolled-up rows (hours or days) in [from, to), summed per follower by the database. */
async function rolledSums(
  db: Db,
  table: 'copy_quality_hours' | 'copy_quality_days',
  userId: number,
  from: Date,
  to: Date,
): Promise<HourPartial[]> {
  if (to <= from) return [];
  const at = table === 'copy_quality_hours' ? 'hour' : 'day';
  const params = [userId, from, to];
  const where = `h.user_id = $1 AND h.${at} >= $2 AND h.${at} < $3`;
  const [totals, delays, misses] = await Promise.all([
    db.query<{ account_id: number; lf: number; filled: number; ticks: number; n: number; cost: number }>(
      `SELECT h.account_id, sum(h.leader_fills) AS lf, sum(h.filled) AS filled, sum(h.slip_ticks_sum) AS ticks,
              sum(h.slip_n) AS n, sum(h.cost) AS cost
         FROM ${table} h WHERE ${where} GROUP BY h.account_id`,
      params,
    ),
    db.query<{ account_id: number; bucket: string; n: number }>(
      `SELECT h.account_id, d.key AS bucket, sum(d.value::int) AS n
         FROM ${table} h, jsonb_each_text(h.delays) d WHERE ${where} GROUP BY 1, 2`,
      params,
    ),
    db.query<Miss & { account_id: number }>(
      `SELECT h.account_id, m->>'outcome' AS outcome, m->>'reason' AS reason, sum((m->>'count')::int) AS count
         FROM ${table} h, jsonb_array_elements(h.misses) m WHERE ${where} GROUP BY 1, 2, 3`,
      params,
    ),
  ]);
  const byAccount = new Map<number, HourPartial>();
  for (const t of totals)
    byAccount.set(Number(t.account_id), {
      account_id: Number(t.account_id),
      hour: from,
      leader_fills: Number(t.lf),
      filled: Number(t.filled),
      slip_ticks_sum: Number(t.ticks),
      slip_n: Number(t.n),
      cost: Number(t.cost),
      delays: {},
      misses: [],
      settled: true,
    });
  for (const d of delays) {
    const sum = byAccount.get(Number(d.account_id));
    if (sum !== undefined) sum.delays[d.bucket] = Number(d.n);
  }
  for (const m of misses)
    byAccount
      .get(Number(m.account_id))
      ?.misses.push({ outcome: m.outcome, reason: m.reason, count: Number(m.count) });
  return [...byAccount.values()];
}

/**
 * Per follower over [from, to): copy rate, delay percentiles, slippage and the misses by reason. Whole days and
 * hours already rolled up are read from their rows; the period's edges and the hours not rolled up yet are read
 * from the copies themselves.
 */
export async function qualitySummary(
  db: Db,
  userId: number,
  from: Date,
  to: Date,
): Promise<FollowerQuality[]> {
  const { r0, d0, d1, r1 } = await periodSpan(db, userId, from, to);
  const parts = await Promise.all([
    hourPartials(db, userId, from, r0),
    rolledSums(db, 'copy_quality_hours', userId, r0, d0),
    rolledSums(db, 'copy_quality_days', userId, d0, d1),
    rolledSums(db, 'copy_quality_hours', userId, d1, r1),
    hourPartials(db, userId, r1, to),
  ]);
  const sums = new Map<number, HourPartial>();
  for (const p of parts.flat()) {
    const sum = sums.get(p.account_id);
    if (sum === undefined) sums.set(p.account_id, copyPartial(p));
    else addPartial(sum, p);
  }
  if (sums.size === 0) return [];
  const names = await db.query<{ id: number; account: string; connection: string }>(
    `SELECT a.id, a.name AS account, c.name AS connection
       FROM broker_accounts a JOIN connections c ON c.id = a.connection_id
      WHERE a.user_id = $1 AND a.id = ANY($2::int[])
      ORDER BY a.name, a.id`,
    [userId, [...sums.keys()]],
  );
  return names.map((row) => {
    const sum = sums.get(Number(row.id)) as HourPartial;
    const delays = new Map(Object.entries(sum.delays).map(([b, n]) => [Number(b), n]));
    return {
      account_id: Number(row.id),
      account: row.account,
      connection: row.connection,
      leader_fills: sum.leader_fills,
      filled: sum.filled,
      copy_rate: sum.leader_fills === 0 ? 0 : sum.filled / sum.leader_fills,
      delay_p50_ms: round(histogramPercentile(delays, 0.5), 1),
      delay_p95_ms: round(histogramPercentile(delays, 0.95), 1),
      mean_slippage_ticks: sum.slip_n === 0 ? null : round(sum.slip_ticks_sum / sum.slip_n, 3),
      slippage_cost: round(sum.cost, 2) ?? 0,
      misses: [...sum.misses].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    };
  });
}

/** The user's leader fills in [from, to): rolled-up hours from their counts, the rest counted. */
export async function leaderFillCount(db: Db, userId: number, from: Date, to: Date): Promise<number> {
  const { r0, r1 } = await periodSpan(db, userId, from, to);
  const counted = async (a: Date, b: Date): Promise<number> =>
    b <= a
      ? 0
      : Number(
          (
            await db.query<{ n: number }>(`WITH ${LEADER_FILLS_CTE} SELECT count(*) AS n FROM lf`, [
              userId,
              a,
              b,
            ])
          )[0]?.n ?? 0,
        );
  const [head, rolled, tail] = await Promise.all([
    counted(from, r0),
    r1 <= r0
      ? 0
      : db
          .query<{ n: number | null }>(
            'SELECT sum(leader_fills) AS n FROM copy_quality_fill_hours WHERE user_id = $1 AND hour >= $2 AND hour < $3',
            [userId, r0, r1],
          )
          .then((rows) => Number(rows[0]?.n ?? 0)),
    counted(r1, to),
  ]);
  return head + rolled + tail;
}
