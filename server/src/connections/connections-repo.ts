import type {
  BrokerId,
  Connection,
  ConnectionInfo,
  ConnectionStatus,
  Environment,
} from '@synctrade/api/types';
import type { AuthorizationResult } from '../brokers/types';
import type { Db } from '../db/db';
import { AppError } from '../http/app-error';
import { accountIdsOfConnection, insertConnectionAccounts } from './accounts-repo';

/** Connections one user may keep: every list of connections and accounts the API answers stays this short. */
export const MAX_CONNECTIONS_PER_USER = 50;

interface ConnectionRow {
  id: number;
  name: string;
  enabled: boolean;
  broker: BrokerId;
  environment: Environment;
  status: ConnectionStatus;
  user_data: string;
  account_count: number;
}

/** The user's connections with how many accounts each holds (a read-only count of `broker_accounts`, one statement). */
export async function listConnections(db: Db, userId: number): Promise<Connection[]> {
  const rows = await db.query<ConnectionRow>(
    `SELECT c.*, (SELECT count(*) FROM broker_accounts a WHERE a.connection_id = c.id) AS account_count
     FROM connections c WHERE c.user_id = $1 ORDER BY c.id`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    connection_name: row.name,
    enabled: row.enabled,
    broker_name: row.broker,
    account_count: row.account_count,
    environment: row.environment,
    status: row.status,
  }));
}

/** The connection when it is the user's; null for unknown ids and other tenants' alike. */
export async function findConnection(db: Db, userId: number, id: number): Promise<ConnectionInfo | null> {
  const rows = await db.query<ConnectionRow>('SELECT * FROM connections WHERE id = $1 AND user_id = $2', [
    id,
    userId,
  ]);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    connection_name: row.name,
    user_data: row.user_data,
    broker_name: row.broker,
    environment: row.environment,
  };
}

/** Stores a connection and its accounts in one transaction; credentials arrive sealed. */
export async function insertConnection(
  db: Db,
  input: {
    userId: number;
    broker: string;
    name: string;
    environment: Environment;
    sealedCredentials: string;
    result: AuthorizationResult;
  },
): Promise<number> {
  return db.tx(async (tx) => {
    // The user's row is locked first, so that two connections completed at once cannot both take the last place:
    // the count below is read after the other one's insert committed (a statement of its own, a fresh snapshot).
    await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [input.userId]);
    const [held] = await tx.query<{ connections: number }>(
      'SELECT count(*) AS connections FROM connections WHERE user_id = $1',
      [input.userId],
    );
    if ((held?.connections ?? 0) >= MAX_CONNECTIONS_PER_USER)
      throw AppError.conflict(
        `You can keep at most ${MAX_CONNECTIONS_PER_USER} connections: delete one before adding another`,
      );
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO connections (user_id, broker, name, environment, credentials, user_data)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        input.userId,
        input.broker,
        input.name,
        input.environment,
        input.sealedCredentials,
        input.result.userData,
      ],
    );
    const connectionId = (rows[0] as { id: number }).id;
    await insertConnectionAccounts(tx, input.userId, connectionId, input.result.accounts);
    return connectionId;
  });
}

/** Deletes the connection (accounts cascade); answers the deleted account ids, or null when not the user's. */
export async function deleteConnection(db: Db, userId: number, id: number): Promise<number[] | null> {
  return db.tx(async (tx) => {
    const owned = await tx.query<{ id: number }>(
      'SELECT id FROM connections WHERE id = $1 AND user_id = $2 FOR UPDATE',
      [id, userId],
    );
    if (owned.length === 0) return null;
    const accountIds = await accountIdsOfConnection(tx, id);
    await tx.query('DELETE FROM connections WHERE id = $1', [id]);
    return accountIds;
  });
}

export async function setConnectionEnabled(
  db: Db,
  userId: number,
  id: number,
  enabled: boolean,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE connections SET enabled = $3, updated_at = now() WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId, enabled],
  );
  return rows.length > 0;
}
