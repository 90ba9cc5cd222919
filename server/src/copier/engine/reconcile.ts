import { crossSymbol } from '../../market/contracts';
import { copyClientId, mirroredLeaderOrder, syncEventKey } from './client-ids';
import type { EngineContext } from './context';
import { dispatch } from './sender';
import { planMove, targetPosition } from './sizing';
import {
  addPendingExposure,
  canReceive,
  deferReconcile,
  pendingExposure,
  reconcileResumed,
  recordMirror,
  relearnLeader,
  releaseHeldByHand,
  settlePendingExposure,
  type LeaderState,
  type LiveAccount,
  type UserGroup,
} from './state';
import type { CopyIntent, EngineAccount } from './types';

export interface ReconcileOptions {
  /** Correct even followers with auto-sync off (the user pressed Sync, or the leader went flat). */
  force: boolean;
  /** Only these followers. */
  followerIds?: readonly number[];
  /** Only these leader contracts (and their Cross counterparts). */
  leaderSymbols?: readonly string[];
  /** The user pressed Sync: contracts traded by hand are brought back to leader × ratio too. */
  overrideHand?: boolean;
}

let sequence = 0;
const STABLE_READ_ATTEMPTS = 5;

/** Runs the reconciliation again behind the leader fills now queued (once per distinct request waiting). */
function deferBehindQueue(ctx: EngineContext, group: UserGroup, options: ReconcileOptions): void {
  const key = JSON.stringify(options);
  if (!deferReconcile(group, key)) return;
  void ctx.enqueue(group.userId, () => {
    reconcileResumed(group, key);
    return reconcileGroup(ctx, group, options);
  });
}

/** Copies on their way to one follower, per contract, signed. */
function inflightByContract(live: LiveAccount | undefined): Map<string, number> {
  const total = new Map<string, number>();
  for (const copy of live?.copies.values() ?? [])
    total.set(copy.symbol, (total.get(copy.symbol) ?? 0) + copy.signedRemaining);
  return total;
}

function sameCounts(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (b.get(key) !== value) return false;
  return true;
}

/** The desk's reason for a follower left as it was when the leader changed. */
export const WAITING_FOR_LEADER_TRADE =
  "Out of sync: positions kept when the leader changed, aligned at the new leader's next trade";

/**
 * Brings followers back to leader × ratio from the brokers' own positions (never from counted events):
 * cancels follower mirrors whose leader order is gone, then sends the difference, or flags the follower
 * out of sync when its auto-sync is off. Runs inside the user's queue, after the follower's sends settled.
 */
export async function reconcileGroup(
  ctx: EngineContext,
  group: UserGroup,
  options: ReconcileOptions,
): Promise<void> {
  const leader = group.leader;
  const leaderAccount = leader === null ? undefined : ctx.accounts.get(leader.accountId);
  const leaderEntry = leaderAccount === undefined ? undefined : ctx.sessions.get(leaderAccount.connectionId);
  if (leader === null || leaderAccount === undefined || leaderEntry === undefined || !leaderEntry.up) return;
  await Promise.allSettled([...group.inflight.values()].flatMap((set) => [...set]));
  // Leader fills still waiting in this group's queue are in the broker's position but not yet in the count:
  // the correction waits until they are counted (it runs again behind them), or they would be counted twice.
  // A fill that arrives while the position is being read may or may not be in it: then it is read again.
  if (leader.queued.size > 0) {
    deferBehindQueue(ctx, group, options);
    return;
  }
  let arrivals = leader.arrivals;
  let [positions, working] = await Promise.all([
    leaderEntry.session.positions(),
    leaderEntry.session.workingOrders(),
  ]);
  for (let attempt = 0; attempt < STABLE_READ_ATTEMPTS && leader.arrivals !== arrivals; attempt += 1) {
    if (leader.queued.size > 0) break;
    arrivals = leader.arrivals;
    [positions, working] = await Promise.all([
      leaderEntry.session.positions(),
      leaderEntry.session.workingOrders(),
    ]);
  }
  if (leader.queued.size > 0 || leader.arrivals !== arrivals) {
    deferBehindQueue(ctx, group, options);
    return;
  }
  const leaderOrders = working.filter((o) => o.accountExternalId === leaderAccount.externalId);
  const leaderWorking = new Set(leaderOrders.map((o) => o.orderId));
  // After a restart the engine relearns which leader orders are mirrored from the brokers themselves.
  relearnLeader(
    leader,
    positions.filter((p) => p.accountExternalId === leaderAccount.externalId),
    leaderOrders,
  );
  for (const accountId of group.accountIds) {
    const follower = ctx.accounts.get(accountId);
    if (
      follower === undefined ||
      accountId === leader.accountId ||
      (options.followerIds !== undefined && !options.followerIds.includes(accountId))
    )
      continue;
    if (!canReceive(follower, ctx.live.get(accountId), ctx.sessions.get(follower.connectionId))) continue;
    try {
      await reconcileFollower(ctx, follower, leader, leaderWorking, options);
    } catch (error: unknown) {
      ctx.log(error, `reconcile follower ${follower.id}`);
    }
  }
}

async function reconcileFollower(
  ctx: EngineContext,
  follower: EngineAccount,
  leader: LeaderState,
  leaderWorking: Set<string>,
  options: ReconcileOptions,
): Promise<void> {
  const leaderId = leader.accountId;
  const entry = ctx.sessions.get(follower.connectionId);
  if (entry === undefined) return;
  const mine = (await entry.session.workingOrders()).filter(
    (o) => o.accountExternalId === follower.externalId,
  );
  for (const order of mine) {
    const mirrored = mirroredLeaderOrder(order.clientOrderId, leaderId);
    if (mirrored !== null && leaderWorking.has(mirrored) && order.clientOrderId !== null) {
      recordMirror(leader, order.clientOrderId, order.orderId);
      const signedQty = (order.side === 'buy' ? 1 : -1) * (order.qty - order.filledQty);
      addPendingExposure(leader, order.clientOrderId, {
        leaderOrderId: mirrored,
        accountId: follower.id,
        symbol: order.symbol,
        signedQty,
      });
    }
    if (mirrored !== null && !leaderWorking.has(mirrored)) {
      if (order.clientOrderId !== null) settlePendingExposure(leader, order.clientOrderId);
      await entry.session
        .cancelOrder(follower.externalId, order.orderId)
        .catch((error: unknown) => ctx.log(error, 'cancel stray mirror'));
    }
  }
  let moves = await movesOf(ctx, entry, follower, leader, options);
  const ackedAt = ctx.live.get(follower.id)?.lastCopyAckAt ?? null;
  const sinceAck = ackedAt === null ? Infinity : ctx.clock.now() - ackedAt;
  if (moves.length > 0 && sinceAck < ctx.settings.copySettleMs) {
    // A copy just acknowledged may not be in the broker's positions yet: look again before correcting,
    // or the same difference would be sent twice.
    await new Promise<void>((resolve) => ctx.clock.after(ctx.settings.copySettleMs - sinceAck, resolve));
    moves = await movesOf(ctx, entry, follower, leader, options);
  }
  const live = ctx.live.get(follower.id);
  const status = live?.status;
  let handReleased = false;
  if (options.overrideHand === true && live !== undefined)
    handReleased = releaseHeldByHand(live, live.heldByHand);
  // What a person did by hand stays as it is (until the leader's next entry or Sync): shown, not undone.
  const byHand = moves.filter((move) => live?.heldByHand.has(move.symbol) === true);
  // Back at leader × ratio (by hand or by the leader's trades): nothing is held by hand any more.
  if (options.leaderSymbols === undefined && live !== undefined) {
    const atTarget = [...live.heldByHand].filter((symbol) => !moves.some((move) => move.symbol === symbol));
    handReleased = releaseHeldByHand(live, atTarget) || handReleased;
  }
  if (handReleased) ctx.heldByHandChanged(follower.id);
  moves = moves.filter((move) => !byHand.includes(move));
  if (moves.length === 0) {
    if (byHand.length > 0) {
      const held = byHand.map((m) => `${m.symbol}: ${m.actual}, leader × ratio: ${m.desired}`).join('; ');
      ctx.setStatus(follower.id, {
        state: 'out_of_sync',
        reason: `Out of sync (${held}): traded by hand, left as it is until the leader's next entry or Sync`,
      });
      return;
    }
    if (status?.state === 'out_of_sync') ctx.setStatus(follower.id, { state: 'ok', reason: null });
    if (follower.waitsForLeaderTrade === true) {
      follower.waitsForLeaderTrade = false;
      await ctx.directory.stopWaiting?.(follower.id);
    }
    return;
  }
  if (follower.waitsForLeaderTrade === true) {
    if (!options.force) {
      ctx.setStatus(follower.id, { state: 'out_of_sync', reason: WAITING_FOR_LEADER_TRADE });
      return;
    }
    // A forced check (the new leader traded, or the user pressed Sync) ends the wait: align now.
    follower.waitsForLeaderTrade = false;
    await ctx.directory.stopWaiting?.(follower.id);
  }
  if (!options.force && !follower.autoSync) {
    const reason = moves.map((m) => `${m.symbol}: ${m.actual}, leader × ratio: ${m.desired}`).join('; ');
    if (status?.state !== 'out_of_sync') {
      ctx.notifier.notify(follower.userId, {
        kind: 'out_of_sync',
        accountName: follower.name,
        differences: reason,
      });
    }
    ctx.setStatus(follower.id, { state: 'out_of_sync', reason: `Out of sync (${reason})` });
    return;
  }
  sequence += 1;
  const eventKey = syncEventKey(follower.id, `${Math.floor(ctx.clock.now()).toString(36)}${sequence}`);
  const intents: CopyIntent[] = [];
  for (const move of moves) {
    for (const part of planMove(move.actual, move.desired, follower.risk)) {
      intents.push({
        clientOrderId: copyClientId(eventKey, follower.id, intents.length),
        eventKey,
        userId: follower.userId,
        accountId: follower.id,
        symbol: move.symbol,
        side: part.side,
        qty: part.qty,
        type: 'Market',
        price: null,
        stopPrice: null,
        exit: part.exit,
        leaderOrderId: null,
      });
    }
  }
  const claim = await ctx.store.claim({
    eventKey,
    userId: follower.userId,
    intents,
    skips: [],
    eventTime: null,
  });
  const started = ctx.clock.now();
  await Promise.allSettled(
    intents.filter((i) => claim.claimed.has(i.clientOrderId)).map((intent) => dispatch(ctx, intent, started)),
  );
  if (ctx.live.get(follower.id)?.status.state === 'out_of_sync')
    ctx.setStatus(follower.id, { state: 'ok', reason: null });
}

/**
 * The position goes to its target; resting mirrors that could then carry the follower past its max net
 * position are canceled (the limit wins over the mirror).
 */
async function trimMirrors(
  ctx: EngineContext,
  follower: EngineAccount,
  leader: LeaderState,
  symbol: string,
  desired: number,
): Promise<void> {
  const entry = ctx.sessions.get(follower.connectionId);
  for (const side of ['buy', 'sell'] as const) {
    for (const [clientId, exposure] of leader.mirrorExposure) {
      if (
        Math.abs(desired + pendingExposure(leader, follower.id, symbol, side)) <= follower.risk.maxNetPosition
      )
        break;
      if (
        exposure.accountId !== follower.id ||
        exposure.symbol !== symbol ||
        Math.sign(exposure.signedQty) !== (side === 'buy' ? 1 : -1)
      )
        continue;
      settlePendingExposure(leader, clientId);
      const orderId = leader.mirrorOrderIds.get(clientId);
      if (orderId !== undefined && entry !== undefined) {
        await entry.session
          .cancelOrder(follower.externalId, orderId)
          .catch((error: unknown) => ctx.log(error, 'cancel mirror over the limit'));
      }
      ctx.store.recordSkip({
        eventKey: clientId,
        userId: follower.userId,
        accountId: follower.id,
        symbol,
        side,
        qty: Math.abs(exposure.signedQty),
        type: 'Limit',
        price: null,
        status: 'Canceled',
        reason: `Mirror canceled: it could pass the max net position (${follower.risk.maxNetPosition})`,
      });
    }
  }
}

interface Move {
  symbol: string;
  actual: number;
  desired: number;
}

/** The corrections a follower needs, from the broker's own positions; trims stray mirrors on the way. */
async function movesOf(
  ctx: EngineContext,
  entry: NonNullable<ReturnType<EngineContext['sessions']['get']>>,
  follower: EngineAccount,
  leader: LeaderState,
  options: ReconcileOptions,
): Promise<Move[]> {
  const leaderPositions = leader.positions;
  // The broker's position, plus copies on their way (sent, fills not seen yet): a difference those copies
  // are already closing is not corrected again.
  // A copy's fill that arrives while the position is being read may or may not be in it: read again.
  const live = ctx.live.get(follower.id);
  let inflight = inflightByContract(live);
  let read = await entry.session.positions();
  for (
    let attempt = 0;
    attempt < STABLE_READ_ATTEMPTS && !sameCounts(inflight, inflightByContract(live));
    attempt += 1
  ) {
    inflight = inflightByContract(live);
    read = await entry.session.positions();
  }
  const held = new Map(
    read.filter((p) => p.accountExternalId === follower.externalId).map((p) => [p.symbol, p.netPos]),
  );
  for (const [symbol, qty] of inflight) held.set(symbol, (held.get(symbol) ?? 0) + qty);
  const toFollower = (symbol: string): string => (follower.cross ? crossSymbol(symbol) : symbol);
  const scope = options.leaderSymbols?.map(toFollower);
  const symbols = new Set([...[...leaderPositions.keys()].map(toFollower), ...held.keys()]);
  const moves: Move[] = [];
  for (const symbol of symbols) {
    if (scope !== undefined && !scope.includes(symbol)) continue;
    const actual = held.get(symbol) ?? 0;
    const desired = targetPosition(
      leaderPositions.get(toFollower(symbol)) ?? 0,
      follower.ratio,
      follower.risk,
    );
    await trimMirrors(ctx, follower, leader, symbol, desired);
    if (desired !== actual) moves.push({ symbol, actual, desired });
  }
  return moves;
}
