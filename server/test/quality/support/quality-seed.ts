import type { Db } from '../../../src/db/db';
import { seedBenchDb } from '../../../bench/bench-db';

const DAY = 86_400_000;

/** Leader fill i (from 1) is at `seedStart(now) + i · seedStep(fills)`. */
export const seedStart = (now: number): number => now - 29 * DAY - 60_000;
export const seedStep = (fills: number): number => (29 * DAY) / fills;

/**
 * A leader (account 1) and its followers (2 …), their rows written by statements: fill i at an even step over the
 * last 29 days; follower k's copy of it is skipped, rejected, superseded, partly filled or filled by (i + k)'s
 * remainder, filled 40-290 ms after the leader and 0-2 ticks away.
 */
export async function seed(db: Db, fills: number, followers: number, now: number): Promise<void> {
  await seedBenchDb(
    db,
    Array.from({ length: followers + 1 }, (_, k) => ({
      id: k + 1,
      userId: 1,
      connectionId: 1,
      externalId: `B${k + 1}`,
      name: k === 0 ? 'LEADER' : `FOLLOWER-${k}`,
    })),
  );
  const start = new Date(seedStart(now)).toISOString();
  const stepMs = seedStep(fills);
  const params = [fills, start, stepMs, followers];
  await db.query(
    `INSERT INTO copy_fills (user_id, account_id, fill_id, broker_order_id, symbol, side, qty, price, filled_at)
     SELECT 1, 1, 'L' || i, 'LO' || i, 'ESZ6', CASE WHEN i % 2 = 0 THEN 'buy' ELSE 'sell' END, 1 + i % 3,
            6000 + (i % 400) * 0.25, $2::timestamptz + (i * $3::float8) * interval '1 millisecond'
       FROM generate_series(1, $1::int) i`,
    params.slice(0, 3),
  );
  await db.query(
    `INSERT INTO copy_events (event_key, user_id, created_at)
     SELECT 'f1-L' || i, 1, $2::timestamptz + (i * $3::float8) * interval '1 millisecond'
       FROM generate_series(1, $1::int) i`,
    params.slice(0, 3),
  );
  // The outcome by (i + k) % 40: 0 skipped, 1 rejected, 2 superseded, 3 partly filled (the rest canceled), the rest
  // filled.
  await db.query(
    `INSERT INTO copy_orders (user_id, account_id, role, client_order_id, event_key, broker_order_id, symbol,
                              order_type, side, qty, status, reason, sent_ms, ack_ms, created_at, updated_at)
     SELECT 1, 1 + k, 'copy', CASE WHEN (i + k) % 40 = 0 THEN NULL ELSE 'c' || i || '-' || k END, 'f1-L' || i,
            CASE WHEN (i + k) % 40 IN (0, 1) THEN NULL ELSE 'F' || i || '-' || k END, 'ESZ6', 'Market',
            CASE WHEN i % 2 = 0 THEN 'buy' ELSE 'sell' END, 2 + i % 3,
            CASE (i + k) % 40 WHEN 0 THEN 'Skipped' WHEN 1 THEN 'Rejected' WHEN 2 THEN 'Canceled'
                              WHEN 3 THEN 'Canceled' ELSE 'Filled' END,
            CASE (i + k) % 40 WHEN 0 THEN 'Max net position reached' WHEN 1 THEN 'Insufficient margin' END,
            8 + k, 30 + k, at, at
       FROM generate_series(1, $1::int) i, generate_series(1, $4::int) k,
            LATERAL (SELECT $2::timestamptz + (i * $3::float8) * interval '1 millisecond' AS at) t`,
    params,
  );
  await db.query(
    `INSERT INTO copy_fills (user_id, account_id, fill_id, broker_order_id, symbol, side, qty, price, filled_at)
     SELECT 1, 1 + k, 'F' || i || '-' || k, 'F' || i || '-' || k, 'ESZ6', CASE WHEN i % 2 = 0 THEN 'buy' ELSE 'sell' END,
            CASE WHEN (i + k) % 40 = 3 THEN 1 ELSE 2 + i % 3 END,
            6000 + (i % 400) * 0.25 + ((i + k) % 3) * 0.25,
            $2::timestamptz + (i * $3::float8 + 40 + (i * 7 + k * 13) % 250) * interval '1 millisecond'
       FROM generate_series(1, $1::int) i, generate_series(1, $4::int) k
      WHERE (i + k) % 40 NOT IN (0, 1, 2)`,
    params,
  );
  await db.query('ANALYZE');
}
