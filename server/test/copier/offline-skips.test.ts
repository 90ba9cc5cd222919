import type { EngineContext } from '../../src/copier/engine/context';
import { offlineSkip } from '../../src/copier/engine/offline-skips';
import { newLiveAccount } from '../../src/copier/engine/state';
import type { EngineAccount } from '../../src/copier/engine/types';
import { followerOne } from './support/engine-account';

// The rule: a follower that would get a copy but for its broker connection (never opened, or down) gets a
// recorded Rejected row with the reason; disabled accounts, non-followers, leaders and risk-stopped followers
// are not waiting for anything and get no row.
const REASON =
  "Not copied: the follower's broker connection is down; its position is reconciled when the connection is back";
const copy = {
  eventKey: 'f1-x',
  symbol: 'NQH7',
  side: 'buy' as const,
  qty: 2,
  type: 'Market' as const,
  price: null,
};

function follower(over: Partial<EngineAccount> = {}): EngineAccount {
  return followerOne(over);
}

function ctxWith(session: { up: boolean } | null, state: 'ok' | 'risk_stopped' | null = 'ok'): EngineContext {
  return {
    sessions: new Map(session === null ? [] : [[2, session]]),
    live: new Map(state === null ? [] : [[7, newLiveAccount({ state, reason: null }, [])]]),
  } as unknown as EngineContext;
}

describe('offlineSkip', () => {
  it('when the connection is down or was never opened, then the follower gets a Rejected row with the reason', () => {
    const expected = { ...copy, userId: 3, accountId: 7, status: 'Rejected', reason: REASON };
    expect(offlineSkip(ctxWith({ up: false }), follower(), copy)).toEqual(expected);
    expect(offlineSkip(ctxWith(null), follower(), copy)).toEqual(expected);
    expect(offlineSkip(ctxWith(null, null), follower(), copy)).toEqual(expected);
  });

  it('when the connection is up, or the account is disabled, not a follower, a leader or risk stopped, then no row', () => {
    expect(offlineSkip(ctxWith({ up: true }), follower(), copy)).toBeNull();
    for (const over of [{ enabled: false }, { isFollower: false }, { isLeader: true }])
      expect(offlineSkip(ctxWith({ up: false }), follower(over), copy)).toBeNull();
    expect(offlineSkip(ctxWith({ up: false }, 'risk_stopped'), follower(), copy)).toBeNull();
  });
});
