import type { CopyGroup, GroupMovePosition } from '@synctrade/api/types';
import { clearLeaderRole, toggleFollowerRole } from '../../connections/accounts-repo';
import type { Db } from '../../db/db';
import { AppError } from '../../http/app-error';

/**
 * Copy groups: the one owner of `copy_groups` and `copy_group_members`. An account with no placement belongs to
 * its trader's first group (view `copy_account_groups`), so a trader who never made a group copies as before.
 */

export const GROUP_NOT_FOUND = 'Group not found';
/** A trader's groups: at most this many (each is a copy the engine runs). */
export const MAX_GROUPS_PER_USER = 20;
export const GROUPS_BOUND = `The trader's copy groups, first group first: at most ${MAX_GROUPS_PER_USER} (a further one is refused with 409).`;
export const FIRST_GROUP_NAME = 'Group 1';

interface GroupRow {
  id: number;
  name: string;
  paused: boolean;
  leader_id: number | null;
  account_ids: number[];
  follower_ids: number[];
}

const GROUPS = `SELECT g.id, g.name, g.paused,
         (SELECT a.id FROM copy_account_groups ag JOIN broker_accounts a ON a.id = ag.account_id
          WHERE ag.group_id = g.id AND a.is_master ORDER BY a.id LIMIT 1) AS leader_id,
         ARRAY(SELECT ag.account_id FROM copy_account_groups ag WHERE ag.group_id = g.id ORDER BY ag.account_id) AS account_ids,
         ARRAY(SELECT a.id FROM copy_account_groups ag JOIN broker_accounts a ON a.id = ag.account_id
               WHERE ag.group_id = g.id AND a.is_follower AND NOT a.is_master ORDER BY a.id) AS follower_ids
       FROM copy_groups g`;

function toGroup(row: GroupRow, firstId: number): CopyGroup {
  return {
    id: row.id,
    name: row.name,
    paused: row.paused,
    first: row.id === firstId,
    leader_account_id: row.leader_id,
    account_ids: row.account_ids,
    follower_account_ids: row.follower_ids,
    // Known to the engine only: the routes fill it in (`groupWithBreach`).
    leader_breach: null,
  };
}

/** The trader's first group, made when the trader has none (a trader registered after groups came). */
export async function ensureFirstGroup(db: Db, userId: number): Promise<number> {
  const [existing] = await db.query<{ id: number }>(
    'SELECT id FROM copy_groups WHERE user_id = $1 ORDER BY id LIMIT 1',
    [userId],
  );
  if (existing !== undefined) return existing.id;
  await db.query(
    'INSERT INTO copy_groups (user_id, name) VALUES ($1, $2) ON CONFLICT (user_id, name) DO NOTHING',
    [userId, FIRST_GROUP_NAME],
  );
  return ensureFirstGroup(db, userId);
}

export async function listGroups(db: Db, userId: number): Promise<CopyGroup[]> {
  const firstId = await ensureFirstGroup(db, userId);
  const rows = await db.query<GroupRow>(`${GROUPS} WHERE g.user_id = $1 ORDER BY g.id LIMIT $2`, [
    userId,
    MAX_GROUPS_PER_USER,
  ]);
  return rows.map((row) => toGroup(row, firstId));
}

/** The caller's group; another user's id answers 404 exactly like an unknown one. */
export async function ownedGroup(db: Db, userId: number, groupId: number): Promise<CopyGroup> {
  const firstId = await ensureFirstGroup(db, userId);
  const [row] = await db.query<GroupRow>(`${GROUPS} WHERE g.id = $1 AND g.user_id = $2`, [groupId, userId]);
  if (row === undefined) throw AppError.notFound(GROUP_NOT_FOUND);
  return toGroup(row, firstId);
}

/** The group an account belongs to (its placement, else the trader's first group). */
export async function groupOfAccount(db: Db, userId: number, accountId: number): Promise<number> {
  await ensureFirstGroup(db, userId);
  const [row] = await db.query<{ group_id: number }>(
    'SELECT group_id FROM copy_account_groups WHERE account_id = $1 AND user_id = $2',
    [accountId, userId],
  );
  if (row === undefined) throw AppError.notFound(GROUP_NOT_FOUND);
  return row.group_id;
}

/** The accounts of one of the trader's groups. */
export async function groupAccountIds(db: Db, userId: number, groupId: number): Promise<number[]> {
  const rows = await db.query<{ account_id: number }>(
    'SELECT account_id FROM copy_account_groups WHERE group_id = $1 AND user_id = $2 ORDER BY account_id',
    [groupId, userId],
  );
  return rows.map((row) => row.account_id);
}

const nameTaken = (name: string): string => `A group named "${name}" already exists`;

export async function createGroup(db: Db, userId: number, name: string): Promise<CopyGroup> {
  await ensureFirstGroup(db, userId);
  const id = await db.tx(async (tx) => {
    // One trader's creations are serialized, so the count and the insert agree.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const [count] = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM copy_groups WHERE user_id = $1',
      [userId],
    );
    if ((count?.n ?? 0) >= MAX_GROUPS_PER_USER)
      throw AppError.conflict(`A trader can have at most ${MAX_GROUPS_PER_USER} groups`);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO copy_groups (user_id, name) VALUES ($1, $2) ON CONFLICT (user_id, name) DO NOTHING RETURNING id`,
      [userId, name],
    );
    if (row === undefined) throw AppError.conflict(nameTaken(name));
    return row.id;
  });
  return ownedGroup(db, userId, id);
}

export async function renameGroup(db: Db, userId: number, groupId: number, name: string): Promise<CopyGroup> {
  const group = await ownedGroup(db, userId, groupId);
  if (group.name !== name) {
    const rows = await db.query<{ id: number }>(
      `UPDATE copy_groups SET name = $3 WHERE id = $1 AND user_id = $2
         AND NOT EXISTS (SELECT 1 FROM copy_groups o WHERE o.user_id = $2 AND o.name = $3) RETURNING id`,
      [groupId, userId, name],
    );
    if (rows.length === 0) throw AppError.conflict(nameTaken(name));
  }
  return ownedGroup(db, userId, groupId);
}

export async function setGroupPaused(
  db: Db,
  userId: number,
  groupId: number,
  paused: boolean,
): Promise<CopyGroup> {
  await ownedGroup(db, userId, groupId);
  await db.query('UPDATE copy_groups SET paused = $3 WHERE id = $1 AND user_id = $2', [
    groupId,
    userId,
    paused,
  ]);
  return ownedGroup(db, userId, groupId);
}

/**
 * Deletes a group that is not the trader's first: its accounts stop leading and following (nothing is copied
 * into them by surprise) and go back to the first group.
 */
export async function deleteGroup(db: Db, userId: number, groupId: number): Promise<void> {
  const group = await ownedGroup(db, userId, groupId);
  if (group.first)
    throw AppError.badRequest(
      'The first group cannot be deleted: it holds every account not placed in another group',
    );
  await db.tx(async (tx) => {
    await tx.query('DELETE FROM copy_follower_waits WHERE account_id = ANY($1::int[])', [group.account_ids]);
    for (const accountId of group.follower_account_ids) await toggleFollowerRole(tx, accountId);
    // Its leader leads nothing in the first group (which may have a leader of its own).
    if (group.leader_account_id !== null) await clearLeaderRole(tx, group.leader_account_id);
    await tx.query('DELETE FROM copy_groups WHERE id = $1 AND user_id = $2', [groupId, userId]);
  });
}

/**
 * Moves an account into a group (at most one group per account: the placement replaces the old one). It follows
 * the group's leader when the group has one. `keep` leaves its position as it is until the new leader's next
 * trade; `align` leaves it to the caller to bring it to the new leader × ratio now.
 */
export async function moveAccount(
  db: Db,
  userId: number,
  groupId: number,
  accountId: number,
  isMaster: boolean,
  isFollower: boolean,
  position: GroupMovePosition,
): Promise<CopyGroup> {
  const target = await ownedGroup(db, userId, groupId);
  if (target.account_ids.includes(accountId)) throw AppError.conflict('The account is already in this group');
  if (isMaster)
    throw AppError.conflict("A group's leader cannot be moved: choose another leader for its group first");
  await db.tx(async (tx) => {
    await tx.query(
      `INSERT INTO copy_group_members (account_id, group_id) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET group_id = $2`,
      [accountId, groupId],
    );
    await tx.query('DELETE FROM copy_follower_waits WHERE account_id = $1', [accountId]);
    const leader = target.leader_account_id;
    // With a leader it follows it; without one it waits in the group as a plain account.
    if ((leader !== null) !== isFollower) await toggleFollowerRole(tx, accountId);
    if (leader !== null && position === 'keep')
      await tx.query('INSERT INTO copy_follower_waits (account_id, leader_account_id) VALUES ($1, $2)', [
        accountId,
        leader,
      ]);
  });
  return ownedGroup(db, userId, groupId);
}
