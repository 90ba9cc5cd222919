import { openClusterTest, waitUntil } from './support/cluster-rig';
import { call, leaderTrades, makeTrader } from './support/traders';

/**
 * A trader's setup change can be served by a node that does not run the group: a request forwarded to the owner
 * just as the group moved away is served where it arrived, and one that came in while no node owned the group yet
 * is served by the node reached. The node running the group must copy with the new setup all the same. Here the
 * ratio is changed through the other node (marked as forwarded, so that node serves it), then the leader trades:
 * the follower ends at leader × the new ratio. Before the owner was told, it copied with the ratio it had loaded.
 *
 * Runs on the PostgreSQL pass with NATS up, like the three-node test (skips, saying why, without them).
 */

jest.setTimeout(120_000);

test('a ratio changed through a node that does not own the group is the one the owner copies with', async () => {
  const bed = await openClusterTest('setup-change', 'setup');
  if (bed === null) return;
  const { database, db, rig } = bed;
  try {
    // The first node migrates the new database; the second joins it.
    await rig.start('a');
    await rig.start('b');
    await db.connect();
    const trader = await makeTrader(rig.urls()[0] as string, [1]);
    const follower = trader.followers[0];
    if (follower === undefined) throw new Error('no follower');
    const owner = async (): Promise<string | null> => {
      const { rows } = await db.query<{ node_id: string }>(
        `SELECT l.node_id FROM copy_group_leases l JOIN cluster_lease_log g ON g.user_id = l.user_id AND g.token = l.token
         WHERE l.user_id = $1 AND l.expires_at > clock_timestamp() AND g.ready_at IS NOT NULL`,
        [trader.id],
      );
      return rows[0]?.node_id ?? null;
    };
    await waitUntil(async () => (await owner()) !== null, 'the group owned and open');
    const ownerId = await owner();
    const other = [...rig.nodes.values()].find((n) => n.id !== ownerId);
    if (other === undefined) throw new Error('no second node');

    const changed = await call(
      other.url,
      'PUT',
      `/api/v1/copier/accounts/${follower.id}/ratio`,
      trader.token,
      { ratio: 3 },
      rig.forwardedHeaders(),
    );
    expect(changed.status).toBe(200);
    // Still the same owner: it loaded the setup before the change and did not serve it.
    expect(await owner()).toBe(ownerId);

    await leaderTrades(() => rig.urls(), trader, 'buy', 1);
    const net = async (accountId: number): Promise<number> => {
      const { rows } = await db.query<{ net: number }>(
        `SELECT coalesce(sum(p.net_pos), 0)::int AS net FROM broker_accounts b
         LEFT JOIN sim_positions p ON p.external_id = b.external_id WHERE b.id = $1`,
        [accountId],
      );
      return rows[0]?.net ?? 0;
    };
    await waitUntil(async () => (await net(follower.id)) !== 0, 'the copy of the leader’s buy');
    // A copy with the old ratio would be followed by nothing that corrects it: checked once the copy is in.
    expect(await net(trader.leader)).toBe(1);
    expect(await net(follower.id)).toBe(3);
  } finally {
    await rig.stopAll();
    await db.end().catch(() => undefined);
    await database.drop().catch(() => undefined);
  }
});
