import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { listGroups } from '../../src/copier/repo/groups-repo';
import { createTestDb } from '../support/test-db';

/**
 * Migration 540: the settings stored before groups (one leader and its followers per trader) become each trader's
 * first group, equal to them. The database is taken back to before 540, filled as it was then, and migrated again.
 */
async function addTrader(db: Db, email: string, roles: Array<[boolean, boolean, number]>): Promise<number[]> {
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash) VALUES ($1, 'x') RETURNING id`,
    [email],
  );
  const [connection] = await db.query<{ id: number }>(
    `INSERT INTO connections (user_id, broker, name, environment, credentials) VALUES ($1, 'sim', 'Paper', 'demo', 'sealed') RETURNING id`,
    [user?.id],
  );
  const ids: number[] = [];
  for (const [index, [isMaster, isFollower, ratio]] of roles.entries()) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO broker_accounts (connection_id, user_id, external_id, name, is_master, is_follower, ratio)
       VALUES ($1, $2, $3, $3, $4, $5, $6) RETURNING id`,
      [connection?.id, user?.id, `SIM-${index}`, isMaster, isFollower, ratio],
    );
    ids.push(Number(row?.id));
  }
  return [Number(user?.id), ...ids];
}

describe('migration 540: copy groups', () => {
  let db: Db;

  beforeAll(async () => {
    db = await createTestDb();
    await migrate(db);
    await db.exec('DROP VIEW copy_account_groups; DROP TABLE copy_group_members; DROP TABLE copy_groups;');
    await db.query(`DELETE FROM schema_migrations WHERE name = '540_copy_groups.sql'`);
  });
  afterAll(async () => db.close());

  it("when a trader with a leader and followers is migrated, then one first group holds every account with today's leader and followers", async () => {
    const [ann, leader, f1, f2, plain] = await addTrader(db, 'ann@example.com', [
      [true, false, 1],
      [false, true, 2],
      [false, true, 0.5],
      [false, false, 1],
    ]);
    const [bob, bobOnly] = await addTrader(db, 'bob@example.com', [[false, false, 1]]);

    expect(await migrate(db)).toEqual(['540_copy_groups.sql']);

    const annGroups = await listGroups(db, Number(ann));
    expect(
      annGroups.map((g) => [
        g.name,
        g.first,
        g.paused,
        g.leader_account_id,
        g.account_ids,
        g.follower_account_ids,
      ]),
    ).toEqual([['Group 1', true, false, leader, [leader, f1, f2, plain], [f1, f2]]]);
    const bobGroups = await listGroups(db, Number(bob));
    expect(bobGroups.map((g) => [g.name, g.leader_account_id, g.account_ids])).toEqual([
      ['Group 1', null, [bobOnly]],
    ]);
    // The settings themselves are untouched: ratios and roles read as before.
    const rows = await db.query<{ id: number; is_master: boolean; is_follower: boolean; ratio: string }>(
      'SELECT id, is_master, is_follower, ratio::text AS ratio FROM broker_accounts WHERE user_id = $1 ORDER BY id',
      [ann],
    );
    expect(rows.map((r) => [r.id, r.is_master, r.is_follower, Number(r.ratio)])).toEqual([
      [leader, true, false, 1],
      [f1, false, true, 2],
      [f2, false, true, 0.5],
      [plain, false, false, 1],
    ]);
  });

  it("when an account is connected after the migration, then it belongs to its trader's first group", async () => {
    const [cy] = await addTrader(db, 'cy@example.com', []);
    const [connection] = await db.query<{ id: number }>('SELECT id FROM connections WHERE user_id = $1', [
      cy,
    ]);
    const [account] = await db.query<{ id: number }>(
      `INSERT INTO broker_accounts (connection_id, user_id, external_id, name) VALUES ($1, $2, 'SIM-9', 'SIM-9') RETURNING id`,
      [connection?.id, cy],
    );
    expect((await listGroups(db, Number(cy))).map((g) => [g.name, g.first, g.account_ids])).toEqual([
      ['Group 1', true, [account?.id]],
    ]);
  });
});
