import { buildAccount } from '../support/builders';
import { applyAccountChanges, listAccounts, mergeAccounts } from './merge-accounts';

describe('mergeAccounts', () => {
  it('when an account did not change, then its previous object is kept', () => {
    const first = mergeAccounts({ ids: [], byId: {} }, [buildAccount({ id: 1 }), buildAccount({ id: 2 })]);
    const second = mergeAccounts(first, [buildAccount({ id: 1 }), buildAccount({ id: 2, qty: 3 })]);
    expect(second.byId[1]).toBe(first.byId[1]);
    expect(second.byId[2]).not.toBe(first.byId[2]);
    expect(second.byId[2]?.qty).toBe(3);
    expect(second.ids).toBe(first.ids);
  });

  it('when a follower’s throttle comes again with the same figures, then its previous object is kept; new figures replace it', () => {
    const throttle = { queued: 2, next_send_at: null, target_qty: -3, position: 1, limit_per_minute: 80 };
    const first = mergeAccounts({ ids: [], byId: {} }, [buildAccount({ id: 1, throttle })]);
    const same = mergeAccounts(first, [buildAccount({ id: 1, throttle: { ...throttle } })]);
    expect(same.byId[1]).toBe(first.byId[1]);
    const moved = mergeAccounts(first, [buildAccount({ id: 1, throttle: { ...throttle, queued: 1 } })]);
    expect(moved.byId[1]?.throttle?.queued).toBe(1);
  });

  it('when accounts come, go or move, then the ids follow the new list', () => {
    const first = mergeAccounts({ ids: [], byId: {} }, [buildAccount({ id: 1 }), buildAccount({ id: 2 })]);
    const second = mergeAccounts(first, [buildAccount({ id: 3 }), buildAccount({ id: 1 })]);
    expect(second.ids).toEqual([3, 1]);
    expect(second.byId[2]).toBeUndefined();
    expect(listAccounts(second).map((account) => account.id)).toEqual([3, 1]);
  });
});

describe('applyAccountChanges', () => {
  it('when a delta holds changed and unknown accounts, then only known changed ones are replaced', () => {
    const a = buildAccount({ id: 1, qty: 0 });
    const b = buildAccount({ id: 2, qty: 0 });
    const index = mergeAccounts({ ids: [], byId: {} }, [a, b]);
    const next = applyAccountChanges(index, [{ ...b, qty: 2 }, buildAccount({ id: 99 })]);
    expect(next.ids).toBe(index.ids);
    expect(next.byId[1]).toBe(a);
    expect(next.byId[2]).toEqual({ ...b, qty: 2 });
    expect(next.byId[99]).toBeUndefined();
    expect(applyAccountChanges(next, [{ ...b, qty: 2 }])).toBe(next);
  });
});
