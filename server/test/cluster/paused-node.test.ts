import pg from 'pg';
import { expectedFollowerPosition } from '../support/expected-position';
import { dbNow, openClusterTest, waitUntil } from './support/cluster-rig';
import { leaderTrades, makeTrader, type Trader } from './support/traders';

/**
 * A node paused (SIGSTOP: a stalled VM, a long GC, a frozen container) keeps believing nothing happened: when it
 * wakes, its timers fire late and its engine carries on where it stopped. Meanwhile its leases ran out and the
 * other node took its groups over. Checked: the other node takes every group over; once the paused node runs
 * again it sends nothing for them (the paper ledger of those groups is not touched by it, not even rewritten
 * with the same values), closes its stale sessions, and the followers stay at leader × ratio.
 *
 * Opt-in like the three-node test (`pnpm --filter server test:cluster`); skips without NATS or PostgreSQL.
 */
const USERS = Number(process.env.CLUSTER_PAUSE_USERS ?? 6);
const RATIOS = [1, 2, 0.5] as const;
const MAX_NET = 100;

jest.setTimeout(180_000);

test('a paused owner loses its groups and, woken, sends nothing for them', async () => {
  const bed = await openClusterTest('paused-node', 'paused', { optIn: true });
  if (bed === null) return;
  const { database, db, rig } = bed;
  try {
    // Node a alone takes every group; b joins afterwards and takes its share.
    const a = await rig.start('a');
    await db.connect();
    const traders: Trader[] = await Promise.all(
      Array.from({ length: USERS }, () => makeTrader(a.url, RATIOS)),
    );
    await rig.start('b');
    const readyOn = async (node: string | null, users: readonly number[]): Promise<boolean> => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM copy_group_leases l
         WHERE l.user_id = ANY($1::int[]) AND l.expires_at > clock_timestamp() AND ($2::text IS NULL OR l.node_id = $2)
           AND EXISTS (SELECT 1 FROM cluster_lease_log g
             WHERE g.user_id = l.user_id AND g.token = l.token AND g.ready_at IS NOT NULL)`,
        [users, node],
      );
      return rows[0]?.n === users.length;
    };
    const everyone = traders.map((t) => t.id);
    await waitUntil(
      async () =>
        (await readyOn(null, everyone)) &&
        (await db.query(`SELECT 1 FROM copy_group_leases WHERE node_id = 'b'`)).rows.length > 0,
      'every group ready, some on b',
    );
    const bases = (): string[] => rig.urls();
    await Promise.all(traders.map((t) => leaderTrades(bases, t, 'buy', 2)));
    await settled(db, traders);

    const { rows: onA } = await db.query<{ user_id: number }>(
      `SELECT user_id FROM copy_group_leases WHERE node_id = 'a' AND expires_at > clock_timestamp()`,
    );
    const pausedUsers = onA.map((r) => r.user_id);
    expect(pausedUsers.length).toBeGreaterThan(0);
    const pausedTraders = traders.filter((t) => pausedUsers.includes(t.id));

    // The leaders of a's groups trade on a, and a freezes right after: their copies may be in flight there.
    await Promise.all(pausedTraders.map((t) => leaderTrades(() => [a.url], t, 'buy', 1)));
    rig.pause('a');
    const pausedAt = await dbNow(db);

    // b takes every group over and copies; the leaders trade again through b.
    await waitUntil(() => readyOn('b', pausedUsers), 'b to take the paused node’s groups over');
    const { rows: takeovers } = await db.query<{ seconds: number }>(
      `SELECT extract(epoch FROM ready_at - $1::timestamptz)::float AS seconds FROM cluster_lease_log
       WHERE node_id = 'b' AND user_id = ANY($2::int[]) AND acquired_at > $1`,
      [pausedAt, pausedUsers],
    );
    console.log(
      `takeover of a paused node's ${pausedUsers.length} groups: slowest ${Math.max(...takeovers.map((r) => r.seconds)).toFixed(2)} s`,
    );
    await Promise.all(
      pausedTraders.map((t) => leaderTrades(() => [rig.nodes.get('b')?.url ?? ''], t, 'sell', 2)),
    );
    await settled(db, traders);

    // What b holds now, and the ledger of those groups' accounts as b left it.
    const { rows: tokens } = await db.query<{ user_id: number; token: string }>(
      `SELECT user_id, token FROM copy_group_leases WHERE user_id = ANY($1::int[])`,
      [pausedUsers],
    );
    const before = await ledgerOf(db, pausedUsers);

    // a wakes up: its local deadlines are past, so it closes its stale sessions without sending.
    rig.resume('a');
    await waitUntil(async () => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM cluster_session_log WHERE node_id = 'a' AND closed_at IS NULL
           AND user_id = ANY($1::int[]) AND opened_at < $2`,
        [pausedUsers, pausedAt],
      );
      return rows[0]?.n === 0;
    }, 'the woken node to close its stale sessions');
    // And it renews its registration (so it ran its timers, the stale work included).
    await waitUntil(async () => {
      const { rows } = await db.query(
        `SELECT 1 FROM cluster_nodes WHERE node_id = 'a' AND expires_at > clock_timestamp()`,
      );
      return rows.length > 0;
    }, 'the woken node to register again');

    // The groups b still holds under the same token: their ledger is exactly as b left it.
    const { rows: still } = await db.query<{ user_id: number }>(
      `SELECT l.user_id FROM copy_group_leases l JOIN unnest($1::int[], $2::bigint[]) AS t(user_id, token)
         ON t.user_id = l.user_id AND t.token = l.token WHERE l.node_id = 'b'`,
      [tokens.map((r) => r.user_id), tokens.map((r) => r.token)],
    );
    const after = await ledgerOf(
      db,
      still.map((r) => r.user_id),
    );
    // b may hand some back to a now that a is alive again: only groups under b's token throughout are compared.
    const { rows: unmoved } = await db.query<{ user_id: number }>(
      `SELECT l.user_id FROM copy_group_leases l JOIN unnest($1::int[], $2::bigint[]) AS t(user_id, token)
         ON t.user_id = l.user_id AND t.token = l.token WHERE l.node_id = 'b'`,
      [tokens.map((r) => r.user_id), tokens.map((r) => r.token)],
    );
    const kept = unmoved.map((r) => r.user_id);
    console.log(`groups still on b after a woke: ${kept.length} of ${pausedUsers.length}`);
    expect(kept.length).toBeGreaterThan(0);
    expect(after.filter((row) => kept.includes(row.user_id))).toEqual(
      before.filter((row) => kept.includes(row.user_id)),
    );

    await settled(db, traders);
    const twice = await db.query(
      `SELECT external_id, client_order_id FROM sim_orders WHERE client_order_id IS NOT NULL
       GROUP BY 1, 2 HAVING count(*) > 1`,
    );
    expect(twice.rows).toEqual([]);
  } finally {
    await rig.stopAll();
    await db.end().catch(() => undefined);
    await database.drop().catch(() => undefined);
  }
});

/** Every row of the paper ledger of the users' accounts, with when it was last written. */
async function ledgerOf(
  db: pg.Client,
  users: readonly number[],
): Promise<Array<{ user_id: number; row: string }>> {
  const { rows } = await db.query<{ user_id: number; row: string }>(
    `WITH acc AS (SELECT c.user_id, b.external_id FROM broker_accounts b JOIN connections c ON c.id = b.connection_id
                  WHERE c.user_id = ANY($1::int[]))
     SELECT acc.user_id, 'account ' || s.external_id || ' ' || s.realized_total || ' ' || s.updated_at AS row
       FROM sim_accounts s JOIN acc USING (external_id)
     UNION ALL SELECT acc.user_id, 'position ' || p.external_id || ' ' || p.symbol || ' ' || p.net_pos || ' ' || p.avg_price
       FROM sim_positions p JOIN acc USING (external_id)
     UNION ALL SELECT acc.user_id, 'order ' || o.order_id || ' ' || o.status || ' ' || o.filled_qty
       FROM sim_orders o JOIN acc USING (external_id)
     UNION ALL SELECT acc.user_id, 'fill ' || f.fill_id FROM sim_fills f JOIN acc USING (external_id)
     ORDER BY 1, 2`,
    [users],
  );
  return rows;
}

/** Waits for every follower at leader × ratio in the paper ledger. */
async function settled(db: pg.Client, traders: readonly Trader[]): Promise<void> {
  const offTarget = async (): Promise<string[]> => {
    const { rows } = await db.query<{ id: number; net: number }>(
      `SELECT b.id, coalesce(sum(p.net_pos), 0)::int AS net FROM broker_accounts b
       LEFT JOIN sim_positions p ON p.external_id = b.external_id GROUP BY b.id`,
    );
    const net = new Map(rows.map((r) => [r.id, r.net]));
    const wrong: string[] = [];
    for (const trader of traders) {
      const leader = net.get(trader.leader) ?? 0;
      for (const follower of trader.followers) {
        const want = expectedFollowerPosition(leader, follower.ratio, MAX_NET);
        if ((net.get(follower.id) ?? 0) !== want)
          wrong.push(`user ${trader.id} follower ${follower.id}: ${net.get(follower.id) ?? 0}, want ${want}`);
      }
    }
    return wrong;
  };
  await waitUntil(async () => (await offTarget()).length === 0, 'followers at leader × ratio', 60_000).catch(
    async (error: unknown) => {
      console.log((await offTarget()).join('\n'));
      throw error;
    },
  );
}
