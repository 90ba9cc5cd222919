import type { LeaderChangeFollowers, RiskSettings } from '@synctrade/api/types';
import {
  clearFollowerRoles,
  followerIdsAmong,
  setAccountAutoSync,
  setAccountCross,
  setAccountRatio,
  setLeaderRole,
  toggleFollowerRole,
} from '../../connections/accounts-repo';
import type { Db } from '../../db/db';
import { DEFAULT_RISK } from '../engine/types';
import { groupAccountIds, groupOfAccount } from './groups-repo';

/**
 * The copier's settings of an account (leader, follower, ratio, Cross, risk limits, auto-sync) and the waits
 * and stops that depend on them: the one place that decides them. The account's own columns are stored by their
 * owner, `connections/accounts-repo.ts`, in the same transaction where there is one.
 */

/**
 * The new leader replaces its group's old one (other groups keep theirs); `keep` makes every follower of the group
 * wait for the new leader's next trade.
 */
export async function setLeader(
  db: Db,
  userId: number,
  accountId: number,
  wasLeader: boolean,
  followers: LeaderChangeFollowers,
): Promise<void> {
  await db.tx(async (tx) => {
    const members = await groupAccountIds(tx, userId, await groupOfAccount(tx, userId, accountId));
    // The old leader becomes a plain account; the new one is not a follower.
    await setLeaderRole(tx, userId, members, accountId);
    // Choosing the leader it already is leaves the followers' waits as they are.
    if (wasLeader) return;
    await tx.query('DELETE FROM copy_follower_waits WHERE account_id = ANY($1::int[])', [members]);
    // Keep: the followers stay as they are (flagged out of sync) until the new leader's next trade.
    if (followers === 'keep')
      await tx.query(
        `INSERT INTO copy_follower_waits (account_id, leader_account_id)
         SELECT id, $2::int FROM unnest($1::int[]) AS id`,
        [await followerIdsAmong(tx, userId, members, accountId), accountId],
      );
  });
}

/** Flips the follow switch; following anew forgets an earlier wait and clears a risk stop. */
export async function toggleFollower(db: Db, accountId: number, wasFollower: boolean): Promise<void> {
  await toggleFollowerRole(db, accountId);
  // Following anew starts from leader × ratio, not from a wait chosen for an earlier leader change.
  await db.query('DELETE FROM copy_follower_waits WHERE account_id = $1', [accountId]);
  // Following again clears a risk stop: the user decided to resume.
  if (!wasFollower) await db.query('DELETE FROM copy_account_state WHERE account_id = $1', [accountId]);
}

export async function setRatio(db: Db, accountId: number, ratio: number): Promise<void> {
  await setAccountRatio(db, accountId, ratio);
}

export async function setCross(db: Db, accountId: number, cross: boolean): Promise<void> {
  await setAccountCross(db, accountId, cross);
}

/** Stops these followers (one group's) from following. */
export async function disableAllFollowers(db: Db, followerIds: readonly number[]): Promise<void> {
  await clearFollowerRoles(db, followerIds);
}

/**
 * The account's limits, the engine's defaults where none is stored, and its auto-sync, in one statement. The
 * copier owns `copy_risk` and decides `auto_sync`, which its owner (`connections/accounts-repo.ts`) stores on the
 * account: reading that column beside the limits costs one round trip; every write stays with the owner.
 */
export async function readRisk(db: Db, accountId: number): Promise<RiskSettings> {
  const [row] = await db.query<{
    max_contracts_per_order: number | null;
    max_net_position: number | null;
    daily_loss_limit: number | null;
    auto_sync: boolean;
  }>(
    `SELECT r.max_contracts_per_order, r.max_net_position, r.daily_loss_limit, a.auto_sync
     FROM broker_accounts a LEFT JOIN copy_risk r ON r.account_id = a.id
     WHERE a.id = $1`,
    [accountId],
  );
  return {
    max_contracts_per_order: row?.max_contracts_per_order ?? DEFAULT_RISK.maxContractsPerOrder,
    max_net_position: row?.max_net_position ?? DEFAULT_RISK.maxNetPosition,
    daily_loss_limit:
      row?.daily_loss_limit === null || row?.daily_loss_limit === undefined
        ? DEFAULT_RISK.dailyLossLimit
        : Number(row.daily_loss_limit),
    auto_sync: row?.auto_sync ?? true,
  };
}

export async function writeRisk(db: Db, accountId: number, next: RiskSettings): Promise<void> {
  await db.tx(async (tx) => {
    await tx.query(
      `INSERT INTO copy_risk (account_id, max_contracts_per_order, max_net_position, daily_loss_limit) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account_id) DO UPDATE SET max_contracts_per_order = $2, max_net_position = $3, daily_loss_limit = $4`,
      [accountId, next.max_contracts_per_order, next.max_net_position, next.daily_loss_limit],
    );
    await setAccountAutoSync(tx, accountId, next.auto_sync);
  });
}
