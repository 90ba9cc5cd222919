import type { Db } from '../db/db';

/** How long the cluster's logs are kept by default (`CLUSTER_LOG_RETENTION_DAYS`). */
export const DEFAULT_CLUSTER_LOG_RETENTION_DAYS = 7;

export interface PrunedClusterLogs {
  leaseLog: number;
  sessionLog: number;
  nodes: number;
}

/**
 * The cluster's tables that grow with time (a row per change of owner, per broker session opened, per node id
 * that ever ran) lose what is older than the retention. Kept whatever its age: the log row of every lease held
 * now (it says when the group became ready) and the span of every session its node may still have open (the
 * span's lease is still live). Every node runs it; the deletes are idempotent.
 */
export async function pruneClusterLogs(db: Db, retentionMs: number): Promise<PrunedClusterLogs> {
  const leaseLog = await db.query<{ id: number }>(
    `DELETE FROM cluster_lease_log g
     WHERE g.acquired_at < clock_timestamp() - $1 * interval '1 millisecond'
       AND NOT EXISTS (SELECT 1 FROM copy_group_leases l WHERE l.user_id = g.user_id AND l.token = g.token)
     RETURNING g.id`,
    [retentionMs],
  );
  // A span never closed was left by a node that died: once its lease is gone it is over too.
  const sessionLog = await db.query<{ id: number }>(
    `DELETE FROM cluster_session_log s
     WHERE s.opened_at < clock_timestamp() - $1 * interval '1 millisecond'
       AND (s.closed_at < clock_timestamp() - $1 * interval '1 millisecond' OR s.closed_at IS NULL AND NOT EXISTS (
         SELECT 1 FROM copy_group_leases l
         WHERE l.user_id = s.user_id AND l.node_id = s.node_id AND l.token = s.token
           AND l.expires_at > clock_timestamp()))
     RETURNING s.id`,
    [retentionMs],
  );
  // Nodes gone (killed, or ids of machines replaced); a node that comes back registers again.
  const nodes = await db.query<{ node_id: string }>(
    `DELETE FROM cluster_nodes WHERE expires_at < clock_timestamp() - $1 * interval '1 millisecond'
     RETURNING node_id`,
    [retentionMs],
  );
  return { leaseLog: leaseLog.length, sessionLog: sessionLog.length, nodes: nodes.length };
}
