import { crossSymbol } from '@synctrade/market';
import { leaderPositionNow } from './converge';
import type { EngineContext } from './context';
import { targetPosition } from './sizing';
import { canReceive, copyGroupOf, heldPosition, leaderOf, leaderOrdersLastMinute } from './state';

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
  const leader = leaderOf(ctx.groups.get(account.userId), account);
  const leaderSymbol = account.cross ? crossSymbol(symbol) : symbol;
  return {
    queued,
    nextSendAt: entry.budget.nextSendAt(),
    targetQty:
      leader === null
        ? 0
        : targetPosition(leaderPositionNow(leader, leaderSymbol), account, ctx.guard.boundsOf(account)),
    position: heldPosition(live, symbol, ctx.clock.now()),
    limitPerMinute: Math.floor(entry.budget.sharePerMinute),
  };
}

/** The arithmetic of a login that cannot keep up with its leaders' recent pace (null: it can). */
export interface PaceShortfall {
  /** Followers on this login, across the trader's groups: one request each per order of their leader. */
  followers: number;
  /** Copy groups those followers belong to. */
  groups: number;
  /** The pace of this follower's leader, in orders a minute. */
  leaderOrdersPerMinute: number;
  /** What the followers on this login need: each one's leader pace, summed. */
  requestsPerMinute: number;
  limitPerMinute: number;
}

export function paceShortfallOf(ctx: EngineContext, accountId: number): PaceShortfall | null {
  const account = ctx.accounts.get(accountId);
  const entry = account === undefined ? undefined : ctx.sessions.get(account.connectionId);
  if (account === undefined || entry === undefined || !canReceive(account, ctx.live.get(accountId), entry))
    return null;
  const group = ctx.groups.get(account.userId);
  const now = ctx.clock.now();
  // Every follower of the trader's groups whose connection draws on the same budget (the same login): a login
  // shared across groups spends one budget on all of them, each follower at its own leader's pace.
  let followers = 0;
  let requestsPerMinute = 0;
  const groups = new Set<number>();
  for (const id of group?.accountIds ?? []) {
    const other = ctx.accounts.get(id);
    const otherEntry = other === undefined ? undefined : ctx.sessions.get(other.connectionId);
    if (
      other === undefined ||
      otherEntry?.budget !== entry.budget ||
      !canReceive(other, ctx.live.get(id), otherEntry)
    )
      continue;
    followers += 1;
    groups.add(copyGroupOf(other));
    requestsPerMinute += leaderOrdersLastMinute(leaderOf(group, other), now);
  }
  const limitPerMinute = Math.floor(entry.budget.sharePerMinute);
  return requestsPerMinute > limitPerMinute
    ? {
        followers,
        groups: groups.size,
        leaderOrdersPerMinute: leaderOrdersLastMinute(leaderOf(group, account), now),
        requestsPerMinute,
        limitPerMinute,
      }
    : null;
}
