import type { Environment } from '@synctrade/api/types';
import type { Db } from '../db/db';
import { hashToken, randomToken } from '../security/tokens';

/** A pending OAuth consent lives this long. */
export const CONNECT_STATE_TTL_MINUTES = 10;

export interface PendingConnect {
  userId: number;
  broker: string;
  connectionName: string;
  environment: Environment;
}

/** Remembers who started a connect flow; the random `state` is the only thing that travels via the broker. */
export async function createConnectState(db: Db, pending: PendingConnect): Promise<string> {
  const state = randomToken(24);
  await db.query(
    `INSERT INTO connect_states (state_hash, user_id, broker, connection_name, environment, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
    [
      hashToken(state),
      pending.userId,
      pending.broker,
      pending.connectionName,
      pending.environment,
      CONNECT_STATE_TTL_MINUTES,
    ],
  );
  await db.query('DELETE FROM connect_states WHERE expires_at < now()');
  return state;
}

/** Spends the state (single use); null when unknown, spent, expired or meant for another broker. */
export async function consumeConnectState(
  db: Db,
  state: string,
  broker: string,
): Promise<PendingConnect | null> {
  const rows = await db.query<{
    user_id: number;
    broker: string;
    connection_name: string;
    environment: Environment;
    live: boolean;
  }>(
    `DELETE FROM connect_states WHERE state_hash = $1
     RETURNING user_id, broker, connection_name, environment, expires_at > now() AS live`,
    [hashToken(state)],
  );
  const row = rows[0];
  if (!row?.live || row.broker !== broker) return null;
  return {
    userId: row.user_id,
    broker: row.broker,
    connectionName: row.connection_name,
    environment: row.environment,
  };
}
