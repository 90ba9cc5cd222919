import type { Db } from '../db/db';
import type { GroupWeight, NodeLoad } from './balance-plan';

/** A lease this node holds: the copy group of `userId`, with its fencing token. */
export interface HeldLease {
  userId: number;
  token: number;
}

export interface ClusterNodeRow {
  nodeId: string;
  url: string;
  draining: boolean;
}

/** What a node says of its load at each heartbeat. */
export interface ReportedLoad {
  sessions: number;
  /** Its allowance; null for no cap. */
  maxSessions: number | null;
}

const NO_CAP = Number.MAX_SAFE_INTEGER;

/**
 * The lease table (migration 500) and the nodes' table. Every time is the database's (`clock_timestamp()`), so
 * the nodes' clocks never decide who owns a group; a node only ever shortens its own view of a lease.
 */
export class LeaseStore {
  constructor(private readonly db: Db) {}

  /** Registers the node (or renews its registration) for `ttlMs`, with its load. */
  async heartbeat(
    nodeId: string,
    url: string,
    ttlMs: number,
    draining: boolean,
    load: ReportedLoad = { sessions: 0, maxSessions: null },
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO cluster_nodes (node_id, url, draining, expires_at, sessions, max_sessions)
       VALUES ($1, $2, $4, clock_timestamp() + $3 * interval '1 millisecond', $5, $6)
       ON CONFLICT (node_id) DO UPDATE SET url = EXCLUDED.url, draining = EXCLUDED.draining,
         expires_at = EXCLUDED.expires_at, sessions = EXCLUDED.sessions, max_sessions = EXCLUDED.max_sessions`,
      [nodeId, url, ttlMs, draining, load.sessions, load.maxSessions],
    );
  }

  /** The node leaves for good: its row goes, its leases are handed back at once. */
  async leave(nodeId: string): Promise<void> {
    await this.db.query(`UPDATE copy_group_leases SET expires_at = clock_timestamp() WHERE node_id = $1`, [
      nodeId,
    ]);
    await this.db.query(`DELETE FROM cluster_nodes WHERE node_id = $1`, [nodeId]);
  }

  /** The live nodes' load as they last reported it (draining ones included, marked). */
  async nodeLoads(): Promise<NodeLoad[]> {
    const rows = await this.db.query<{
      node_id: string;
      draining: boolean;
      sessions: number;
      max_sessions: number | null;
    }>(
      `SELECT node_id, draining, sessions, max_sessions FROM cluster_nodes WHERE expires_at > clock_timestamp()
       ORDER BY node_id`,
    );
    return rows.map((r) => ({
      nodeId: r.node_id,
      draining: r.draining,
      sessions: r.sessions,
      maxSessions: r.max_sessions ?? NO_CAP,
    }));
  }

  /**
   * Takes the group's lease if nobody holds a live one: the token grows by one at every new owner. Answers
   * null when another node holds it.
   */
  async acquire(userId: number, nodeId: string, ttlMs: number): Promise<HeldLease | null> {
    const rows = await this.db.query<{
      token: number;
      previous_node: string | null;
      previous_expired_at: Date | null;
    }>(
      `WITH old AS (SELECT node_id, expires_at FROM copy_group_leases WHERE user_id = $1),
       taken AS (
         INSERT INTO copy_group_leases (user_id, node_id, token, expires_at)
         VALUES ($1, $2, 1, clock_timestamp() + $3 * interval '1 millisecond')
         ON CONFLICT (user_id) DO UPDATE SET node_id = EXCLUDED.node_id, token = copy_group_leases.token + 1,
           expires_at = EXCLUDED.expires_at, acquired_at = clock_timestamp()
         WHERE copy_group_leases.expires_at <= clock_timestamp()
         RETURNING token
       ), logged AS (
         INSERT INTO cluster_lease_log (user_id, node_id, token, previous_node, previous_expired_at)
         SELECT $1, $2, taken.token, (SELECT node_id FROM old), (SELECT expires_at FROM old) FROM taken
       )
       SELECT token, (SELECT node_id FROM old) AS previous_node, (SELECT expires_at FROM old) AS previous_expired_at
       FROM taken`,
      [userId, nodeId, ttlMs],
    );
    const row = rows[0];
    return row === undefined ? null : { userId, token: Number(row.token) };
  }

  /**
   * Extends the given live leases of the node; answers the ones it still holds (a lease that ran out is lost).
   * Only leases the node knows it holds: one it gave up, or held before a restart under the same id, runs out.
   */
  async renew(nodeId: string, held: readonly HeldLease[], ttlMs: number): Promise<HeldLease[]> {
    if (held.length === 0) return [];
    // The rows are locked in the order of their user ids, as a batch of copy claims locks them
    // (`copier/store/claim-batches.ts`), so the two never wait for each other.
    const rows = await this.db.query<{ user_id: number; token: number }>(
      `WITH locked AS (
         SELECT l.user_id FROM copy_group_leases l
         JOIN unnest($3::int[], $4::bigint[]) AS h(user_id, token) ON l.user_id = h.user_id AND l.token = h.token
         WHERE l.node_id = $1 AND l.expires_at > clock_timestamp()
         ORDER BY l.user_id
         FOR UPDATE OF l
       )
       UPDATE copy_group_leases l SET expires_at = clock_timestamp() + $2 * interval '1 millisecond'
       FROM locked WHERE l.user_id = locked.user_id
       RETURNING l.user_id, l.token`,
      [nodeId, ttlMs, held.map((lease) => lease.userId), held.map((lease) => lease.token)],
    );
    return rows.map((r) => ({ userId: r.user_id, token: Number(r.token) }));
  }

  /** Hands a group back at once (its sessions are closed already): another node may take it now. */
  async release(lease: HeldLease, nodeId: string): Promise<void> {
    await this.db.query(
      `UPDATE copy_group_leases SET expires_at = clock_timestamp()
       WHERE user_id = $1 AND node_id = $2 AND token = $3 AND expires_at > clock_timestamp()`,
      [lease.userId, nodeId, lease.token],
    );
  }

  /** The group is open and reconciled under this lease. */
  async markReady(lease: HeldLease, nodeId: string): Promise<void> {
    await this.db.query(
      `UPDATE cluster_lease_log SET ready_at = clock_timestamp()
       WHERE user_id = $1 AND node_id = $2 AND token = $3 AND ready_at IS NULL`,
      [lease.userId, nodeId, lease.token],
    );
  }

  /**
   * Groups that should run (an enabled connection) and that no node holds now, with their sessions (one per
   * enabled connection), by user id.
   */
  async unowned(limit: number): Promise<GroupWeight[]> {
    const rows = await this.db.query<{ user_id: number; n: number }>(
      `SELECT c.user_id, count(*)::int AS n FROM connections c
       WHERE c.enabled AND NOT EXISTS (
         SELECT 1 FROM copy_group_leases l WHERE l.user_id = c.user_id AND l.expires_at > clock_timestamp())
       GROUP BY c.user_id ORDER BY c.user_id LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({ userId: r.user_id, sessions: r.n }));
  }

  /** The sessions of the given groups (a group without an enabled connection weighs nothing). */
  async weightsOf(userIds: readonly number[]): Promise<GroupWeight[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db.query<{ user_id: number; n: number }>(
      `SELECT u.user_id, count(c.id)::int AS n FROM unnest($1::int[]) AS u(user_id)
       LEFT JOIN connections c ON c.user_id = u.user_id AND c.enabled GROUP BY u.user_id ORDER BY u.user_id`,
      [userIds],
    );
    return rows.map((r) => ({ userId: r.user_id, sessions: r.n }));
  }

  /** The broker sessions of every group that should run in the cluster. */
  async sessionCount(): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM connections WHERE enabled`,
    );
    return row?.n ?? 0;
  }

  /** The node that owns a user's group now and its address, or null. */
  async ownerOf(userId: number): Promise<ClusterNodeRow | null> {
    const [row] = await this.db.query<{ node_id: string; url: string; draining: boolean }>(
      `SELECT n.node_id, n.url, n.draining FROM copy_group_leases l JOIN cluster_nodes n ON n.node_id = l.node_id
       WHERE l.user_id = $1 AND l.expires_at > clock_timestamp()`,
      [userId],
    );
    return row === undefined ? null : { nodeId: row.node_id, url: row.url, draining: row.draining };
  }

  async sessionOpened(connectionId: number, lease: HeldLease, nodeId: string): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO cluster_session_log (connection_id, user_id, node_id, token) VALUES ($1, $2, $3, $4) RETURNING id`,
      [connectionId, lease.userId, nodeId, lease.token],
    );
    return Number(row?.id ?? 0);
  }

  async sessionClosed(logId: number): Promise<void> {
    await this.db.query(`UPDATE cluster_session_log SET closed_at = clock_timestamp() WHERE id = $1`, [
      logId,
    ]);
  }
}
