import type { SyncAccount } from '@synctrade/api';
import { contractsAtRatio } from '@synctrade/api/validation';

/** One market order a confirmation announces: which account, which way, how many. */
export interface PlannedOrder {
  accountId: number;
  accountName: string;
  /** Signed position before and after. */
  from: number;
  to: number;
  side: 'Buy' | 'Sell';
  qty: number;
}

export function signedPosition(account: SyncAccount): number {
  if (account.side === 'long') return account.qty;
  if (account.side === 'short') return -account.qty;
  return 0;
}

/** The copier's target (server README): sign(L) · round(|L| · ratio), halves away from zero. */
export function followerTarget(leader: number, ratio: number): number {
  return Math.sign(leader) * contractsAtRatio(Math.abs(leader), ratio);
}

function orderTo(account: SyncAccount, to: number): PlannedOrder {
  const from = signedPosition(account);
  return {
    accountId: account.id,
    accountName: account.account_name,
    from,
    to,
    side: to > from ? 'Buy' : 'Sell',
    qty: Math.abs(to - from),
  };
}

/** The followers after a leader change: every enabled account with Follow on other than the new leader. */
export function followersOf(accounts: readonly SyncAccount[], leaderId: number): SyncAccount[] {
  return accounts.filter((account) => account.is_follower && account.enabled && account.id !== leaderId);
}

/** Aligning followers to the new leader: the market order each one needs (none for those already there). */
export function alignPlan(accounts: readonly SyncAccount[], leaderId: number): PlannedOrder[] {
  const leader = accounts.find((account) => account.id === leaderId);
  const leaderPosition = leader === undefined ? 0 : signedPosition(leader);
  return followersOf(accounts, leaderId)
    .map((follower) => orderTo(follower, followerTarget(leaderPosition, follower.ratio)))
    .filter((order) => order.qty > 0);
}

/** Flattening accounts: the closing order of each open position. */
export function flattenPlan(accounts: readonly SyncAccount[], ids: readonly number[]): PlannedOrder[] {
  return accounts
    .filter((account) => ids.includes(account.id) && signedPosition(account) !== 0)
    .map((account) => orderTo(account, 0));
}

/** "Long 6", "Short 2", "Flat". */
export function positionText(position: number): string {
  if (position === 0) return 'Flat';
  return `${position > 0 ? 'Long' : 'Short'} ${Math.abs(position)}`;
}
