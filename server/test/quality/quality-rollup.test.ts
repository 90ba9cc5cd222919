import type { FollowerQuality } from '@synctrade/api/types';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { qualityFills } from '../../src/quality/quality-repo';
import { qualitySummary } from '../../src/quality/summary';
import { rollQualityHours } from '../../src/quality/rollup';
import { createTestDb } from '../support/test-db';
import { seed, seedStart, seedStep } from './support/quality-seed';

/**
 * Copy quality's summary reads settled hours from their roll-up and the rest from the copies. Whatever was rolled
 * up, it must say what the copies say: the expected figures are computed here from the seed's own rules (a copy's
 * outcome by (i + k) % 40, its delay 40 + (7i + 13k) % 250 ms, its slippage (i + k) % 3 ticks against the leader).
 */
const FILLS = 2_000;
const FOLLOWERS = 3;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 30, 15, 34, 56, 789);
const fillTime = (i: number): number => seedStart(NOW) + i * seedStep(FILLS);

/** The nearest-rank percentile of plain numbers. */
function rank(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1] as number;
}

interface Expected {
  leader_fills: number;
  filled: number;
  delays: number[];
  ticks: number;
  cost: number;
  misses: Record<string, number>;
}

/** Follower k's figures over the leader fills in [from, to), from the seed's rules. */
function expected(k: number, from: number, to: number): Expected {
  const e: Expected = { leader_fills: 0, filled: 0, delays: [], ticks: 0, cost: 0, misses: {} };
  for (let i = 1; i <= FILLS; i += 1) {
    const at = fillTime(i);
    if (at < from || at >= to) continue;
    e.leader_fills += 1;
    const kind = ['skipped', 'rejected', 'superseded', 'partly_filled'][(i + k) % 40];
    if (kind !== undefined) {
      e.misses[kind] = (e.misses[kind] ?? 0) + 1;
      continue;
    }
    e.filled += 1;
    e.delays.push(40 + ((i * 7 + k * 13) % 250));
    const ticks = ((i + k) % 3) * (i % 2 === 0 ? 1 : -1);
    e.ticks += ticks;
    e.cost += ticks * 12.5 * (2 + (i % 3));
  }
  return e;
}

function expectFigures(summary: FollowerQuality[], from: number, to: number): void {
  expect(summary.map((f) => f.account)).toEqual(['FOLLOWER-1', 'FOLLOWER-2', 'FOLLOWER-3']);
  for (const [index, f] of summary.entries()) {
    const e = expected(index + 1, from, to);
    expect(f.leader_fills).toBe(e.leader_fills);
    expect(f.filled).toBe(e.filled);
    expect(f.copy_rate).toBeCloseTo(e.filled / e.leader_fills, 10);
    expect(f.mean_slippage_ticks).toBeCloseTo(e.ticks / e.filled, 3);
    expect(f.slippage_cost).toBeCloseTo(e.cost, 2);
    // A bucket is 1 ms wide below 100 ms and 1 % wide above.
    for (const [got, p] of [
      [f.delay_p50_ms, 0.5],
      [f.delay_p95_ms, 0.95],
    ] as const) {
      const exact = rank(e.delays, p);
      expect(Math.abs((got as number) - exact)).toBeLessThanOrEqual(exact * 0.01 + 0.5);
    }
    const misses = Object.fromEntries(f.misses.map((m) => [m.outcome, m.count]));
    expect(misses).toEqual(e.misses);
    expect(f.misses.find((m) => m.outcome === 'rejected')?.reason).toBe('Insufficient margin');
    expect(f.misses.find((m) => m.outcome === 'skipped')?.reason).toBe('Max net position reached');
  }
}

const rolledUntil = async (db: Db): Promise<number | null> => {
  const [row] = await db.query<{ rolled_until: Date }>('SELECT rolled_until FROM copy_quality_marks');
  return row === undefined ? null : new Date(row.rolled_until).getTime();
};

describe('copy quality roll-up', () => {
  let db: Db;

  beforeEach(async () => {
    db = await createTestDb();
    await migrate(db);
    await seed(db, FILLS, FOLLOWERS, NOW);
  });
  afterEach(async () => {
    await db.close();
  });

  it('when the settled hours are rolled up, then a month, and a period starting and ending mid-hour, read the same figures as the copies', async () => {
    const month: [number, number] = [NOW - 30 * DAY, NOW];
    const edges: [number, number] = [NOW - 7 * DAY - 17 * 60_000, NOW - 2 * DAY + 13 * 60_000];
    const read = ([from, to]: [number, number]) => qualitySummary(db, 1, new Date(from), new Date(to));
    const total = async ([from, to]: [number, number]) =>
      (await qualityFills(db, 1, new Date(from), new Date(to), 1, 25)).total;
    const fillsIn = ([from, to]: [number, number]) =>
      Array.from({ length: FILLS }, (_, i) => fillTime(i + 1)).filter((t) => t >= from && t < to).length;
    expectFigures(await read(month), ...month);
    expectFigures(await read(edges), ...edges);
    expect(await total(month)).toBe(FILLS);
    expect(await total(edges)).toBe(fillsIn(edges));

    // From the hour of the first leader fill, 29 days back.
    expect(await rollQualityHours(db, NOW)).toBe(29 * 24);
    // Up to the hour that ended 10 minutes before now at the latest.
    expect(await rolledUntil(db)).toBe(Date.UTC(2026, 10, 30, 15));
    const [rows] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM copy_quality_hours');
    // Every hour holds leader fills (about three), each copied by every follower.
    expect(Number(rows?.n)).toBe(29 * 24 * FOLLOWERS);
    // Each follower's whole UTC days too: the 29 days after the first one.
    const [days] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM copy_quality_days');
    expect(Number(days?.n)).toBe(30 * FOLLOWERS);
    expectFigures(await read(month), ...month);
    expectFigures(await read(edges), ...edges);
    expect(await total(month)).toBe(FILLS);
    expect(await total(edges)).toBe(fillsIn(edges));
  });

  it('when a copy of an hour is still working, then the roll-up stops before that hour until it fills, and an hour still open a day later is rolled up as it stands', async () => {
    // Follower 1's copy of a leader fill five hours ago, and of one two days ago, are still working, unfilled.
    const recent = Math.ceil((NOW - 5 * HOUR - seedStart(NOW)) / seedStep(FILLS));
    const old = Math.ceil((NOW - 2 * DAY - seedStart(NOW)) / seedStep(FILLS));
    const filledCopy = (from: number) => {
      for (let i = from; ; i += 1) if ((i + 1) % 40 > 3) return i;
    };
    const [waiting, stale] = [filledCopy(recent), filledCopy(old)];
    for (const i of [waiting, stale]) {
      await db.query(`UPDATE copy_orders SET status = 'Working' WHERE client_order_id = $1`, [`c${i}-1`]);
      await db.query(`DELETE FROM copy_fills WHERE fill_id = $1`, [`F${i}-1`]);
    }
    await rollQualityHours(db, NOW);
    const waitingHour = Math.floor(fillTime(waiting) / HOUR) * HOUR;
    expect(await rolledUntil(db)).toBe(waitingHour);
    const [first] = await qualitySummary(db, 1, new Date(NOW - 30 * DAY), new Date(NOW));
    expect(first?.misses.find((m) => m.outcome === 'waiting')?.count).toBe(2);
    expect(first?.filled).toBe(expected(1, 0, NOW).filled - 2);

    // The recent copy fills: the next roll-up goes on to the last settled hour.
    await db.query(`UPDATE copy_orders SET status = 'Filled' WHERE client_order_id = $1`, [`c${waiting}-1`]);
    await db.query(
      `INSERT INTO copy_fills (user_id, account_id, fill_id, broker_order_id, symbol, side, qty, price, filled_at)
       SELECT 1, 2, 'late', broker_order_id, symbol, side, qty, 6000, $2 FROM copy_orders WHERE client_order_id = $1`,
      [`c${waiting}-1`, new Date(fillTime(waiting) + 60_000)],
    );
    await rollQualityHours(db, NOW);
    expect(await rolledUntil(db)).toBe(Date.UTC(2026, 10, 30, 15));
    const [after] = await qualitySummary(db, 1, new Date(NOW - 30 * DAY), new Date(NOW));
    expect(after?.misses.find((m) => m.outcome === 'waiting')?.count).toBe(1);
    expect(after?.filled).toBe(expected(1, 0, NOW).filled - 1);
  });

  it('when two nodes roll the same trader up at once, then every hour is counted once', async () => {
    await Promise.all([rollQualityHours(db, NOW), rollQualityHours(db, NOW), rollQualityHours(db, NOW)]);
    expect(await rolledUntil(db)).toBe(Date.UTC(2026, 10, 30, 15));
    expectFigures(await qualitySummary(db, 1, new Date(NOW - 30 * DAY), new Date(NOW)), NOW - 30 * DAY, NOW);
  });
});
