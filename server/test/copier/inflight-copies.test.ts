import {
  addInflightCopy,
  copyFilled,
  copyOutcomeUnknown,
  forgetInflightCopies,
  heldPosition,
  inflightOf,
  newLiveAccount,
  settleInflightCopy,
} from '../../src/copier/engine/state';
import { marketCopy as copy } from './support/copy-intent';

const OK = { state: 'ok' as const, reason: null };

function follower(position: Record<string, number> = {}): ReturnType<typeof newLiveAccount> {
  const live = newLiveAccount(OK, []);
  for (const [symbol, netPos] of Object.entries(position))
    (live.positions as Map<string, { netPos: number; avgPrice: number }>).set(symbol, {
      netPos,
      avgPrice: 0,
    });
  return live;
}

describe('copies on their way to a follower', () => {
  it('when copies go to two contracts of one follower, then each contract counts only its own', () => {
    const live = follower({ ESZ6: 1, NQZ6: -2 });
    addInflightCopy(live, copy('c1', 'ESZ6', 'buy', 3));
    addInflightCopy(live, copy('c2', 'NQZ6', 'sell', 5));
    expect([inflightOf(live, 'ESZ6'), inflightOf(live, 'NQZ6'), inflightOf(live, 'CLZ6')]).toEqual([
      3, -5, 0,
    ]);
    expect([heldPosition(live, 'ESZ6', 0), heldPosition(live, 'NQZ6', 0)]).toEqual([4, -7]);
  });

  it('when a copy fills in parts, then what is left stays on its way with its sign, and a replayed part counts once', () => {
    const live = follower();
    addInflightCopy(live, copy('buy', 'ESZ6', 'buy', 7));
    addInflightCopy(live, copy('sell', 'NQZ6', 'sell', 6));
    copyFilled(live, 'buy', 'b1', 2);
    copyFilled(live, 'sell', 's1', 2);
    expect([inflightOf(live, 'ESZ6'), inflightOf(live, 'NQZ6')]).toEqual([5, -4]);
    // The feed shows the same fill again (a reconnect, a replay): nothing more has arrived.
    copyFilled(live, 'buy', 'b1', 2);
    copyFilled(live, 'sell', 's1', 2);
    expect([inflightOf(live, 'ESZ6'), inflightOf(live, 'NQZ6')]).toEqual([5, -4]);
    copyFilled(live, 'buy', 'b2', 3);
    expect(inflightOf(live, 'ESZ6')).toBe(2);
    copyFilled(live, 'buy', 'b3', 2);
    expect(live.copies.has('buy')).toBe(false);
  });

  it('when a fill comes for a copy no longer on its way, or an account not loaded is asked about, then nothing changes', () => {
    const live = follower();
    addInflightCopy(live, copy('c1', 'ESZ6', 'buy', 1));
    copyFilled(live, 'c1', 'x1', 1);
    // The same fill replayed after its copy was done, and a fill of a copy this engine never sent.
    expect(() => copyFilled(live, 'c1', 'x1', 1)).not.toThrow();
    expect(() => copyFilled(live, 'other', 'x9', 4)).not.toThrow();
    expect(() => copyOutcomeUnknown(live, 'other')).not.toThrow();
    expect(live.copies.size).toBe(0);
    expect(() => copyOutcomeUnknown(undefined, 'c1')).not.toThrow();
    expect(() => settleInflightCopy(undefined, 'c1')).not.toThrow();
    expect(inflightOf(undefined, 'ESZ6')).toBe(0);
  });

  it("when a follower's feed comes back with a fresh snapshot, then copies of known outcome are no longer on their way, and one of unknown outcome still is", () => {
    const live = follower({ ESZ6: 2 });
    addInflightCopy(live, copy('sent', 'ESZ6', 'buy', 2));
    addInflightCopy(live, copy('part', 'ESZ6', 'buy', 3));
    addInflightCopy(live, copy('lost', 'ESZ6', 'sell', 4));
    copyFilled(live, 'part', 'p1', 1);
    copyOutcomeUnknown(live, 'lost');
    forgetInflightCopies(live);
    // The snapshot's position holds whatever of the first two filled; the lost copy may still land.
    expect([...live.copies.keys()]).toEqual(['lost']);
    expect(heldPosition(live, 'ESZ6', 0)).toBe(-2);
  });
});
