import {
  SEEN_FILLS_LIMIT,
  addInflightCopy,
  addPendingExposure,
  applyLeaderFill,
  brokerSnapshotSeen,
  canReceive,
  copyAcknowledged,
  copyFilled,
  deferReconcile,
  heldPosition,
  leaderFillArrived,
  leaderOrderSeen,
  markHeldByHand,
  newGroup,
  newLeaderState,
  newLiveAccount,
  pendingExposure,
  reconcileResumed,
  relearnLeader,
  releaseHeldByHand,
  resizePendingExposure,
  settleInflightCopy,
  settleLeaderOrderExposure,
  settlePendingExposure,
  statusChanged,
  storeHeldByHand,
  takeLeaderFill,
  trackSend,
  type SessionEntry,
} from '../../src/copier/engine/state';
import { engineAccount } from './support/engine-account';
import { leaderLimitOrder } from './support/leader-order';
import type { CopyIntent } from '../../src/copier/engine/types';
import { marketCopy } from './support/copy-intent';

const OK = { state: 'ok' as const, reason: null };

const copy = (clientOrderId: string, side: 'buy' | 'sell', qty: number): CopyIntent =>
  marketCopy(clientOrderId, 'ESZ6', side, qty);

describe('copy group state transitions', () => {
  it('when a leader fill arrives twice and is taken twice, then it is queued and counted once and copied once', () => {
    const leader = newLeaderState(1);
    const fill = { fillId: 'a', symbol: 'ESZ6', side: 'sell' as const, qty: 3 };
    leaderFillArrived(leader, fill);
    leaderFillArrived(leader, fill);
    expect([leader.arrivals, [...leader.queued.entries()]]).toEqual([
      1,
      [['a', { symbol: 'ESZ6', signedQty: -3 }]],
    ]);
    expect(takeLeaderFill(leader, 'a')).toBe(true);
    expect(leader.queued.size).toBe(0);
    expect(takeLeaderFill(leader, 'a')).toBe(false);
    // A replay after it was taken is not queued again.
    leaderFillArrived(leader, fill);
    expect([leader.arrivals, leader.queued.size]).toEqual([1, 0]);
    applyLeaderFill(leader, 'ESZ6', -3);
    expect(leader.positions.get('ESZ6')).toBe(-3);
  });

  it('when more fills are remembered than the limit, then the oldest one is forgotten first', () => {
    const leader = newLeaderState(1);
    for (let i = 0; i <= SEEN_FILLS_LIMIT; i += 1) takeLeaderFill(leader, `f${i}`);
    expect(leader.seenFills.size).toBe(10_000);
    expect([leader.seenFills.has('f0'), leader.seenFills.has('f1'), leader.seenFills.has('f10000')]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('when copies are on their way, then the held position counts them until their fills arrive, duplicates ignored', () => {
    const live = newLiveAccount(OK, []);
    addInflightCopy(live, copy('c1', 'buy', 4));
    addInflightCopy(live, copy('c2', 'sell', 1));
    expect(heldPosition(live, 'ESZ6', 0)).toBe(3);
    copyFilled(live, 'c1', 'x1', 3);
    copyFilled(live, 'c1', 'x1', 3);
    expect(live.copies.get('c1')?.signedRemaining).toBe(1);
    copyFilled(live, 'c1', 'x2', 1);
    expect(live.copies.has('c1')).toBe(false);
    copyFilled(live, 'c2', 'y1', 5);
    expect(live.copies.size).toBe(0);
    addInflightCopy(live, copy('c3', 'sell', 2));
    settleInflightCopy(live, 'c3');
    expect(heldPosition(live, 'ESZ6', 0)).toBe(0);
    expect(heldPosition(undefined, 'ESZ6', 0)).toBe(0);
  });

  it('when mirrors rest on both sides, then pending exposure is counted per side and settles with its leader order', () => {
    const leader = newLeaderState(1);
    addPendingExposure(leader, 'm1', { leaderOrderId: 'L1', accountId: 2, symbol: 'ESZ6', signedQty: 2 });
    addPendingExposure(leader, 'm2', { leaderOrderId: 'L2', accountId: 2, symbol: 'ESZ6', signedQty: -5 });
    addPendingExposure(leader, 'm3', { leaderOrderId: 'L1', accountId: 3, symbol: 'ESZ6', signedQty: 7 });
    addPendingExposure(leader, 'm4', { leaderOrderId: 'L3', accountId: 2, symbol: 'NQZ6', signedQty: 1 });
    expect(pendingExposure(leader, 2, 'ESZ6', 'buy')).toBe(2);
    expect(pendingExposure(leader, 2, 'ESZ6', 'sell')).toBe(-5);
    resizePendingExposure(leader, 'm1', 6);
    resizePendingExposure(leader, 'unknown', 9);
    expect(pendingExposure(leader, 2, 'ESZ6', 'buy')).toBe(6);
    expect(leader.mirrorExposure.has('unknown')).toBe(false);
    settleLeaderOrderExposure(leader, 'L1');
    expect([...leader.mirrorExposure.keys()]).toEqual(['m2', 'm4']);
    settlePendingExposure(leader, 'm2');
    expect(pendingExposure(leader, 2, 'ESZ6', 'sell')).toBe(0);
    expect(pendingExposure(null, 2, 'ESZ6', 'sell')).toBe(0);
  });

  it('when the leader is relearned from the broker, then its count is replaced and unknown working orders are learned', () => {
    const leader = newLeaderState(1);
    applyLeaderFill(leader, 'NQZ6', 2);
    const known = leaderLimitOrder('o1', 'Working');
    expect(leaderOrderSeen(leader, known)).toBeUndefined();
    expect(leaderOrderSeen(leader, { ...known, price: 5001 })?.price).toBe(5000);
    relearnLeader(
      leader,
      [{ accountExternalId: 'L', symbol: 'ESZ6', netPos: -1, avgPrice: 5000 }],
      [
        { ...known, price: 4000 },
        leaderLimitOrder('o2', 'Working'),
        { ...leaderLimitOrder('o3', 'Working'), type: 'Market' },
      ],
    );
    expect([...leader.positions.entries()]).toEqual([['ESZ6', -1]]);
    expect([leader.mirrored.get('o1')?.price, leader.mirrored.has('o2'), leader.mirrored.has('o3')]).toEqual([
      5001,
      true,
      false,
    ]);
  });

  it('when contracts are marked and released by hand, then each call says whether anything changed', () => {
    const live = newLiveAccount(OK, ['CLZ6']);
    expect(markHeldByHand(live, 'ESZ6')).toBe(true);
    expect(markHeldByHand(live, 'ESZ6')).toBe(false);
    expect(releaseHeldByHand(live, ['NQZ6'])).toBe(false);
    expect(releaseHeldByHand(live, ['NQZ6', 'CLZ6'])).toBe(true);
    expect([...live.heldByHand]).toEqual(['ESZ6']);
    expect(releaseHeldByHand(live, live.heldByHand)).toBe(true);
    expect(live.heldByHand.size).toBe(0);
  });

  it('when a status is set again, or a reconciliation is deferred twice, then the second time changes nothing', () => {
    const live = newLiveAccount(OK, []);
    expect(statusChanged(live, { state: 'ok', reason: null })).toBe(false);
    expect(statusChanged(live, { state: 'out_of_sync', reason: 'a' })).toBe(true);
    expect(statusChanged(live, { state: 'out_of_sync', reason: 'b' })).toBe(true);
    expect(live.status).toEqual({ state: 'out_of_sync', reason: 'b' });
    const group = newGroup(1, () => undefined);
    expect(deferReconcile(group, 'k')).toBe(true);
    expect(deferReconcile(group, 'k')).toBe(false);
    reconcileResumed(group, 'k');
    expect(deferReconcile(group, 'k')).toBe(true);
  });

  it('when a leader buy fill waits in the queue, then it is counted as a buy', () => {
    const leader = newLeaderState(1);
    leaderFillArrived(leader, { fillId: 'b', symbol: 'ESZ6', side: 'buy', qty: 2 });
    expect(leader.queued.get('b')).toEqual({ symbol: 'ESZ6', signedQty: 2 });
  });

  it('when only the state changes, with no reason either way, then the status changed', () => {
    const live = newLiveAccount(OK, []);
    expect(statusChanged(live, { state: 'disconnected', reason: null })).toBe(true);
    expect(live.status).toEqual({ state: 'disconnected', reason: null });
  });

  it("when the feed brings a balance or the broker acknowledges a copy, then the account's live state shows it", () => {
    const live = newLiveAccount(OK, []);
    const snapshot = { accountExternalId: 'F', cashBalance: 50_000, realizedPnl: -20, openPnl: 5 };
    brokerSnapshotSeen(live, snapshot);
    copyAcknowledged(live, 1234);
    expect([live.snapshot, live.lastCopyAckAt]).toEqual([snapshot, 1234]);
  });

  it('when an account is unknown, disabled, not a follower, a leader, risk stopped or its session is down or gone, then it receives no copy', () => {
    const follower = engineAccount({ id: 2, userId: 1, connectionId: 1, isFollower: true });
    const live = newLiveAccount(OK, []);
    const entry = { up: true } as SessionEntry;
    expect(canReceive(follower, live, entry)).toBe(true);
    expect(canReceive(undefined, live, entry)).toBe(false);
    expect(canReceive(follower, undefined, entry)).toBe(true);
    expect(
      [
        canReceive({ ...follower, enabled: false }, live, entry),
        canReceive({ ...follower, isFollower: false }, live, entry),
        canReceive({ ...follower, isLeader: true }, live, entry),
        canReceive(follower, newLiveAccount({ state: 'risk_stopped', reason: 'limit' }, []), entry),
        canReceive(follower, live, { ...entry, up: false }),
        canReceive(follower, live, undefined),
      ].some(Boolean),
    ).toBe(false);
  });

  it('when a send to a follower settles, then it is no longer waited for', async () => {
    const group = newGroup(1, () => undefined);
    let finish: () => void = () => undefined;
    const send = new Promise<void>((resolve) => (finish = resolve));
    trackSend(group, 2, send);
    expect(group.inflight.get(2)?.size).toBe(1);
    finish();
    await send;
    await new Promise((resolve) => setImmediate(resolve));
    expect(group.inflight.get(2)?.size).toBe(0);
  });

  it('when storing what is held by hand fails, then the failure is logged with the account, and the next write still goes', async () => {
    const live = newLiveAccount(OK, ['ESZ6']);
    const logged: string[] = [];
    const stored: string[][] = [];
    let fail = true;
    const store = async (_accountId: number, symbols: readonly string[]): Promise<void> => {
      if (fail) throw new Error('database down');
      stored.push([...symbols]);
    };
    storeHeldByHand(live, 2, store, (_error, context) => logged.push(context));
    await new Promise((resolve) => setImmediate(resolve));
    fail = false;
    markHeldByHand(live, 'NQZ6');
    storeHeldByHand(live, 2, store, (_error, context) => logged.push(context));
    await new Promise((resolve) => setImmediate(resolve));
    expect([logged, stored]).toEqual([['store held by hand 2'], [['ESZ6', 'NQZ6']]]);
  });
});
