import type { CopyGroup, PropHeadroom, SyncAccount } from '@synctrade/api';

export type GroupState = 'copying' | 'paused' | 'leader breached' | 'throttled' | 'no leader';

export interface GroupSummary {
  id: number;
  name: string;
  state: GroupState;
  leaderName: string | null;
  followers: number;
  inSync: number;
  /** Today's P&L of the group's accounts (leader and followers, each counted once). */
  dayPnl: number;
}

/**
 * Each copy group as the trader needs it at a glance. A paused group is paused whatever else is true; a leader the
 * firm rules stopped pauses copying in effect ("leader breached"); a follower waiting on its broker's request limit
 * makes the group "throttled"; otherwise it copies. A follower is in sync when its state is `ok`.
 */
export function summarizeGroups(
  groups: readonly CopyGroup[],
  rows: readonly SyncAccount[],
  headroom: readonly PropHeadroom[],
): GroupSummary[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return groups.map((group) => {
    const accounts = group.account_ids.flatMap((id) => byId.get(id) ?? []);
    const followers = group.follower_account_ids.flatMap((id) => byId.get(id) ?? []);
    const leader = group.leader_account_id === null ? undefined : byId.get(group.leader_account_id);
    const leaderStopped =
      leader !== undefined &&
      (leader.state === 'risk_stopped' ||
        headroom.some((h) => h.account_id === leader.id && h.stopped !== null));
    const state: GroupState = group.paused
      ? 'paused'
      : leader === undefined
        ? 'no leader'
        : leaderStopped
          ? 'leader breached'
          : followers.some((f) => f.throttle != null || f.state === 'rate_limited')
            ? 'throttled'
            : 'copying';
    return {
      id: group.id,
      name: group.name,
      state,
      leaderName: leader?.account_name ?? null,
      followers: followers.length,
      inSync: followers.filter((f) => f.state === 'ok').length,
      dayPnl: roundCents(accounts.reduce((sum, a) => sum + a.day_pnl, 0)),
    };
  });
}

export interface NearestLimit {
  accountName: string;
  /** Plain words: "$420.00 to the daily loss limit", "12 minutes to the flat-by time", "stopped: …". */
  text: string;
  /** Dollars left, for ordering; 0 for a stopped account, minutes × 100 for a flat-by (a rough common scale). */
  distance: number;
}

/** The prop-firm limit closest to being reached across the trader's guarded accounts, or null when none is guarded. */
export function nearestLimit(
  headroom: readonly PropHeadroom[],
  rows: readonly SyncAccount[],
  money: (amount: number) => string,
): NearestLimit | null {
  const nameOf = (id: number): string => rows.find((row) => row.id === id)?.account_name ?? `Account ${id}`;
  const candidates: NearestLimit[] = [];
  for (const h of headroom) {
    const accountName = nameOf(h.account_id);
    if (h.stopped !== null) candidates.push({ accountName, text: `stopped: ${h.stopped}`, distance: 0 });
    if (h.to_floor !== null)
      candidates.push({
        accountName,
        text: `${money(h.to_floor)} to the drawdown floor`,
        distance: h.to_floor,
      });
    if (h.to_daily_loss !== null)
      candidates.push({
        accountName,
        text: `${money(h.to_daily_loss)} to the daily loss limit`,
        distance: h.to_daily_loss,
      });
    if (h.minutes_to_flat_by !== null)
      candidates.push({
        accountName,
        text: `${h.minutes_to_flat_by} minute${h.minutes_to_flat_by === 1 ? '' : 's'} to the flat-by time`,
        distance: h.minutes_to_flat_by * 100,
      });
  }
  return candidates.sort((a, b) => a.distance - b.distance)[0] ?? null;
}

function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}
