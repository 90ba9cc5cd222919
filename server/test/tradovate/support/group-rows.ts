import { randomBytes } from 'node:crypto';
import type { Db } from '../../../src/db/db';
import type { GroupIds } from './engine-world';

/**
 * The rows the copy store's records point at (a user, one connection per Tradovate login, the broker
 * accounts), so the engine can run on the real SQL store. Fresh rows give fresh account ids, and with them
 * fresh event keys and client order ids, so many runs can share one database.
 */
export async function insertGroupRows(
  db: Db,
  accounts: { leader: number; followers: Array<{ externalId: number; onLeaderUser?: boolean }> },
): Promise<GroupIds & { followerIds: number[] }> {
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash) VALUES ($1, 'not-a-login') RETURNING id`,
    [`copy-${randomBytes(6).toString('hex')}@example.test`],
  );
  const userId = user?.id ?? 0;
  const connection = async (name: string): Promise<number> => {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO connections (user_id, broker, name, environment, credentials)
       VALUES ($1, 'tradovate', $2, 'demo', 'held by the test') RETURNING id`,
      [userId, name],
    );
    return row?.id ?? 0;
  };
  const leaderConnection = await connection('Leader login');
  const followerConnection = await connection('Follower login');
  const account = async (connectionId: number, externalId: number, name: string): Promise<number> => {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO broker_accounts (connection_id, user_id, external_id, name) VALUES ($1, $2, $3, $4) RETURNING id`,
      [connectionId, userId, String(externalId), name],
    );
    return row?.id ?? 0;
  };
  const leaderId = await account(leaderConnection, accounts.leader, 'LEADER-1');
  const followerIds: number[] = [];
  for (const [index, follower] of accounts.followers.entries())
    followerIds.push(
      await account(
        follower.onLeaderUser ? leaderConnection : followerConnection,
        follower.externalId,
        `FOLLOW-${index + 1}`,
      ),
    );
  return { userId, leaderId, leaderConnection, followerConnection, followerIds };
}
