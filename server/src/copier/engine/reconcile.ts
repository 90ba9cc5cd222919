import { BrokerError, type BrokerOrder } from '../../brokers/types';
import { syncEventKey } from './client-ids';
import type { EngineContext } from './context';
import { copyOrderSeen } from './late-outcomes';
import {
  correctionIntents,
  differing,
  followerOrderActions,
  followerTargets,
  followerVerdict,
  inflightByContract,
  mirrorsOverLimit,
  sameCounts,
  splitByHand,
  type Move,
} from './reconcile-plan';
import { dispatch } from './sender';
import { outcomeOfOrder } from './status-map';
import {
  addPendingExposure,
  canReceive,
  copyAcknowledged,
  deferReconcile,
  isLiveOrder,
  membersOf,
  recheckStarted,
  recheckWaiting,
  reconcileResumed,
  recordMirror,
  relearnLeader,
  releaseHeldByHand,
  sendSettled,
  settleInflightCopy,
  settlePendingExposure,
  type LeaderState,
  type UserGroup,
} from './state';
import type { EngineAccount } from './types';
import { withFields } from '../../runtime/with-fields';

export { WAITING_FOR_LEADER_TRADE } from './reconcile-plan';

export interface ReconcileOptions {
  /** Correct even followers with auto-sync off (the user pressed Sync, or the leader went flat). */
  force: boolean;
  /** Only this group's leader (by account id) and its followers; absent: every group of the trader. */
  leaderId?: number;
  /** Only these followers. */
  followerIds?: readonly number[];
  /** These followers are corrected as with `force` (copies lost in a crash, found at the restart). */
  forcedFollowerIds?: readonly number[];
  /** Only these leader contracts (and their Cross counterparts). */
  leaderSymbols?: readonly string[];
  /** The user pressed Sync: contracts traded by hand are brought back to leader × ratio too. */
  overrideHand?: boolean;
  /** A look again: the follower's copy acknowledged at this time was waited for (only a later one is). */
  waitedForAck?: number;
}

let sequence = 0;
const STABLE_READ_ATTEMPTS = 5;
const LOOK_UP_ATTEMPTS = 3;
// Reconciliation runs inside the user's queue: a leader's next fill waits with it, so only a short pause is waited out.
const LOOK_UP_WAIT_LIMIT_MS = 5_000;

/** Runs the reconciliation again behind the leader fills now queued (once per distinct request waiting). */
function deferBehindQueue(ctx: EngineContext, group: UserGroup, options: ReconcileOptions): void {
  const key = JSON.stringify(options);
  if (!deferReconcile(group, key)) return;
  void ctx.enqueue(group.userId, () => {
    reconcileResumed(group, key);
    return reconcileGroup(ctx, group, options);
  });
}

/**
 * Looks at the follower again once its last copy had time to show in the broker's positions, as a job of its own:
 * the leader's fills queued meanwhile are copied at once instead of waiting out the pause behind this one.
 */
function recheckAfter(
  ctx: EngineContext,
  group: UserGroup,
  options: ReconcileOptions,
  followerId: number,
  ackedAt: number,
): void {
  const key = JSON.stringify({ ...options, followerIds: [followerId], waitedForAck: undefined });
  const again: ReconcileOptions = { ...options, followerIds: [followerId], waitedForAck: ackedAt };
  let resolve = (): void => undefined;
  const done = new Promise<void>((settle) => {
    resolve = settle;
  });
  const run = (): Promise<void> => {
    recheckStarted(group, key);
    return reconcileGroup(ctx, group, again);
  };
  let stopTimer = (): void => undefined;
  const waiting = recheckWaiting(group, key, {
    done,
    cancel: () => {
      stopTimer();
      recheckStarted(group, key);
      resolve();
    },
  });
  const ms = ctx.settings.copySettleMs - (ctx.clock.now() - ackedAt);
  if (waiting) stopTimer = ctx.clock.after(ms, () => void ctx.enqueue(group.userId, run).then(resolve));
}

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
  for (const leader of [...group.leaders.values()]) {
    if (options.leaderId !== undefined && options.leaderId !== leader.accountId) continue;
    // A group whose leader changed meanwhile is reconciled by the new leader's own pass.
    if (group.leaders.get(leader.copyGroupId) !== leader) continue;
    await reconcileLeader(ctx, group, leader, { ...options, leaderId: leader.accountId });
  }
}

async function reconcileLeader(
  ctx: EngineContext,
  group: UserGroup,
  leader: LeaderState,
  options: ReconcileOptions,
): Promise<void> {
  const leaderAccount = ctx.accounts.get(leader.accountId);
  const leaderEntry = leaderAccount === undefined ? undefined : ctx.sessions.get(leaderAccount.connectionId);
  if (leaderAccount === undefined || leaderEntry === undefined || !leaderEntry.up) return;
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
  for (const follower of membersOf(group, ctx.accounts, leader)) {
    const accountId = follower.id;
    if (options.followerIds !== undefined && !options.followerIds.includes(accountId)) continue;
    if (!canReceive(follower, ctx.live.get(accountId), ctx.sessions.get(follower.connectionId))) continue;
    try {
      await reconcileFollower(ctx, group, follower, leader, leaderWorking, options);
    } catch (error: unknown) {
      ctx.log(error, `reconcile follower ${follower.id}`);
    }
  }
}

async function reconcileFollower(
  ctx: EngineContext,
  group: UserGroup,
  follower: EngineAccount,
  leader: LeaderState,
  leaderWorking: Set<string>,
  options: ReconcileOptions,
): Promise<void> {
  const entry = ctx.sessions.get(follower.connectionId);
  if (entry === undefined) return;
  const mine = (await entry.session.workingOrders()).filter(
    (o) => o.accountExternalId === follower.externalId,
  );
  for (const action of followerOrderActions(mine, follower.id, leader.accountId, leaderWorking)) {
    if (action.kind === 'keep-mirror') {
      recordMirror(leader, action.clientOrderId, action.orderId);
      addPendingExposure(leader, action.clientOrderId, action.exposure);
      continue;
    }
    if (action.clientOrderId !== null) settlePendingExposure(leader, action.clientOrderId);
    await entry.session
      .cancelOrder(follower.externalId, action.orderId)
      .catch((error: unknown) => ctx.log(error, 'cancel stray mirror'));
  }
  await resolveUncertainCopies(ctx, entry, follower);
  const moves = await movesOf(ctx, entry, follower, leader, options);
  const ackedAt = ctx.live.get(follower.id)?.lastCopyAckAt ?? null;
  if (
    moves.length > 0 &&
    ackedAt !== null &&
    ctx.clock.now() - ackedAt < ctx.settings.copySettleMs &&
    ackedAt !== options.waitedForAck
  ) {
    // A copy just acknowledged may not be in the broker's positions yet (its answer came before its fill's
    // event): look again before correcting, or the same difference would be sent twice.
    recheckAfter(ctx, group, options, follower.id, ackedAt);
    return;
  }
  const live = ctx.live.get(follower.id);
  const status = live?.status;
  const split = splitByHand(moves, live?.heldByHand ?? new Set<string>(), {
    overrideHand: options.overrideHand === true,
    wholeAccount: options.leaderSymbols === undefined,
  });
  if (live !== undefined && releaseHeldByHand(live, split.release)) ctx.heldByHandChanged(follower.id);
  const verdict = followerVerdict({
    split,
    force: options.force || options.forcedFollowerIds?.includes(follower.id) === true,
    autoSync: follower.autoSync,
    waitsForLeaderTrade: follower.waitsForLeaderTrade === true,
  });
  switch (verdict.kind) {
    case 'held-by-hand':
    case 'waiting-for-leader':
      ctx.setStatus(follower.id, { state: 'out_of_sync', reason: verdict.reason, chosen: true });
      return;
    case 'in-sync':
      if (status?.state === 'out_of_sync') ctx.setStatus(follower.id, { state: 'ok', reason: null });
      if (follower.waitsForLeaderTrade === true) await stopWaiting(ctx, follower);
      return;
    case 'flag':
      if (status?.state !== 'out_of_sync') {
        ctx.notifier.notify(
          follower.userId,
          {
            kind: 'out_of_sync',
            accountName: follower.name,
            differences: verdict.differences,
          },
          follower.id,
        );
      }
      ctx.setStatus(follower.id, { state: 'out_of_sync', reason: verdict.reason });
      return;
    case 'correct':
      // A forced check (the new leader traded, or the user pressed Sync) ends the wait: align now.
      if (verdict.endWait) await stopWaiting(ctx, follower);
      await sendCorrections(ctx, follower, split.toCorrect);
  }
}

/**
 * Copies whose outcome is in doubt are looked up again before the position is corrected.
 * - Market copies of unknown outcome: not at the broker (the look-up waits until the request could no longer
 *   land), no longer counted; ended there, its fills are in the broker's position, which is then read after the
 *   settling wait; still working, or the look-up failed again, it stays counted as held, so a correction never
 *   adds to what it may still bring.
 * - Resting copies (mirrors) whose answer and look-up were both lost wait for the follower's feed to tell their
 *   outcome, and one that never reached the broker would wait forever: not at the broker, forgotten; there, taken
 *   as the feed would have told it (recorded, kept as the leader order's mirror, forgotten once it ended).
 */
async function resolveUncertainCopies(
  ctx: EngineContext,
  entry: NonNullable<ReturnType<EngineContext['sessions']['get']>>,
  follower: EngineAccount,
): Promise<void> {
  const live = ctx.live.get(follower.id);
  if (live === undefined) return;
  for (const [clientOrderId, copy] of [...live.copies]) {
    if (!copy.uncertain) continue;
    const order = await lookUpCopy(ctx, entry, follower, clientOrderId);
    if (order === undefined) continue;
    if (order !== null) {
      ctx.store.recordOutcome(withFields(outcomeOfOrder(clientOrderId, order), { correctsUnknown: true }));
      if (isLiveOrder(order)) continue;
      copyAcknowledged(live, ctx.clock.now());
    }
    sendSettled(live, clientOrderId);
    settleInflightCopy(live, clientOrderId);
  }
  for (const [clientOrderId, send] of [...live.sends]) {
    if (!send.lost || live.copies.has(clientOrderId)) continue;
    const order = await lookUpCopy(ctx, entry, follower, clientOrderId);
    if (order === null) sendSettled(live, clientOrderId);
    else if (order !== undefined) copyOrderSeen(ctx, follower, order);
  }
}

/**
 * The copy as the broker knows it (null: it never arrived), or undefined when the look-up fails. A short
 * rate-limit pause is waited out, as a correction's send would wait it out; a longer lockout is not (the
 * copy stays counted and the reconciliation after the lockout looks again).
 */
async function lookUpCopy(
  ctx: EngineContext,
  entry: NonNullable<ReturnType<EngineContext['sessions']['get']>>,
  follower: EngineAccount,
  clientOrderId: string,
): Promise<BrokerOrder | null | undefined> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await entry.session.findOrderByClientId(follower.externalId, clientOrderId);
    } catch (error: unknown) {
      const wait =
        error instanceof BrokerError && error.code === 'rate_limited' && error.retryAt !== undefined
          ? error.retryAt - ctx.clock.now()
          : Infinity;
      if (attempt >= LOOK_UP_ATTEMPTS - 1 || wait > LOOK_UP_WAIT_LIMIT_MS) {
        ctx.log(error, `look up copy ${clientOrderId}`);
        return undefined;
      }
      await new Promise<void>((resolve) => ctx.clock.after(Math.max(1, wait), resolve));
    }
  }
}

async function stopWaiting(ctx: EngineContext, follower: EngineAccount): Promise<void> {
  follower.waitsForLeaderTrade = false;
  await ctx.directory.stopWaiting?.(follower.id);
}

async function sendCorrections(
  ctx: EngineContext,
  follower: EngineAccount,
  moves: readonly Move[],
): Promise<void> {
  sequence += 1;
  const eventKey = syncEventKey(follower.id, `${Math.floor(ctx.clock.now()).toString(36)}${sequence}`);
  const intents = correctionIntents(eventKey, follower, ctx.guard.boundsOf(follower), moves);
  // What still waits for the login's budget is replaced by these orders: one net order per contract.
  ctx.sessions.get(follower.connectionId)?.budget.drop(
    follower.id,
    moves.map((move) => move.symbol),
    'Superseded by the position check: one order brings the follower to leader × ratio',
  );
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

/** Cancels the resting mirrors that could carry the follower past its max net position once at `desired`. */
async function trimMirrors(
  ctx: EngineContext,
  follower: EngineAccount,
  leader: LeaderState,
  symbol: string,
  desired: number,
): Promise<void> {
  const entry = ctx.sessions.get(follower.connectionId);
  const { maxNetPosition } = ctx.guard.boundsOf(follower);
  const trims = mirrorsOverLimit(leader.mirrorExposure, follower.id, symbol, desired, maxNetPosition);
  for (const trim of trims) {
    settlePendingExposure(leader, trim.clientOrderId);
    const orderId = leader.mirrorOrderIds.get(trim.clientOrderId);
    if (orderId !== undefined && entry !== undefined) {
      await entry.session
        .cancelOrder(follower.externalId, orderId)
        .catch((error: unknown) => ctx.log(error, 'cancel mirror over the limit'));
    }
    ctx.store.recordSkip({
      eventKey: trim.clientOrderId,
      userId: follower.userId,
      accountId: follower.id,
      symbol,
      side: trim.side,
      qty: trim.qty,
      type: 'Limit',
      price: null,
      status: 'Canceled',
      reason: `Mirror canceled: it could pass the max net position (${maxNetPosition})`,
    });
  }
}

/** The corrections a follower needs, from the broker's own positions; trims stray mirrors on the way. */
async function movesOf(
  ctx: EngineContext,
  entry: NonNullable<ReturnType<EngineContext['sessions']['get']>>,
  follower: EngineAccount,
  leader: LeaderState,
  options: ReconcileOptions,
): Promise<Move[]> {
  // A copy's fill that arrives while the position is being read may or may not be in it: read again.
  const live = ctx.live.get(follower.id);
  const copies = (): Iterable<{ symbol: string; signedRemaining: number }> => live?.copies.values() ?? [];
  let inflight = inflightByContract(copies());
  let read = await entry.session.positions();
  for (
    let attempt = 0;
    attempt < STABLE_READ_ATTEMPTS && !sameCounts(inflight, inflightByContract(copies()));
    attempt += 1
  ) {
    inflight = inflightByContract(copies());
    read = await entry.session.positions();
  }
  const targets = followerTargets({
    leaderPositions: leader.positions,
    brokerPositions: read,
    inflight,
    follower,
    bounds: ctx.guard.boundsOf(follower),
    leaderSymbols: options.leaderSymbols,
  });
  for (const target of targets) await trimMirrors(ctx, follower, leader, target.symbol, target.desired);
  return differing(targets);
}
