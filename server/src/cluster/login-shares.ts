import type { SharedBudget } from '../copier/engine/ports';
import type { Db } from '../db/db';

/** A login as this node reports it: the broker's stop it saw (epoch ms, 0: none). */
export interface LoginReport {
  brokerUser: string;
  blockedUntil: number;
}

/** What the nodes using a login know of it together. */
export interface LoginShare {
  /** Nodes using the login now, this one included. */
  nodes: number;
  /** The latest broker stop any of them saw (epoch ms, 0: none). */
  blockedUntil: number;
}

/**
 * The table of which node uses which broker login (migration 522): one row per login and node, renewed with the
 * node's heartbeat; a row not renewed runs out, so a node that died stops counting after `ttlMs`. Every time is the
 * database's.
 */
export class LoginShareStore {
  constructor(private readonly db: Db) {}

  /** Reports this node's logins (the others of this node go) and answers each login's share. */
  async report(
    nodeId: string,
    logins: readonly LoginReport[],
    ttlMs: number,
  ): Promise<Map<string, LoginShare>> {
    const users = logins.map((login) => login.brokerUser);
    await this.db.query(
      `DELETE FROM broker_login_shares WHERE node_id = $1 AND NOT (broker_user = ANY($2::text[]))`,
      [nodeId, users],
    );
    if (logins.length === 0) return new Map();
    await this.db.query(
      `INSERT INTO broker_login_shares (broker_user, node_id, blocked_until, expires_at)
         SELECT u, $1, NULLIF(b, 0), clock_timestamp() + $4 * interval '1 millisecond'
           FROM unnest($2::text[], $3::bigint[]) AS t(u, b)
         ON CONFLICT (broker_user, node_id) DO UPDATE
           SET blocked_until = EXCLUDED.blocked_until, expires_at = EXCLUDED.expires_at`,
      [nodeId, users, logins.map((login) => Math.max(0, Math.round(login.blockedUntil))), ttlMs],
    );
    const rows = await this.db.query<{
      broker_user: string;
      nodes: string | number;
      blocked_until: string | number | null;
    }>(
      `SELECT broker_user, count(*) AS nodes, max(blocked_until) AS blocked_until
         FROM broker_login_shares
        WHERE broker_user = ANY($1::text[]) AND (expires_at > clock_timestamp() OR node_id = $2)
        GROUP BY broker_user`,
      [users, nodeId],
    );
    return new Map(
      rows.map((row) => [
        row.broker_user,
        {
          nodes: Number(row.nodes),
          blockedUntil: row.blocked_until === null ? 0 : Number(row.blocked_until),
        },
      ]),
    );
  }

  /** The node leaves: its logins count no more. */
  async leave(nodeId: string): Promise<void> {
    await this.db.query('DELETE FROM broker_login_shares WHERE node_id = $1', [nodeId]);
  }

  /** Rows of nodes long gone (housekeeping). */
  async prune(olderThanMs: number): Promise<void> {
    await this.db.query(
      `DELETE FROM broker_login_shares WHERE expires_at < clock_timestamp() - $1 * interval '1 millisecond'`,
      [olderThanMs],
    );
  }
}

/**
 * One round of sharing: reports the logins the engine uses here (`budgets`, its request budget of each, by broker
 * user) with the stops it saw, and gives each budget its share and the stops the other nodes saw.
 */
export async function shareLogins(
  store: LoginShareStore,
  nodeId: string,
  budgets: ReadonlyMap<string, SharedBudget>,
  ttlMs: number,
): Promise<void> {
  const shares = await store.report(
    nodeId,
    [...budgets].map(([brokerUser, budget]) => ({ brokerUser, blockedUntil: budget.blockedAt })),
    ttlMs,
  );
  for (const [brokerUser, budget] of budgets) {
    const share = shares.get(brokerUser);
    if (share !== undefined) budget.share(share.nodes, share.blockedUntil);
  }
}
