import { crossSymbol } from '@synctrade/market';
import { leaderPositionNow } from './converge';
import type { EngineContext } from './context';
import { targetPosition } from './sizing';
import { canReceive, heldPosition, leaderOrdersLastMinute } from './state';

/** A follower waiting on its login's request budget, as the desk shows it. */
export interface FollowerThrottle {
  queued: number;
  /** Engine clock (ms since the epoch). */
  nextSendAt: number;
  targetQty: number;
  position: number;
  /** The login's allowance this node spends: the whole of it unless other nodes use the login too. */
  limitPerMinute: number;
}

/** What waits for the follower (null: nothing does). */
export function throttleOf(ctx: EngineContext, accountId: number): FollowerThrottle | null {
  const account = ctx.accounts.get(accountId);
  const entry = account === undefined ? undefined : ctx.sessions.get(account.connectionId);
  const live = ctx.live.get(accountId);
  if (account === undefined || entry === undefined || live === undefined) return null;
  const queued = entry.budget.waitingFor(accountId);
  const symbol = entry.budget.waitingSymbol(accountId);
  if (queued === 0 || symbol === null) return null;
  const leader = ctx.groups.get(account.userId)?.leader ?? null;
  const leaderSymbol = account.cross ? crossSymbol(symbol) : symbol;
  return {
    queued,
    nextSendAt: entry.budget.nextSendAt(),
    targetQty:
      leader === null
        ? 0
        : targetPosition(leaderPositionNow(leader, leaderSymbol), account.ratio, ctx.guard.boundsOf(account)),
    position: heldPosition(live, symbol, ctx.clock.now()),
    limitPerMinute: Math.floor(entry.budget.sharePerMinute),
  };
}

/** The arithmetic of a login that cannot keep up with the leader's recent pace (null: it can). */
export interface PaceShortfall {
  /** Followers of the group on this login: one request each per leader order. */
  followers: number;
  leaderOrdersPerMinute: number;
  limitPerMinute: number;
}

export function paceShortfallOf(ctx: EngineContext, accountId: number): PaceShortfall | null {
  const account = ctx.accounts.get(accountId);
  const entry = account === undefined ? undefined : ctx.sessions.get(account.connectionId);
  if (account === undefined || entry === undefined || !canReceive(account, ctx.live.get(accountId), entry))
    return null;
  const group = ctx.groups.get(account.userId);
  const pace = leaderOrdersLastMinute(group?.leader ?? null, ctx.clock.now());
  // Every follower of the group whose connection draws on the same budget (the same login).
  const followers = [...(group?.accountIds ?? [])].filter((id) => {
    const other = ctx.accounts.get(id);
    const otherEntry = other === undefined ? undefined : ctx.sessions.get(other.connectionId);
    return otherEntry?.budget === entry.budget && canReceive(other, ctx.live.get(id), otherEntry);
  }).length;
  const limitPerMinute = Math.floor(entry.budget.sharePerMinute);
  return followers * pace > limitPerMinute
    ? { followers, leaderOrdersPerMinute: pace, limitPerMinute }
    : null;
}
