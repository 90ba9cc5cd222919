import type { CopyGroup, SyncAccount } from '@synctrade/api';

export type GroupTone = 'ok' | 'warning' | 'danger' | 'muted';

export interface GroupState {
  label: 'Copying' | 'Paused' | 'Leader breached' | 'Throttled' | 'No leader';
  tone: GroupTone;
  /** Why, in words, when the label alone does not say it. */
  detail: string | null;
}

/**
 * What a group is doing now, worst first: paused by the trader, held back by its leader's own firm-rule breach, with
 * no leader to copy, with followers waiting on their login's request limit, else copying.
 */
export function groupState(group: CopyGroup, byId: Readonly<Record<number, SyncAccount>>): GroupState {
  if (group.paused)
    return { label: 'Paused', tone: 'muted', detail: 'Its followers copy nothing until it is resumed' };
  if (group.leader_breach !== null)
    return { label: 'Leader breached', tone: 'danger', detail: group.leader_breach };
  if (group.leader_account_id === null)
    return { label: 'No leader', tone: 'muted', detail: 'Choose a leader for this group to start copying' };
  const throttled = group.follower_account_ids.filter((id) => {
    const row = byId[id];
    return row !== undefined && (row.throttle != null || row.state === 'rate_limited');
  }).length;
  if (throttled > 0)
    return {
      label: 'Throttled',
      tone: 'warning',
      detail: `${throttled} follower${throttled === 1 ? '' : 's'} waiting on the broker's request limit`,
    };
  return { label: 'Copying', tone: 'ok', detail: null };
}
