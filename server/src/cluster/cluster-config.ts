import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { DEFAULT_CLUSTER_LOG_RETENTION_DAYS } from './cluster-housekeeping';

/** A node of a cluster: who it is, where the others reach it, NATS, and the lease timings. */
export interface ClusterConfig {
  nodeId: string;
  /** Names the cluster's NATS subjects (`CLUSTER_NAME`, default synctrade). */
  name: string;
  natsUrl: string;
  /** Where the other nodes send this node's users' requests (`NODE_URL`, default http://HOST:PORT). */
  url: string;
  ttlMs: number;
  renewMs: number;
  marginMs: number;
  /**
   * The database ends any transaction of the node's pool left idle this long (`CLUSTER_IDLE_TX_MS`, default the
   * renewal period): a paused node's transaction then cannot hold the lease rows it locked (or any other row)
   * while the other nodes wait to take its groups over. Below the lease TTL, so a takeover waits at most that.
   */
  idleInTransactionMs: number;
  /** How often the node looks for groups to take or hand over (one move per look). */
  balanceMs: number;
  /**
   * At most this many copy groups on the node (`CLUSTER_MAX_GROUPS`, default no cap); the per-IP allowance is
   * counted in sessions (`maxSessions`).
   */
  maxGroups: number;
  /**
   * At most this many broker sessions on the node (`CLUSTER_MAX_SESSIONS`, default no cap): the per-IP allowance
   * (Tradovate's token renewals and sync requests are counted per address). Groups weigh their sessions.
   */
  maxSessions: number;
  /** How long the cluster's lease and session logs keep a row (`CLUSTER_LOG_RETENTION_DAYS`, default 7). */
  logRetentionMs: number;
  /** The paper prices' seed: the same on every node (`SIM_SEED`, default 1). */
  paperSeed: number;
  paperStepMs: number;
  /** Marks a request forwarded by a node of this cluster (derived from the shared secret, never sent to browsers). */
  forwardMark: string;
}

function int(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * Cluster mode is on with `CLUSTER=1`, or with both `NATS_URL` and `NODE_ID`; it needs `DATABASE_URL`
 * (PostgreSQL, shared by every node). Without any of these the server is the single process it always was.
 */
export function clusterConfigOf(
  env: NodeJS.ProcessEnv,
  server: { databaseUrl?: string; host: string; port: number },
): ClusterConfig | null {
  const on = env.CLUSTER === '1' || env.CLUSTER === 'true' || (Boolean(env.NATS_URL) && Boolean(env.NODE_ID));
  if (!on) return null;
  if (server.databaseUrl === undefined)
    throw new Error('Cluster mode needs DATABASE_URL: every node shares one PostgreSQL');
  // A secret generated per node (the single-process default) would make each node refuse the others' tokens.
  if (!env.JWT_SECRET?.trim() || !env.SECRETS_KEY?.trim())
    throw new Error('Cluster mode needs JWT_SECRET and SECRETS_KEY, the same on every node');
  const host = server.host === '0.0.0.0' || server.host === '::' ? '127.0.0.1' : server.host;
  const ttlMs = int(env.CLUSTER_LEASE_TTL_MS, 6_000);
  return {
    nodeId: env.NODE_ID?.trim() || `${hostname()}-${server.port}`,
    name: (env.CLUSTER_NAME?.trim() || 'synctrade').replace(/[^A-Za-z0-9_-]/g, '_'),
    natsUrl: env.NATS_URL?.trim() || 'nats://127.0.0.1:4222',
    url: (env.NODE_URL?.trim() || `http://${host}:${server.port}`).replace(/\/+$/, ''),
    ttlMs,
    renewMs: int(env.CLUSTER_LEASE_RENEW_MS, Math.floor(ttlMs / 3)),
    marginMs: int(env.CLUSTER_LEASE_MARGIN_MS, Math.floor(ttlMs / 4)),
    idleInTransactionMs: int(env.CLUSTER_IDLE_TX_MS, int(env.CLUSTER_LEASE_RENEW_MS, Math.floor(ttlMs / 3))),
    balanceMs: int(env.CLUSTER_BALANCE_MS, 1_000),
    maxGroups: int(env.CLUSTER_MAX_GROUPS, Number.MAX_SAFE_INTEGER),
    maxSessions: int(env.CLUSTER_MAX_SESSIONS, Number.MAX_SAFE_INTEGER),
    logRetentionMs: int(env.CLUSTER_LOG_RETENTION_DAYS, DEFAULT_CLUSTER_LOG_RETENTION_DAYS) * 24 * 3_600_000,
    paperSeed: int(env.SIM_SEED, 1),
    paperStepMs: int(env.SIM_STEP_MS, 500),
    forwardMark: forwardMarkOf(env.SECRETS_KEY),
  };
}

/** The header value that marks a request forwarded by another node of the cluster (only the nodes know the key). */
export function forwardMarkOf(secretsKey: string): string {
  return createHash('sha256').update(`synctrade-forwarded:${secretsKey.trim()}`).digest('base64url');
}
