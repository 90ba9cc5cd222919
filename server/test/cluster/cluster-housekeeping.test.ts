import { pruneClusterLogs } from '../../src/cluster/cluster-housekeeping';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser } from '../support/users';

let t: TestApp;
// PGlite's start is slow on a loaded machine.
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(async () => t.close());

const DAY = 24 * 3_600_000;

test('the cluster logs lose rows past the retention, but never those of leases and sessions live now', async () => {
  const now = await registerUser(t.app);
  const gone = await registerUser(t.app);
  const ago = (days: number): string => `clock_timestamp() - interval '${days} days'`;
  // User `now`: owned by node b (token 3) for ten days, after a and c; user `gone`: nobody's since long ago.
  await t.db.query(
    `INSERT INTO copy_group_leases (user_id, node_id, token, expires_at, acquired_at)
     VALUES ($1, 'b', 3, clock_timestamp() + interval '1 minute', ${ago(10)}),
            ($2, 'a', 1, ${ago(9)}, ${ago(20)})`,
    [now.id, gone.id],
  );
  await t.db.query(
    `INSERT INTO cluster_lease_log (user_id, node_id, token, acquired_at) VALUES
       ($1, 'a', 1, ${ago(30)}), ($1, 'c', 2, ${ago(12)}), ($1, 'b', 3, ${ago(10)}),
       ($2, 'a', 1, ${ago(20)}), ($2, 'x', 9, ${ago(1)})`,
    [now.id, gone.id],
  );
  await t.db.query(
    `INSERT INTO cluster_session_log (connection_id, user_id, node_id, token, opened_at, closed_at) VALUES
       (11, $1, 'a', 1, ${ago(30)}, ${ago(12)}),
       (12, $1, 'b', 3, ${ago(10)}, NULL),
       (13, $1, 'c', 2, ${ago(12)}, ${ago(3)}),
       (14, $2, 'a', 1, ${ago(20)}, NULL),
       (15, $2, 'x', 9, ${ago(1)}, ${ago(1)})`,
    [now.id, gone.id],
  );
  await t.db.query(
    `INSERT INTO cluster_nodes (node_id, url, expires_at) VALUES
       ('a', 'http://a', ${ago(9)}), ('b', 'http://b', clock_timestamp() + interval '1 minute'),
       ('c', 'http://c', ${ago(2)})`,
  );

  const pruned = await pruneClusterLogs(t.db, 7 * DAY);
  expect(pruned).toEqual({ leaseLog: 2, sessionLog: 2, nodes: 1 });

  const leaseLog = await t.db.query<{ node_id: string; token: number }>(
    `SELECT node_id, token FROM cluster_lease_log ORDER BY node_id`,
  );
  // The row of each user's last lease stays whatever its age (b's, held now, and a's for the user nobody took
  // since: one per user); x's is recent.
  expect(leaseLog.map((r) => `${r.node_id}${Number(r.token)}`)).toEqual(['a1', 'b3', 'x9']);
  const sessions = await t.db.query<{ connection_id: number }>(
    `SELECT connection_id FROM cluster_session_log ORDER BY connection_id`,
  );
  // 12: still open under b's live lease; 13: closed three days ago; 15: recent. 11 and 14 (left open by a
  // node whose lease ran out long ago) go.
  expect(sessions.map((r) => r.connection_id)).toEqual([12, 13, 15]);
  const nodes = await t.db.query<{ node_id: string }>(`SELECT node_id FROM cluster_nodes ORDER BY node_id`);
  expect(nodes.map((r) => r.node_id)).toEqual(['b', 'c']);

  // Run again: nothing more to do.
  expect(await pruneClusterLogs(t.db, 7 * DAY)).toEqual({ leaseLog: 0, sessionLog: 0, nodes: 0 });
});
