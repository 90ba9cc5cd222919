/**
 * `pnpm bench cluster`: copies per second and copy latency with 1, 2 and 3 server nodes on this machine, on a
 * fresh PostgreSQL database each (beside BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 * and NATS (NATS_URL). BENCH_TRADERS (24) traders, each a paper leader and three followers (ratios 1, 2, 0.5);
 * BENCH_ROUNDS (6) rounds in which every leader sends a market order at once through the nodes in turn.
 * Copies per second: copies acknowledged by the venue / (first ticket → every follower at leader × ratio).
 * Latency: the server's own record per copy (leader fill received → copy sent, and → acknowledged), p50 and p99.
 * BENCH_NODES (1,2,3) picks the node counts. Each node runs as `pnpm start` runs the server (compiled, its flags and
 * environment); BENCH_SERVER=tsx runs the sources under tsx. Asserts nothing: figures go to docs/bench/cluster.md with the load.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { expectedFollowerPosition } from '../test/support/expected-position';
import {
  ClusterRig,
  clusterUnavailable,
  freshDatabase,
  waitUntil,
} from '../test/cluster/support/cluster-rig';
import { leaderTrades, makeTrader, type Trader } from '../test/cluster/support/traders';
import { serverEntry } from './running-server';
import { startEnv } from './start-script';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const BASE_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TRADERS = Number(process.env.BENCH_TRADERS ?? 24);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const NODE_COUNTS = (process.env.BENCH_NODES ?? '1,2,3').split(',').map(Number);
const RATIOS = [1, 2, 0.5] as const;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

async function run(nodes: number): Promise<string> {
  const database = await freshDatabase(BASE_DB, 'bench_cluster');
  const db = new pg.Client({ connectionString: database.url });
  const rig = new ClusterRig({
    databaseUrl: database.url,
    natsUrl: NATS_URL,
    clusterName: `bench${process.pid}n${nodes}`,
    // Each node as `pnpm start` runs the server: compiled, with its flags and environment (BENCH_SERVER=tsx: the
    // sources under tsx, as the cluster tests run them).
    nodeArgs: serverEntry(),
    env: startEnv(),
  });
  try {
    await rig.start('n1');
    await db.connect();
    await Promise.all(Array.from({ length: nodes - 1 }, (_, i) => rig.start(`n${i + 2}`)));
    const urls = rig.urls();
    const traders: Trader[] = [];
    for (let i = 0; i < TRADERS; i += 4)
      traders.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(4, TRADERS - i) }, (_, k) =>
            makeTrader(urls[(i + k) % urls.length] as string, RATIOS),
          ),
        )),
      );
    await waitUntil(
      async () => {
        const { rows } = await db.query<{ n: number; per: number }>(
          `SELECT count(*)::int AS n FROM copy_group_leases l WHERE expires_at > clock_timestamp() AND EXISTS (
           SELECT 1 FROM cluster_lease_log g WHERE g.user_id = l.user_id AND g.token = l.token AND g.ready_at IS NOT NULL)`,
        );
        const spread = await db.query<{ n: number }>(
          `SELECT count(DISTINCT node_id)::int AS n FROM copy_group_leases WHERE expires_at > clock_timestamp()`,
        );
        return rows[0]?.n === TRADERS && (spread.rows[0]?.n ?? 0) === Math.min(nodes, TRADERS);
      },
      'every group owned, on every node',
      120_000,
    ).catch(async (error: unknown) => {
      const { rows } = await db.query(
        `SELECT l.user_id, l.node_id, l.token, l.expires_at > clock_timestamp() AS live,
           (SELECT max(ready_at) FROM cluster_lease_log g WHERE g.user_id = l.user_id AND g.token = l.token) AS ready
         FROM copy_group_leases l ORDER BY user_id`,
      );
      console.log(JSON.stringify(rows), `node logs: ${rig.dataDir}`);
      throw error;
    });
    const before = await db.query<{ id: number }>(`SELECT coalesce(max(id), 0)::int AS id FROM copy_orders`);
    const firstId = before.rows[0]?.id ?? 0;
    let turn = 0;
    const bases = (): string[] => [urls[turn++ % urls.length] as string];
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round += 1)
      await Promise.all(
        traders.map((t) => leaderTrades(bases, t, round % 2 === 0 ? 'buy' : 'sell', round % 2 === 0 ? 2 : 1)),
      );
    const externalOf = new Map(
      (
        await db.query<{ id: number; external_id: string }>(`SELECT id, external_id FROM broker_accounts`)
      ).rows.map((r) => [r.id, r.external_id]),
    );
    await waitUntil(
      async () => {
        const { rows } = await db.query<{ external_id: string; net_pos: number }>(
          `SELECT external_id, net_pos FROM sim_positions`,
        );
        const held = new Map(rows.map((r) => [r.external_id, r.net_pos]));
        return traders.every((t) => {
          const leader = held.get(externalOf.get(t.leader) ?? '') ?? 0;
          return t.followers.every(
            (f) =>
              (held.get(externalOf.get(f.id) ?? '') ?? 0) === expectedFollowerPosition(leader, f.ratio, 100),
          );
        });
      },
      'followers at leader × ratio',
      120_000,
    );
    const seconds = (performance.now() - started) / 1000;
    // The write-behind stores outcomes 25 ms after the send: wait until every copy of the run has its own.
    await waitUntil(async () => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM copy_orders WHERE id > $1 AND role = 'copy' AND client_order_id IS NOT NULL AND ack_ms IS NULL AND status NOT IN ('Rejected','Canceled')`,
        [firstId],
      );
      return rows[0]?.n === 0;
    }, 'copy outcomes stored');
    const { rows } = await db.query<{ sent_ms: number | null; ack_ms: number | null }>(
      `SELECT sent_ms, ack_ms FROM copy_orders WHERE id > $1 AND role = 'copy' AND client_order_id IS NOT NULL AND ack_ms IS NOT NULL`,
      [firstId],
    );
    const sent = rows
      .map((r) => Number(r.sent_ms))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    const acked = rows.map((r) => Number(r.ack_ms)).sort((a, b) => a - b);
    return `| ${nodes} | ${TRADERS} × 3 followers, ${ROUNDS} rounds | ${rows.length} | ${(rows.length / seconds).toFixed(1)} | ${quantile(sent, 0.5).toFixed(1)} / ${quantile(sent, 0.99).toFixed(1)} | ${quantile(acked, 0.5).toFixed(1)} / ${quantile(acked, 0.99).toFixed(1)} |`;
  } finally {
    await rig.stopAll();
    await db.end().catch(() => undefined);
    await database.drop().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const why = await clusterUnavailable(NATS_URL, BASE_DB);
  if (why !== null) {
    console.log(`bench cluster skipped: ${why}`);
    return;
  }
  const lines: string[] = [];
  for (const nodes of NODE_COUNTS) {
    const load = loadavg()[0]?.toFixed(1);
    const line = await run(nodes);
    lines.push(`${line} ${load} |`);
    console.log(lines.at(-1));
  }
  console.log(
    [
      '| nodes | traders | copies | copies/s | fill → sent ms p50 / p99 | fill → acknowledged ms p50 / p99 | load at start |',
      '|---|---|---|---|---|---|---|',
      ...lines,
    ].join('\n'),
  );
  process.exit(0);
}

void main();
