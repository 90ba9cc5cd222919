import type { AccountSnapshot, BrokerOrder, BrokerPosition, BrokerSession } from '../../brokers/types';
import type { RequestBudget } from './budget';
import { mirroredLeaderOrder } from './client-ids';
import type { CopyIntent, FollowerStatus, EngineAccount } from './types';
import { RecentSet } from '../../runtime/recent-set';
import { GroupQueue } from './group-queue';

/*
 * The copy group's state and the only code that changes it. Other engine modules read it through the
 * readonly types below and change it through the named transitions at the end of this file, so every way
 * the engine's picture of a group can move is listed in one place.
 */

/** A broker session of one connection, with its request budget and its accounts by broker id. */
export interface SessionEntry {
  connectionId: number;
  session: BrokerSession;
  budget: RequestBudget;
  byExternalId: Map<string, number>;
  unsubscribe: () => void;
  up: boolean;
  /** When the session last delivered anything (epoch ms): its opening, or its newest event. */
  heardAt: number;
}

/** A market copy on its way: what of it the follower's position does not show yet (signed). */
export interface InflightCopy {
  readonly symbol: string;
  readonly signedRemaining: number;
  readonly fillIds: ReadonlySet<string>;
  /**
   * Its send's answer was lost and the look-up failed too: it may still land and fill. Counted as held (the
   * worst case for the limits) until a look-up or its fills tell.
   */
  readonly uncertain: boolean;
}

/**
 * A copy sent whose broker answer has not come back: the follower's feed may show its order first. When the
 * answer and the look-up are both lost, the feed's later order events are the only way its outcome is learned.
 */
export interface PendingSend {
  readonly receivedAt: number;
  readonly sentMs: number;
  readonly leaderOrderId: string | null;
  /** The last version of its order the follower's feed showed, and when (engine clock). */
  readonly seen: { readonly order: BrokerOrder; readonly at: number } | null;
  /** Its answer and the look-up were lost: the feed's order events record its outcome from now on. */
  readonly lost: boolean;
}

/** What the desk shows of an account, kept current from the broker's events. */
export interface LiveAccount {
  readonly positions: ReadonlyMap<string, { netPos: number; avgPrice: number }>;
  readonly snapshot: AccountSnapshot | null;
  readonly status: FollowerStatus;
  /**
   * Market copies sent whose fills the follower's feed has not shown yet, by client order id: part of the
   * follower's position for planning, reconciliation and limits, until their fills arrive or they end unfilled.
   */
  readonly copies: ReadonlyMap<string, InflightCopy>;
  /**
   * Contracts a person traded by hand on this follower (flatten, close, an order of their own) since the
   * leader's last entry: the engine leaves them alone (exits never reopen them, auto-sync does not undo them)
   * until the leader's next entry or a Sync.
   */
  readonly heldByHand: ReadonlySet<string>;
  /** When the broker last acknowledged a copy to this account (engine clock), if ever. */
  readonly lastCopyAckAt: number | null;
  /** Copies sent without a known outcome yet, by client order id. */
  readonly sends: ReadonlyMap<string, PendingSend>;
  /**
   * Per contract, the follower's fills and position moves heard but not yet matched by the other (`Unposted`): a
   * broker may post the position some time after the fill (ProjectX, about 100 ms), or before it.
   */
  readonly unposted: ReadonlyMap<string, readonly Unposted[]>;
}

/**
 * A fill whose position move has not been heard yet (`fill`: counted as held), or a position move whose fill has not
 * (`move`: already in the position, it only keeps its fill from being counted again), signed, heard at `at` (engine
 * clock). Kept for `UNPOSTED_MS` at most: past it the broker's position alone decides.
 */
export interface Unposted {
  readonly kind: 'fill' | 'move';
  readonly signedQty: number;
  readonly at: number;
}

/** How long a fill and its position move may be apart before the position alone is believed. */
export const UNPOSTED_MS = 1_000;

/** Contracts the follower's resting mirrors could still add: counted against the max net position. */
export interface MirrorExposure {
  readonly leaderOrderId: string;
  readonly accountId: number;
  readonly symbol: string;
  readonly signedQty: number;
}

/** Copying state of a leader: its positions as the engine counted them, and its mirrored orders. */
export interface LeaderState {
  readonly accountId: number;
  /** The trader's copy group it leads: its followers are the accounts of that group (`copyGroupOf`). */
  readonly copyGroupId: number;
  readonly positions: ReadonlyMap<string, number>;
  /**
   * False until the count is read from the broker (reconciliation). A group just opened (a restart, a group taken
   * over, a new leader) knows nothing of what the leader held: a fill then cannot be copied as a move from the count.
   */
  readonly counted: boolean;
  readonly seenFills: Pick<RecentSet<string>, 'has' | 'size'>;
  /**
   * Leader fills received and waiting in the copy group's queue, by fill id. The broker's position already
   * holds them and the count does not yet: reconciliation waits behind them.
   */
  readonly queued: ReadonlyMap<string, { symbol: string; signedQty: number }>;
  /** Leader fills received so far (a reading of the broker's position is stable when none arrived meanwhile). */
  readonly arrivals: number;
  /** Leader order id → last version seen, for the orders that have mirrors on followers. */
  readonly mirrored: ReadonlyMap<string, BrokerOrder>;
  /** Mirror client order id → the follower's broker order id, once acknowledged. */
  readonly mirrorOrderIds: ReadonlyMap<string, string>;
  /** By mirror client order id. */
  readonly mirrorExposure: ReadonlyMap<string, MirrorExposure>;
  /**
   * Mirrors (client order ids) whose leader order was changed while the mirror's placement still waited for its
   * turn: the change is sent once the placement is acknowledged.
   */
  readonly changedBeforePlaced: ReadonlySet<string>;
  /** Leader orders seen (placed or filled) in the last minute, by order id: when first seen (the leader's pace). */
  readonly recentOrders: ReadonlyMap<string, number>;
}

/** A reconciliation that looks at a follower again later, as a job of its own. */
export interface Recheck {
  /** Resolves once the look again has run, or the wait was called off. */
  readonly done: Promise<void>;
  cancel(): void;
}

/**
 * One trader's copy groups: each group's leader state, and one queue for all of them. Every change runs in `jobs`,
 * one at a time, in arrival order (close-outs first): the trader's groups share their accounts' firms (the no-hedge
 * rule looks across groups) and their broker logins (one request budget each), so they are decided in one place.
 */
export interface UserGroup {
  readonly userId: number;
  accountIds: ReadonlySet<number>;
  /** Connections with an open session for this user. */
  connectionIds: ReadonlySet<number>;
  /** The leader of each copy group that has one, by copy group id. */
  leaders: ReadonlyMap<number, LeaderState>;
  readonly jobs: GroupQueue;
  /** Reconciliations waiting behind queued leader fills (their options, as JSON). */
  readonly deferredReconciles: ReadonlySet<string>;
  /** Reconciliations waiting for a just-acknowledged copy to show in the broker's positions (options, as JSON). */
  readonly rechecks: ReadonlyMap<string, Recheck>;
  /** Sends not settled yet, per follower: reconciliation waits for them. */
  readonly inflight: ReadonlyMap<number, ReadonlySet<Promise<void>>>;
}

// The writable shapes, for the transitions only.
interface MutableCopy {
  symbol: string;
  signedRemaining: number;
  fillIds: Set<string>;
  uncertain: boolean;
}

interface MutableLive {
  positions: Map<string, { netPos: number; avgPrice: number }>;
  snapshot: AccountSnapshot | null;
  status: FollowerStatus;
  copies: Map<string, MutableCopy>;
  heldByHand: Set<string>;
  lastCopyAckAt: number | null;
  sends: Map<string, PendingSend>;
  unposted: Map<string, Unposted[]>;
  recentFills: RecentSet<string>;
}
interface MutableLeader {
  accountId: number;
  copyGroupId: number;
  positions: Map<string, number>;
  counted: boolean;
  seenFills: RecentSet<string>;
  queued: Map<string, { symbol: string; signedQty: number }>;
  arrivals: number;
  mirrored: Map<string, BrokerOrder>;
  mirrorOrderIds: Map<string, string>;
  mirrorExposure: Map<string, MirrorExposure>;
  changedBeforePlaced: Set<string>;
  recentOrders: Map<string, number>;
}
const writable = {
  live: (live: LiveAccount): MutableLive => live as MutableLive,
  leader: (leader: LeaderState): MutableLeader => leader as MutableLeader,
  inflight: (group: UserGroup): Map<number, Set<Promise<void>>> =>
    group.inflight as Map<number, Set<Promise<void>>>,
};

export const SEEN_FILLS_LIMIT = 10_000;
/** A follower's fills remembered to drop one its feed tells twice. */
const RECENT_FILLS_KEPT = 1_000;
const MIRRORS_KEPT = 5_000;

// ---- Reading ----

/** The copy group of an account (an account the directory placed nowhere is in group 0, the trader's only one). */
export const copyGroupOf = (account: Pick<EngineAccount, 'groupId'>): number => account.groupId ?? 0;

/** The leader of the account's copy group, if it has one (the account itself when it leads). */
export function leaderOf(group: UserGroup | undefined, account: EngineAccount): LeaderState | null {
  return group?.leaders.get(copyGroupOf(account)) ?? null;
}

/** The leader state of this account when it leads a group, else null. */
export function leaderStateOf(group: UserGroup | undefined, accountId: number): LeaderState | null {
  for (const leader of group?.leaders.values() ?? []) if (leader.accountId === accountId) return leader;
  return null;
}

/** The accounts of the leader's copy group other than the leader, in the trader's account order. */
export function membersOf(
  group: UserGroup,
  accounts: ReadonlyMap<number, EngineAccount>,
  leader: LeaderState,
): EngineAccount[] {
  const members: EngineAccount[] = [];
  for (const id of group.accountIds) {
    const account = accounts.get(id);
    if (account !== undefined && id !== leader.accountId && copyGroupOf(account) === leader.copyGroupId)
      members.push(account);
  }
  return members;
}

/** Copies on their way to one contract of the follower, signed. */
export function inflightOf(live: LiveAccount | undefined, symbol: string): number {
  let total = 0;
  for (const copy of live?.copies.values() ?? []) if (copy.symbol === symbol) total += copy.signedRemaining;
  return total;
}

/**
 * The follower's position as far as the engine can know it (`now`: engine clock): the broker's, plus its fills
 * heard that the position does not show yet, plus copies on their way.
 */
export function heldPosition(live: LiveAccount | undefined, symbol: string, now: number): number {
  if (live === undefined) return 0;
  let unposted = 0;
  for (const item of live.unposted.get(symbol) ?? [])
    if (item.kind === 'fill' && item.at >= now - UNPOSTED_MS) unposted += item.signedQty;
  return (live.positions.get(symbol)?.netPos ?? 0) + unposted + inflightOf(live, symbol);
}

export function canReceive(
  account: EngineAccount | undefined,
  live: LiveAccount | undefined,
  entry: SessionEntry | undefined,
): boolean {
  return (
    account !== undefined &&
    account.enabled &&
    account.isFollower &&
    !account.isLeader &&
    live?.status.state !== 'risk_stopped' &&
    entry !== undefined &&
    entry.up
  );
}

/** A rule stopped this follower: no copy is planned for it from now on (its close-out still goes out). */
export function stopFollower(account: EngineAccount): void {
  account.isFollower = false;
}

/** What the follower's live mirrors on one side could still add to its position (signed). */
export function pendingExposure(
  leader: LeaderState | null,
  accountId: number,
  symbol: string,
  side: 'buy' | 'sell',
): number {
  let total = 0;
  for (const exposure of leader?.mirrorExposure.values() ?? []) {
    if (
      exposure.accountId === accountId &&
      exposure.symbol === symbol &&
      Math.sign(exposure.signedQty) === (side === 'buy' ? 1 : -1)
    )
      total += exposure.signedQty;
  }
  return total;
}

export const isLiveOrder = (order: BrokerOrder): boolean =>
  order.status === 'Working' || order.status === 'PendingNew';

// ---- New state ----

export function newGroup(userId: number, onJobError: (error: unknown) => void): UserGroup {
  return {
    userId,
    accountIds: new Set(),
    connectionIds: new Set(),
    leaders: new Map(),
    deferredReconciles: new Set(),
    rechecks: new Map(),
    jobs: new GroupQueue(onJobError),
    inflight: new Map(),
  };
}

export function newLeaderState(accountId: number, copyGroupId = 0): LeaderState {
  const leader: MutableLeader = {
    accountId,
    copyGroupId,
    positions: new Map(),
    counted: false,
    seenFills: new RecentSet(SEEN_FILLS_LIMIT),
    queued: new Map(),
    arrivals: 0,
    mirrored: new Map(),
    mirrorOrderIds: new Map(),
    mirrorExposure: new Map(),
    changedBeforePlaced: new Set(),
    recentOrders: new Map(),
  };
  return leader;
}

export function newLiveAccount(status: FollowerStatus, heldByHand: readonly string[]): LiveAccount {
  const live: MutableLive = {
    positions: new Map(),
    snapshot: null,
    status,
    copies: new Map(),
    heldByHand: new Set(heldByHand),
    lastCopyAckAt: null,
    sends: new Map(),
    unposted: new Map(),
    recentFills: new RecentSet(RECENT_FILLS_KEPT),
  };
  return live;
}

// ---- Leader transitions ----

/** A leader fill arrived from the feed: it waits in the queue (the broker's position holds it already). */
export function leaderFillArrived(
  leader: LeaderState,
  fill: { fillId: string; symbol: string; side: 'buy' | 'sell'; qty: number },
): void {
  const state = writable.leader(leader);
  if (state.seenFills.has(fill.fillId) || state.queued.has(fill.fillId)) return;
  state.arrivals += 1;
  state.queued.set(fill.fillId, {
    symbol: fill.symbol,
    signedQty: fill.side === 'buy' ? fill.qty : -fill.qty,
  });
}

/**
 * A leader fill leaves the queue to be copied. False when it was seen before (a replay from the feed):
 * nothing is to be done for it. The oldest remembered fills are forgotten past `SEEN_FILLS_LIMIT`.
 */
export function takeLeaderFill(leader: LeaderState, fillId: string): boolean {
  const state = writable.leader(leader);
  state.queued.delete(fillId);
  if (state.seenFills.has(fillId)) return false;
  state.seenFills.add(fillId);
  return true;
}

/** A leader fill was claimed (stored with its copies): the count moves to the leader's new position. */
export function applyLeaderFill(leader: LeaderState, symbol: string, after: number): void {
  writable.leader(leader).positions.set(symbol, after);
}

/**
 * A leader working order changed: returns the version seen before (undefined for a new order). Finished
 * orders are kept only so late fills are still recognized; past the cap the oldest finished ones go.
 */
export function leaderOrderSeen(leader: LeaderState, order: BrokerOrder): BrokerOrder | undefined {
  const state = writable.leader(leader);
  const known = state.mirrored.get(order.orderId);
  state.mirrored.set(order.orderId, order);
  if (state.mirrored.size > MIRRORS_KEPT) forgetFinished(state);
  return known;
}

function forgetFinished(state: MutableLeader): void {
  for (const [id, order] of state.mirrored) {
    if (state.mirrored.size <= MIRRORS_KEPT * 0.9) return;
    if (isLiveOrder(order)) continue;
    state.mirrored.delete(id);
    for (const clientId of state.mirrorOrderIds.keys())
      if (mirroredLeaderOrder(clientId, state.accountId) === id) state.mirrorOrderIds.delete(clientId);
  }
}

/**
 * The broker's own reading of the leader replaces the count (reconciliation), and leader working orders
 * not known yet are learned as mirrored (after a restart the engine relearns them from the broker).
 */
export function relearnLeader(
  leader: LeaderState,
  positions: readonly BrokerPosition[],
  workingOrders: readonly BrokerOrder[],
): void {
  const state = writable.leader(leader);
  state.positions = new Map(positions.map((position) => [position.symbol, position.netPos]));
  state.counted = true;
  for (const order of workingOrders)
    if (order.type !== 'Market' && !state.mirrored.has(order.orderId))
      state.mirrored.set(order.orderId, order);
}

/** A leader order was placed or filled: it counts toward the leader's pace for a minute. */
export function leaderOrderActive(leader: LeaderState, orderId: string, at: number): void {
  const recent = writable.leader(leader).recentOrders;
  for (const [id, seen] of recent) {
    if (seen > at - PACE_WINDOW_MS) break;
    recent.delete(id);
  }
  if (!recent.has(orderId)) recent.set(orderId, at);
}

export const PACE_WINDOW_MS = 60_000;

/** Leader orders placed or filled within the last minute. */
export function leaderOrdersLastMinute(leader: LeaderState | null, now: number): number {
  let count = 0;
  for (const seen of leader?.recentOrders.values() ?? []) if (seen > now - PACE_WINDOW_MS) count += 1;
  return count;
}

// ---- Mirror transitions ----

/** Mirrors about to be sent: what they could add counts against the limits from now on. */
export function addPendingExposure(
  leader: LeaderState,
  clientOrderId: string,
  exposure: MirrorExposure,
): void {
  writable.leader(leader).mirrorExposure.set(clientOrderId, exposure);
}

/** A mirror was resized (0: it is being canceled). */
export function resizePendingExposure(leader: LeaderState, clientOrderId: string, signedQty: number): void {
  const state = writable.leader(leader);
  const exposure = state.mirrorExposure.get(clientOrderId);
  if (exposure !== undefined) state.mirrorExposure.set(clientOrderId, { ...exposure, signedQty });
}

/** A mirror can no longer add to the position (canceled, over the limit, or its leader order is gone). */
export function settlePendingExposure(leader: LeaderState, clientOrderId: string): void {
  writable.leader(leader).mirrorExposure.delete(clientOrderId);
}

/** The leader order ended (filled or canceled): none of its mirrors adds to any position any more. */
export function settleLeaderOrderExposure(leader: LeaderState, leaderOrderId: string): void {
  const state = writable.leader(leader);
  for (const [clientId, exposure] of state.mirrorExposure)
    if (exposure.leaderOrderId === leaderOrderId) state.mirrorExposure.delete(clientId);
}

/** The follower's broker acknowledged a mirror (or it was found there): its order id, for modify and cancel. */
export function recordMirror(leader: LeaderState, clientOrderId: string, brokerOrderId: string): void {
  writable.leader(leader).mirrorOrderIds.set(clientOrderId, brokerOrderId);
}

/** The leader changed a mirrored order while this mirror's placement still waited for its turn. */
export function mirrorChangedBeforePlaced(leader: LeaderState, clientOrderId: string): void {
  writable.leader(leader).changedBeforePlaced.add(clientOrderId);
}

/** The mirror's placement settled: whether a change of the leader order is still to be sent to it (asked once). */
export function takeChangeBeforePlaced(leader: LeaderState, clientOrderId: string): boolean {
  return writable.leader(leader).changedBeforePlaced.delete(clientOrderId);
}

// ---- Group transitions ----

/** A reconciliation waits behind queued leader fills; false when the same one already waits. */
export function deferReconcile(group: UserGroup, key: string): boolean {
  const waiting = group.deferredReconciles as Set<string>;
  if (waiting.has(key)) return false;
  waiting.add(key);
  return true;
}

/** A deferred reconciliation runs now (another one like it may be deferred again). */
export function reconcileResumed(group: UserGroup, key: string): void {
  (group.deferredReconciles as Set<string>).delete(key);
}

/** Answers false when the same look again is already waiting. */
export function recheckWaiting(group: UserGroup, key: string, recheck: Recheck): boolean {
  const waiting = group.rechecks as Map<string, Recheck>;
  if (waiting.has(key)) return false;
  waiting.set(key, recheck);
  return true;
}

/** The look again runs now, or was called off (another one like it may wait again). */
export function recheckStarted(group: UserGroup, key: string): void {
  (group.rechecks as Map<string, Recheck>).delete(key);
}

// ---- Follower transitions ----

/** The broker's position or balance of an account, from its feed. */
export function brokerPositionSeen(live: LiveAccount, position: BrokerPosition, at: number): void {
  const mutable = writable.live(live);
  const before = mutable.positions.get(position.symbol);
  mutable.positions.set(position.symbol, { netPos: position.netPos, avgPrice: position.avgPrice });
  // A contract not read before was flat: its first reading may hold a fill heard just before it, but what it holds
  // beyond is where the account started, not a move whose fill is to come.
  match(mutable, position.symbol, 'move', position.netPos - (before?.netPos ?? 0), at, before !== undefined);
}

/** A fill of the follower (a copy's or by hand) reached its feed (duplicates ignored). */
export function followerFillHeard(
  live: LiveAccount,
  fill: { fillId: string; symbol: string; side: 'buy' | 'sell'; qty: number },
  at: number,
): void {
  const mutable = writable.live(live);
  if (mutable.recentFills.has(fill.fillId)) return;
  mutable.recentFills.add(fill.fillId);
  match(mutable, fill.symbol, 'fill', fill.side === 'buy' ? fill.qty : -fill.qty, at);
}

/**
 * A fill or a position move is matched with what the other side left unmatched in the same direction, oldest
 * first (past ones dropped); what is left over waits for its match.
 */
function match(
  live: MutableLive,
  symbol: string,
  kind: Unposted['kind'],
  signedQty: number,
  at: number,
  keepLeftover = true,
): void {
  if (signedQty === 0) return;
  const items = (live.unposted.get(symbol) ?? []).filter((item) => item.at >= at - UNPOSTED_MS);
  let left = signedQty;
  for (let i = 0; i < items.length && left !== 0; i += 1) {
    const item = items[i];
    if (item === undefined || item.kind === kind || Math.sign(item.signedQty) !== Math.sign(left)) continue;
    const taken = Math.sign(left) * Math.min(Math.abs(left), Math.abs(item.signedQty));
    left -= taken;
    items[i] = { ...item, signedQty: item.signedQty - taken };
  }
  const kept = items.filter((item) => item.signedQty !== 0);
  if (left !== 0 && keepLeftover) kept.push({ kind, signedQty: left, at });
  if (kept.length === 0) live.unposted.delete(symbol);
  else live.unposted.set(symbol, kept);
}

export function brokerSnapshotSeen(live: LiveAccount, snapshot: AccountSnapshot): void {
  writable.live(live).snapshot = snapshot;
}

/** What the desk shows; false when it was already so. */
export function statusChanged(live: LiveAccount, status: FollowerStatus): boolean {
  if (live.status.state === status.state && live.status.reason === status.reason) return false;
  writable.live(live).status = status;
  return true;
}

/** A market copy is on its way: counted as held until the follower's feed shows its fills. */
export function addInflightCopy(live: LiveAccount, intent: CopyIntent): void {
  writable.live(live).copies.set(intent.clientOrderId, {
    symbol: intent.symbol,
    signedRemaining: intent.side === 'buy' ? intent.qty : -intent.qty,
    fillIds: new Set(),
    uncertain: false,
  });
}

/**
 * Nobody knows whether a copy reached the broker (its answer and the look-up both failed): it stays counted as
 * held, as if it will fill, so no later copy or correction can carry the follower past its limits when it lands.
 */
export function copyOutcomeUnknown(live: LiveAccount | undefined, clientOrderId: string): void {
  const copy = live === undefined ? undefined : writable.live(live).copies.get(clientOrderId);
  if (copy !== undefined) copy.uncertain = true;
}

/** A copy's fill reached the follower's feed: that part is in the broker's position now (duplicates ignored). */
export function copyFilled(live: LiveAccount, clientOrderId: string, fillId: string, qty: number): void {
  const copies = writable.live(live).copies;
  const copy = copies.get(clientOrderId);
  if (copy === undefined || copy.fillIds.has(fillId)) return;
  copy.fillIds.add(fillId);
  const left = Math.abs(copy.signedRemaining) - qty;
  if (left <= 0) copies.delete(clientOrderId);
  else copy.signedRemaining = Math.sign(copy.signedRemaining) * left;
}

/** A copy ended unfilled (canceled, rejected, never sent): it is no longer on its way. */
export function settleInflightCopy(live: LiveAccount | undefined, clientOrderId: string): void {
  if (live !== undefined) writable.live(live).copies.delete(clientOrderId);
}

/**
 * A fresh snapshot after the feed came back holds every fill missed meanwhile: nothing is on its way, except
 * copies of unknown outcome, which may land later still (reconciliation looks them up).
 */
export function forgetInflightCopies(live: LiveAccount): void {
  const copies = writable.live(live).copies;
  for (const [clientOrderId, copy] of copies) if (!copy.uncertain) copies.delete(clientOrderId);
  writable.live(live).unposted.clear();
}

/** A copy goes to the broker (a retry follows a look-up that found nothing of it: nothing was seen). */
export function sendStarted(
  live: LiveAccount,
  clientOrderId: string,
  send: { receivedAt: number; sentMs: number; leaderOrderId: string | null },
): void {
  writable.live(live).sends.set(clientOrderId, {
    receivedAt: send.receivedAt,
    sentMs: send.sentMs,
    leaderOrderId: send.leaderOrderId,
    seen: null,
    lost: false,
  });
}

/** The follower's feed showed a copy's order: returns the send it belongs to, as it was before (if any). */
export function sendOrderSeen(
  live: LiveAccount,
  clientOrderId: string,
  order: BrokerOrder,
  at: number,
): PendingSend | undefined {
  const sends = writable.live(live).sends;
  const send = sends.get(clientOrderId);
  if (send !== undefined) sends.set(clientOrderId, { ...send, seen: { order, at } });
  return send;
}

/**
 * A send ended without an answer or a look-up: what the feed showed of its order so far (then its outcome is
 * known after all), or null, and then the feed's next order events tell its outcome.
 */
export function sendLost(live: LiveAccount | undefined, clientOrderId: string): PendingSend['seen'] {
  const sends = live === undefined ? undefined : writable.live(live).sends;
  const send = sends?.get(clientOrderId);
  if (sends === undefined || send === undefined) return null;
  if (send.seen === null) sends.set(clientOrderId, { ...send, lost: true });
  return send.seen;
}

/** A send is over: forgotten, unless it was lost (then its order events are still awaited). */
export function sendEnded(live: LiveAccount | undefined, clientOrderId: string): void {
  const sends = live === undefined ? undefined : writable.live(live).sends;
  if (sends?.get(clientOrderId)?.lost !== true) sends?.delete(clientOrderId);
}

/** A copy's outcome is final (its order ended, or a look-up told): nothing more is awaited of it. */
export function sendSettled(live: LiveAccount, clientOrderId: string): void {
  writable.live(live).sends.delete(clientOrderId);
}

export function copyAcknowledged(live: LiveAccount, at: number): void {
  writable.live(live).lastCopyAckAt = at;
}

/** A send to a follower started: reconciliation waits for it until it settles. */
export function trackSend(group: UserGroup, accountId: number, done: Promise<void>): void {
  const inflight = writable.inflight(group);
  const set = inflight.get(accountId) ?? new Set<Promise<void>>();
  set.add(done);
  inflight.set(accountId, set);
  void done.finally(() => set.delete(done));
}

/** A person traded this contract by hand on the follower; false when it was already so. */
export function markHeldByHand(live: LiveAccount, symbol: string): boolean {
  const held = writable.live(live).heldByHand;
  if (held.has(symbol)) return false;
  held.add(symbol);
  return true;
}

/** These contracts are no longer held by hand (back at target, or Sync); returns whether any was. */
export function releaseHeldByHand(live: LiveAccount, symbols: Iterable<string>): boolean {
  const held = writable.live(live).heldByHand;
  let released = false;
  for (const symbol of [...symbols]) released = held.delete(symbol) || released;
  return released;
}

const handWrites = new WeakMap<LiveAccount, Promise<void>>();

/**
 * Stores what is held by hand on a follower, behind the writes before it (the last one wins), so an engine
 * that restarts still leaves a person's own trades alone.
 */
export function storeHeldByHand(
  live: LiveAccount,
  accountId: number,
  store: (accountId: number, symbols: readonly string[]) => Promise<void>,
  log: (error: unknown, context: string) => void,
): void {
  const symbols = [...live.heldByHand];
  const next = (handWrites.get(live) ?? Promise.resolve())
    .then(() => store(accountId, symbols))
    .catch((error: unknown) => log(error, `store held by hand ${accountId}`));
  handWrites.set(live, next);
}
