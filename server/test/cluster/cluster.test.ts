import pg from 'pg';
import { expectedFollowerPosition } from '../support/expected-position';
import { dbNow, openClusterTest, waitUntil, type ClusterRig } from './support/cluster-rig';
import { FeedWatcher, firstList, leaderTrades, makeTrader, signedQty, type Trader } from './support/traders';

/**
 * Three server nodes (processes) on PostgreSQL and NATS; traders with a paper leader and three followers (every third
 * trader with two copy groups on one login instead: a leader and a follower each, the second leader trading the other
 * way, both groups owned and taken over together); the leaders trade while one node is killed (SIGKILL) and started
 * again and another drained (SIGTERM). Checked
 * against the database's own record, never the engine's view: no client order id at the venue twice, every
 * follower at leader × ratio, every feed client on the right state, no broker session open on two nodes at once;
 * the takeover time of every group of the killed node is printed.
 *
 * Skips (with the reason printed) when NATS or PostgreSQL is unreachable (fails instead with
 * CLUSTER_TEST_REQUIRED=1, as CI sets it), and on the suite's PGlite pass. 50 traders, the issue's figure, by
 * default (2026-11-24 on the shared 2-core machine: 26-48 s at a load of 2-7, 56-69 s at a load of 8-11; 8 runs
 * green in a row since the desk list comes only from the owner; 9 traders took 15-26 s, 30 took 27-47 s: most of the time is the nodes' start-up, the lease running out
 * after the kill and the restarted node taking its share one group per balance tick, the phases printed at the
 * end); CLUSTER_TEST_USERS sets any number.
 */
const USERS = Number(process.env.CLUSTER_TEST_USERS ?? 50);
const RATIOS = [1, 2, 0.5] as const;
const MAX_NET = 100;

jest.setTimeout(180_000);

interface Position {
  external_id: string;
  net_pos: number;
}

test('three nodes: kill, restart and drain while leaders trade', async () => {
  const bed = await openClusterTest('cluster', 'cluster');
  if (bed === null) return;
  const { database, db, rig } = bed;
  const feeds: FeedWatcher[] = [];
  // Where the test's time goes, printed at the end (what to cut when it grows).
  const phases: string[] = [];
  let phaseStart = Date.now();
  const phase = (name: string): void => {
    const now = Date.now();
    phases.push(`${name} ${((now - phaseStart) / 1000).toFixed(1)} s`);
    phaseStart = now;
  };
  try {
    await rig.start('a');
    await db.connect();
    await Promise.all([rig.start('b'), rig.start('c')]);
    const bases = (): string[] => rig.urls();
    const nodeUrls = rig.urls();
    phase('start-up');

    // Traders are made on every node in turn (their requests reach each group's owner), ten at a time: each waits
    // for its new group to be taken (up to a balance tick), so fewer at a time would mostly wait.
    const traders: Trader[] = [];
    for (let i = 0; i < USERS; i += 10) {
      const batch = Array.from({ length: Math.min(10, USERS - i) }, (_, k) =>
        // Every third trader runs two copy groups on one login.
        makeTrader(nodeUrls[(i + k) % nodeUrls.length] as string, RATIOS, (i + k) % 3 === 1),
      );
      traders.push(...(await Promise.all(batch)));
    }
    phase('traders made');
    const ready = async (): Promise<boolean> => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM copy_group_leases l
         WHERE expires_at > clock_timestamp() AND EXISTS (
           SELECT 1 FROM cluster_lease_log g WHERE g.user_id = l.user_id AND g.token = l.token AND g.ready_at IS NOT NULL)`,
      );
      return rows[0]?.n === USERS;
    };
    await waitUntil(ready, 'every group owned and ready').catch(async (error: unknown) => {
      console.log(
        JSON.stringify(
          (
            await db.query(
              `SELECT l.user_id, l.node_id, l.token, l.expires_at > clock_timestamp() AS live,
           (SELECT max(ready_at) FROM cluster_lease_log g WHERE g.user_id = l.user_id AND g.token = l.token) AS ready
         FROM copy_group_leases l ORDER BY user_id`,
            )
          ).rows,
        ),
        null,
        0,
      );
      console.log(`node logs: ${rig.dataDir}`);
      throw error;
    });
    phase('groups ready');

    // A browser per trader (a tenth of them at least) on some node; each reconnects to a live node when cut.
    for (const [index, trader] of traders.entries()) {
      if (index % 5 !== 0) continue;
      const feed = new FeedWatcher(trader);
      await feed.connect(nodeUrls[index % nodeUrls.length] as string);
      feeds.push(feed);
    }

    const round = async (side: 'buy' | 'sell', qty: number): Promise<void> => {
      for (let i = 0; i < traders.length; i += 10)
        await Promise.all(traders.slice(i, i + 10).map((t) => leaderTrades(bases, t, side, qty)));
    };
    await round('buy', 3);
    phase('feeds and first round');

    // SIGKILL node a while the leaders trade.
    const owned = await db.query<{ user_id: number }>(
      `SELECT user_id FROM copy_group_leases WHERE node_id = 'a'`,
    );
    const killedAt = await dbNow(db);
    rig.kill('a');
    await rig.nodes.get('a')?.exited;
    await round('sell', 1);
    await waitUntil(ready, 'the killed node’s groups taken over');
    phase('kill and takeover');
    const takeovers = await db.query<{ user_id: number; node_id: string; seconds: number }>(
      `SELECT user_id, node_id, extract(epoch FROM ready_at - $1::timestamptz)::float AS seconds FROM cluster_lease_log
       WHERE user_id = ANY($2::int[]) AND acquired_at > $1 AND ready_at IS NOT NULL ORDER BY user_id`,
      [killedAt, owned.rows.map((r) => r.user_id)],
    );
    console.log(
      `takeover after SIGKILL (${owned.rows.length} groups): ` +
        takeovers.rows.map((r) => `user ${r.user_id} → ${r.node_id} ${r.seconds.toFixed(2)} s`).join(', '),
    );
    console.log(
      `slowest takeover: ${Math.max(...takeovers.rows.map((r) => r.seconds)).toFixed(2)} s (target: under 10 s)`,
    );
    expect(new Set(takeovers.rows.map((r) => r.user_id)).size).toBe(owned.rows.length);

    // Node a comes back and takes its share again, one group at a time.
    await rig.start('a');
    await waitUntil(async () => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM copy_group_leases WHERE node_id = 'a' AND expires_at > clock_timestamp()`,
      );
      return (rows[0]?.n ?? 0) >= Math.floor(USERS / 3) - 1;
    }, 'the restarted node to take its share');
    await round('buy', 2);
    phase('restart');

    const perNode = await db.query<{ node_id: string; n: number }>(
      `SELECT node_id, count(*)::int AS n FROM copy_group_leases WHERE expires_at > clock_timestamp() GROUP BY 1 ORDER BY 1`,
    );
    console.log(
      `groups and memory per node: ${perNode.rows.map((r) => `${r.node_id} ${r.n} groups ${rig.rssMb(r.node_id) ?? '?'} MB`).join(', ')}`,
    );

    // Drain node b (a deploy): its groups move one by one, then it exits.
    await rig.drain('b');
    await round('sell', 3);
    await waitUntil(ready, 'the drained node’s groups taken over');
    phase('drain');

    // Feeds cut by the kill or the drain reconnect to a live node.
    for (const feed of feeds) if (feed.closed) await feed.connect(bases()[0] as string);

    // Settled: every follower at leader × ratio in the paper ledger.
    const externalOf = new Map<number, string>();
    const { rows: accounts } = await db.query<{ id: number; external_id: string }>(
      `SELECT id, external_id FROM broker_accounts`,
    );
    for (const row of accounts) externalOf.set(row.id, row.external_id);
    const positions = async (): Promise<Map<string, number>> => {
      const { rows } = await db.query<Position>(`SELECT external_id, net_pos FROM sim_positions`);
      const map = new Map<string, number>();
      for (const row of rows) map.set(row.external_id, (map.get(row.external_id) ?? 0) + row.net_pos);
      return map;
    };
    const offTarget = async (): Promise<string[]> => {
      const held = await positions();
      const wrong: string[] = [];
      for (const trader of traders) {
        for (const follower of trader.followers) {
          const leader = held.get(externalOf.get(follower.leader) ?? '') ?? 0;
          const has = held.get(externalOf.get(follower.id) ?? '') ?? 0;
          const want = expectedFollowerPosition(leader, follower.ratio, MAX_NET);
          if (has !== want)
            wrong.push(
              `user ${trader.id} follower ${follower.id}: ${has}, leader ${follower.leader} ${leader} × ${follower.ratio} = ${want}`,
            );
        }
      }
      return wrong;
    };
    await waitUntil(
      async () => (await offTarget()).length === 0,
      'followers at leader × ratio',
      90_000,
    ).catch(async (error: unknown) => {
      console.log((await offTarget()).slice(0, 10).join('\n'));
      throw error;
    });
    expect(await offTarget()).toEqual([]);
    phase('settled');
    // The rounds leave each leader long (3 − 1 + 2 − 3 = 1, more when a ticket was sent again): copies happened.
    const finalHeld = await positions();
    expect(traders.every((t) => (finalHeld.get(externalOf.get(t.leader) ?? '') ?? 0) !== 0)).toBe(true);

    // No client order id reached the venue twice.
    const twice = await db.query(
      `SELECT external_id, client_order_id, count(*) FROM sim_orders WHERE client_order_id IS NOT NULL
       GROUP BY 1, 2 HAVING count(*) > 1`,
    );
    expect(twice.rows).toEqual([]);

    // Every feed ends on the ledger's positions.
    const held = await positions();
    const feedWrong = async (): Promise<string[]> => {
      const wrong: string[] = [];
      for (const feed of feeds)
        for (const account of [
          feed.trader.leader,
          ...(feed.trader.secondLeader === undefined ? [] : [feed.trader.secondLeader]),
          ...feed.trader.followers.map((f) => f.id),
        ]) {
          const net = held.get(externalOf.get(account) ?? '') ?? 0;
          const shown = feed.accounts.get(account);
          const shownNet =
            shown === undefined
              ? NaN
              : shown.side === 'flat'
                ? 0
                : shown.side === 'long'
                  ? shown.qty
                  : -shown.qty;
          if (shownNet !== net)
            wrong.push(`user ${feed.trader.id} account ${account}: feed ${shownNet}, ledger ${net}`);
        }
      return wrong;
    };
    await waitUntil(async () => (await feedWrong()).length === 0, 'feeds on the final state', 30_000).catch(
      async (error: unknown) => {
        const wrong = await feedWrong();
        console.log(wrong.slice(0, 10).join('\n'));
        await explainFeeds(db, feeds, wrong, rig);
        throw error;
      },
    );
    phase('feeds checked');

    // No broker session open on two nodes at once (spans logged before opening and after closing; the
    // killed node's open spans end at its death).
    const { rows: spans } = await db.query<{
      connection_id: number;
      node_id: string;
      opened_at: Date;
      closed_at: Date | null;
    }>(
      `SELECT connection_id, node_id, opened_at, closed_at FROM cluster_session_log ORDER BY connection_id, opened_at`,
    );
    const killedEnd = await db.query<{ at: Date }>(
      `SELECT min(acquired_at) AS at FROM cluster_lease_log WHERE node_id = 'a' AND acquired_at > $1`,
      [killedAt],
    );
    const restartOfA = killedEnd.rows[0]?.at ?? new Date();
    const overlaps: string[] = [];
    const byConnection = new Map<number, typeof spans>();
    for (const span of spans)
      byConnection.set(span.connection_id, [...(byConnection.get(span.connection_id) ?? []), span]);
    for (const [connectionId, list] of byConnection) {
      for (let i = 1; i < list.length; i += 1) {
        const previous = list[i - 1] as (typeof spans)[number];
        const next = list[i] as (typeof spans)[number];
        // An open span of the killed node ended when it died (before its restart); a live node's is still open.
        const end =
          previous.closed_at ??
          (previous.node_id === 'a' && previous.opened_at < restartOfA ? killedAt : new Date(8.64e15));
        if (end > next.opened_at)
          overlaps.push(
            `connection ${connectionId}: ${previous.node_id} until ${end.toISOString()}, ${next.node_id} from ${next.opened_at.toISOString()}`,
          );
      }
    }
    expect(spans.length).toBeGreaterThanOrEqual(USERS);
    expect(overlaps).toEqual([]);
    phase('session spans checked');
    console.log(`${USERS} traders, phases: ${phases.join(', ')}`);
  } finally {
    for (const feed of feeds) feed.close();
    await rig.stopAll();
    await db.end().catch(() => undefined);
    await database.drop().catch(() => undefined);
  }
});

/**
 * For the traders whose feed is wrong: who owns their group, what a socket opened now on each live node receives,
 * the ledger's rows, the feed's last messages and the nodes' log lines about them (where to look next).
 */
async function explainFeeds(
  db: pg.Client,
  feeds: FeedWatcher[],
  wrong: string[],
  rig: ClusterRig,
): Promise<void> {
  const users = new Set(wrong.map((line) => Number(/^user (\d+)/.exec(line)?.[1])));
  for (const feed of feeds) {
    if (!users.has(feed.trader.id)) continue;
    const userId = feed.trader.id;
    const lines: string[] = [`user ${userId}: feed closed ${feed.closed}`];
    const leases = await db.query(
      `SELECT node_id, token, previous_node, acquired_at, ready_at FROM cluster_lease_log WHERE user_id = $1 ORDER BY acquired_at`,
      [userId],
    );
    lines.push(`leases: ${JSON.stringify(leases.rows)}`);
    for (const base of rig.urls()) {
      const list = await firstList(base, feed.trader).catch((error: unknown) => String(error));
      lines.push(
        `new socket on ${base}: ${typeof list === 'string' || list === null ? list : list.map((a) => `${a.id}:${signedQty(a)}`).join(' ')}`,
      );
    }
    const ledger = await db.query(
      `SELECT p.external_id, p.symbol, p.net_pos FROM sim_positions p JOIN broker_accounts a ON a.external_id = p.external_id
       WHERE a.user_id = $1 ORDER BY 1, 2`,
      [userId],
    );
    lines.push(`ledger: ${JSON.stringify(ledger.rows)}`);
    lines.push('feed history:', ...feed.history);
    lines.push(...rig.logLines(new RegExp(`user ${userId}\\b`)).slice(-20));
    console.log(lines.join('\n'));
  }
}
