import type { EngineContext } from './context';
import type { CopySkip, EngineAccount } from './types';
import { withFields } from '../../runtime/with-fields';

export const OFFLINE_REASON =
  "Not copied: the follower's broker connection is down; its position is reconciled when the connection is back";

/**
 * A follower that would get this copy but for its broker connection (dropped, reconnecting, or never opened)
 * gets a recorded reason instead of nothing, so the orders list tells why the leader's trade has no copy there.
 * Disabled accounts, non-followers and risk-stopped followers are not waiting for anything: they get no row.
 */
export function offlineSkip(
  ctx: EngineContext,
  follower: EngineAccount,
  copy: Omit<CopySkip, 'userId' | 'accountId' | 'status' | 'reason'>,
): CopySkip | null {
  const entry = ctx.sessions.get(follower.connectionId);
  const waiting =
    follower.enabled &&
    follower.isFollower &&
    !follower.isLeader &&
    ctx.live.get(follower.id)?.status.state !== 'risk_stopped' &&
    (entry === undefined || !entry.up);
  if (!waiting) return null;
  return withFields(copy, {
    userId: follower.userId,
    accountId: follower.id,
    status: 'Rejected' as const,
    reason: OFFLINE_REASON,
  });
}
