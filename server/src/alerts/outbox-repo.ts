import type { Db } from '../db/db';
import type { ChannelTarget } from './channel-target';
import type { AlertEvent, AlertPayload } from './events';

export interface OutboxCap {
  /** More alerts than this to one channel within the window become one summary. */
  perWindow: number;
  windowMs: number;
}

export interface NewAlert {
  userId: number;
  channelId: number;
  event: AlertEvent;
  payload: AlertPayload;
  dedupeKey: string;
}

/** The state a new alert took: queued, a repeat of one already queued, or over the cap (in a summary). */
export type EnqueueResult = 'queued' | 'duplicate' | 'held';

/**
 * Queues one alert. An advisory lock per channel makes the cap count exact across nodes; the unique
 * (channel, dedupe key) makes a repeated event a no-op.
 */
export async function enqueueAlert(db: Db, alert: NewAlert, cap: OutboxCap): Promise<EnqueueResult> {
  return db.tx((tx) => enqueueIn(tx, alert, cap));
}

/**
 * One event's alerts to each of its channels, in one transaction: a burst of events costs one commit each, not one
 * per channel. Channels are locked in id order, so two events to the same channels never wait on each other in a
 * circle.
 */
export async function enqueueAlerts(
  db: Db,
  alerts: readonly NewAlert[],
  cap: OutboxCap,
): Promise<EnqueueResult[]> {
  if (alerts.length === 0) return [];
  const ordered = [...alerts].sort((a, b) => a.channelId - b.channelId);
  return db.tx(async (tx) => {
    const results: EnqueueResult[] = [];
    for (const alert of ordered) results.push(await enqueueIn(tx, alert, cap));
    return results;
  });
}

async function enqueueIn(tx: Db, alert: NewAlert, cap: OutboxCap): Promise<EnqueueResult> {
  await tx.query('SELECT pg_advisory_xact_lock(561, $1)', [alert.channelId]);
  // One statement: whether the event was queued already, and how many alerts the channel had in the window.
  const [recent] = await tx.query<{ seen: boolean; n: number }>(
    `SELECT EXISTS (SELECT 1 FROM alert_outbox WHERE channel_id = $1 AND dedupe_key = $2) AS seen,
       (SELECT count(*)::int FROM alert_outbox WHERE channel_id = $1 AND summary_id IS NULL
        AND event <> 'summary' AND created_at > clock_timestamp() - $3 * interval '1 millisecond') AS n`,
    [alert.channelId, alert.dedupeKey, cap.windowMs],
  );
  if (recent?.seen === true) return 'duplicate';
  if ((recent?.n ?? 0) < cap.perWindow) {
    await tx.query(
      `INSERT INTO alert_outbox (user_id, channel_id, event, payload, dedupe_key) VALUES ($1, $2, $3, $4, $5)`,
      [alert.userId, alert.channelId, alert.event, JSON.stringify(alert.payload), alert.dedupeKey],
    );
    return 'queued';
  }
  // Over the cap: one summary per window, sent when the window closes, counting every alert held for it.
  const window = Math.floor(Date.now() / cap.windowMs);
  const [summary] = await tx.query<{ id: number }>(
    `INSERT INTO alert_outbox (user_id, channel_id, event, payload, dedupe_key, next_attempt_at)
     VALUES ($1, $2, 'summary', $3, $4, clock_timestamp() + $5 * interval '1 millisecond')
     ON CONFLICT (channel_id, dedupe_key) DO UPDATE SET dedupe_key = EXCLUDED.dedupe_key RETURNING id`,
    [alert.userId, alert.channelId, JSON.stringify(alert.payload), `summary:${window}`, cap.windowMs],
  );
  await tx.query(
    `INSERT INTO alert_outbox (user_id, channel_id, event, payload, dedupe_key, state, summary_id)
     VALUES ($1, $2, $3, $4, $5, 'held', $6)`,
    [alert.userId, alert.channelId, alert.event, JSON.stringify(alert.payload), alert.dedupeKey, summary?.id],
  );
  return 'held';
}

export interface ClaimedAlert {
  id: number;
  userId: number;
  channelId: number;
  event: AlertEvent | 'summary';
  payload: AlertPayload;
  attempts: number;
  target: ChannelTarget;
}

interface ClaimRow {
  id: number;
  user_id: number;
  channel_id: number;
  event: AlertEvent | 'summary';
  payload: AlertPayload | string;
  attempts: number;
  kind: ChannelTarget['kind'];
  target: Record<string, unknown> | string;
}

function parsed<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/**
 * Claims due rows for `leaseMs`. SKIP LOCKED lets several nodes claim at once without taking the same row; the
 * lease lets a row whose worker died be claimed again once it ran out.
 */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<ClaimedAlert[]> {
  const rows = await db.query<ClaimRow>(
    `WITH due AS (
       SELECT id FROM alert_outbox
       WHERE state = 'pending' AND next_attempt_at <= clock_timestamp()
         AND (claimed_until IS NULL OR claimed_until < clock_timestamp())
       ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
     UPDATE alert_outbox o SET claimed_until = clock_timestamp() + $2 * interval '1 millisecond'
     FROM due, alert_channels c WHERE o.id = due.id AND c.id = o.channel_id
     RETURNING o.id, o.user_id, o.channel_id, o.event, o.payload, o.attempts, c.kind, c.target`,
    [limit, leaseMs],
  );
  return rows
    .map((row) => ({
      id: Number(row.id),
      userId: row.user_id,
      channelId: row.channel_id,
      event: row.event,
      payload: parsed(row.payload),
      attempts: row.attempts,
      target: { ...parsed(row.target), kind: row.kind } as ChannelTarget,
    }))
    .sort((a, b) => a.id - b.id);
}

export async function markSent(db: Db, id: number): Promise<void> {
  await db.query(
    `UPDATE alert_outbox SET state = 'sent', sent_at = clock_timestamp(), attempts = attempts + 1,
     claimed_until = NULL, last_error = NULL WHERE id = $1`,
    [id],
  );
}

/** Back to pending at `afterMs` from now; `counted` is false when the row was held back without a request. */
export async function reschedule(
  db: Db,
  id: number,
  afterMs: number,
  error: string | null,
  counted: boolean,
): Promise<void> {
  await db.query(
    `UPDATE alert_outbox SET next_attempt_at = clock_timestamp() + $2 * interval '1 millisecond',
     attempts = attempts + $3, claimed_until = NULL, last_error = coalesce($4, last_error) WHERE id = $1`,
    [id, Math.max(0, Math.round(afterMs)), counted ? 1 : 0, error],
  );
}

/**
 * Holds every pending alert of a channel until `untilMs` (ms since the epoch): the service asked for a pause, and
 * holding them to one instant keeps their order (the claim takes them by time, then by id).
 */
export async function holdChannel(db: Db, channelId: number, untilMs: number): Promise<void> {
  await db.query(
    `UPDATE alert_outbox SET next_attempt_at = greatest(next_attempt_at, to_timestamp($2 / 1000.0))
     WHERE channel_id = $1 AND state = 'pending'`,
    [channelId, untilMs],
  );
}

export async function markFailed(db: Db, id: number, error: string): Promise<void> {
  await db.query(
    `UPDATE alert_outbox SET state = 'failed', attempts = attempts + 1, claimed_until = NULL, last_error = $2
     WHERE id = $1`,
    [id, error],
  );
}

/** Hands back claims a stopping worker did not get to, so the next worker sends them at once. */
export async function releaseClaims(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query('UPDATE alert_outbox SET claimed_until = NULL WHERE id = ANY($1::bigint[])', [ids]);
}

/** The alerts a summary stands for: how many, and the first few titles. */
export async function heldBy(db: Db, summaryId: number): Promise<{ count: number; titles: string[] }> {
  const rows = await db.query<{ title: string }>(
    `SELECT payload->>'title' AS title FROM alert_outbox WHERE summary_id = $1 ORDER BY id`,
    [summaryId],
  );
  return { count: rows.length, titles: rows.slice(0, 5).map((row) => row.title) };
}
