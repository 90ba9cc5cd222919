import type { AlertChannel } from '@synctrade/api/types';
import type { Db } from '../db/db';
import type { ChannelTarget, ChannelKind } from './channel-target';
import { ALERT_EVENTS, type AlertEvent } from './events';

interface ChannelRow {
  id: number;
  kind: ChannelKind;
  label: string;
  target: Record<string, unknown> | string;
  created_at: Date;
  muted: AlertEvent[] | null;
}

export interface StoredChannel {
  wire: AlertChannel;
  target: ChannelTarget;
}

function toStored(row: ChannelRow): StoredChannel {
  const muted = new Set(row.muted ?? []);
  const target = typeof row.target === 'string' ? (JSON.parse(row.target) as object) : row.target;
  return {
    wire: {
      id: row.id,
      kind: row.kind,
      label: row.label,
      created_at: new Date(row.created_at).toISOString(),
      events: ALERT_EVENTS.filter((event) => !muted.has(event)),
    },
    target: { ...target, kind: row.kind } as ChannelTarget,
  };
}

const SELECT = `SELECT c.id, c.kind, c.label, c.target, c.created_at,
  (SELECT array_agg(m.event) FROM alert_channel_mutes m WHERE m.channel_id = c.id) AS muted
  FROM alert_channels c`;

/** The trader's channels, oldest first (at most MAX_ALERT_CHANNELS: creation refuses more). */
export async function listChannels(db: Db, userId: number): Promise<StoredChannel[]> {
  const rows = await db.query<ChannelRow>(`${SELECT} WHERE c.user_id = $1 ORDER BY c.id LIMIT 100`, [userId]);
  return rows.map(toStored);
}

/** One of the trader's channels; undefined for another trader's (answered as not found). */
export async function ownedChannel(db: Db, userId: number, id: number): Promise<StoredChannel | undefined> {
  const rows = await db.query<ChannelRow>(`${SELECT} WHERE c.id = $1 AND c.user_id = $2`, [id, userId]);
  return rows[0] ? toStored(rows[0]) : undefined;
}

export async function countChannels(db: Db, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM alert_channels WHERE user_id = $1',
    [userId],
  );
  return row?.n ?? 0;
}

export async function insertChannel(
  db: Db,
  userId: number,
  label: string,
  target: ChannelTarget,
): Promise<number> {
  const { kind, ...rest } = target;
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO alert_channels (user_id, kind, label, target) VALUES ($1, $2, $3, $4) RETURNING id',
    [userId, kind, label, JSON.stringify(rest)],
  );
  if (!row) throw new Error('channel not stored');
  return row.id;
}

/** The channel of this kind and target the trader already has (connecting it again answers that one). */
export async function sameChannel(
  db: Db,
  userId: number,
  target: ChannelTarget,
): Promise<number | undefined> {
  const { kind, ...rest } = target;
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM alert_channels WHERE user_id = $1 AND kind = $2 AND target = $3::jsonb',
    [userId, kind, JSON.stringify(rest)],
  );
  return rows[0]?.id;
}

export async function setEvent(
  db: Db,
  channelId: number,
  event: AlertEvent,
  enabled: boolean,
): Promise<void> {
  if (enabled)
    await db.query('DELETE FROM alert_channel_mutes WHERE channel_id = $1 AND event = $2', [
      channelId,
      event,
    ]);
  else
    await db.query(
      'INSERT INTO alert_channel_mutes (channel_id, event) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [channelId, event],
    );
}

export async function deleteChannel(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM alert_channels WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId],
  );
  return rows.length > 0;
}

/** The channels that receive `event` for the trader: the subscriber's one question per notification. */
export async function channelsFor(db: Db, userId: number, event: AlertEvent): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT c.id FROM alert_channels c WHERE c.user_id = $1
     AND NOT EXISTS (SELECT 1 FROM alert_channel_mutes m WHERE m.channel_id = c.id AND m.event = $2)`,
    [userId, event],
  );
  return rows.map((row) => row.id);
}
