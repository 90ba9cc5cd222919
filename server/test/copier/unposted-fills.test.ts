import {
  addInflightCopy,
  brokerPositionSeen,
  copyFilled,
  followerFillHeard,
  forgetInflightCopies,
  heldPosition,
  newLiveAccount,
  UNPOSTED_MS,
  type LiveAccount,
} from '../../src/copier/engine/state';
import type { CopyIntent } from '../../src/copier/engine/types';
import { marketCopy } from './support/copy-intent';

const OK = { state: 'ok' as const, reason: null };
const ES = 'ESZ6';

const copy = (clientOrderId: string, side: 'buy' | 'sell', qty: number): CopyIntent =>
  marketCopy(clientOrderId, ES, side, qty);

const position = (live: LiveAccount, netPos: number, at: number): void =>
  brokerPositionSeen(live, { accountExternalId: 'F1', symbol: ES, netPos, avgPrice: 5000 }, at);
const fill = (live: LiveAccount, fillId: string, side: 'buy' | 'sell', qty: number, at: number): void =>
  followerFillHeard(live, { fillId, symbol: ES, side, qty }, at);

/** A follower at +2, first reading of its position at time 0. */
function atTwo(): LiveAccount {
  const live = newLiveAccount(OK, []);
  position(live, 2, 0);
  return live;
}

describe("a follower's fills and position moves heard apart", () => {
  it('when a copy fills and the broker posts the position 100 ms later, then the follower counts the fill meanwhile, once', () => {
    const live = atTwo();
    addInflightCopy(live, copy('c1', 'buy', 3));
    expect(heldPosition(live, ES, 10)).toBe(5);
    copyFilled(live, 'c1', 'f1', 3);
    fill(live, 'f1', 'buy', 3, 20);
    expect(heldPosition(live, ES, 30)).toBe(5);
    position(live, 5, 120);
    expect(heldPosition(live, ES, 130)).toBe(5);
    expect(live.unposted.size).toBe(0);
  });

  it('when the broker posts the position before the fill, then the fill is not counted again once it arrives', () => {
    const live = atTwo();
    addInflightCopy(live, copy('c1', 'sell', 4));
    position(live, -2, 10);
    copyFilled(live, 'c1', 'f1', 4);
    fill(live, 'f1', 'sell', 4, 30);
    expect(heldPosition(live, ES, 40)).toBe(-2);
    expect(live.unposted.size).toBe(0);
  });

  it('when two fills arrive before either position, then each position matches its own part', () => {
    const live = atTwo();
    fill(live, 'f1', 'buy', 1, 10);
    fill(live, 'f2', 'buy', 2, 11);
    expect(heldPosition(live, ES, 12)).toBe(5);
    position(live, 3, 50);
    expect(heldPosition(live, ES, 51)).toBe(5);
    position(live, 5, 60);
    expect([heldPosition(live, ES, 61), live.unposted.size]).toEqual([5, 0]);
  });

  it('when a fill is heard twice, then it counts once', () => {
    const live = atTwo();
    fill(live, 'f1', 'sell', 1, 10);
    fill(live, 'f1', 'sell', 1, 11);
    expect(heldPosition(live, ES, 12)).toBe(1);
  });

  it('when a fill and a position move of opposite sides are heard, then neither cancels the other', () => {
    const live = atTwo();
    fill(live, 'f1', 'buy', 1, 10);
    position(live, 1, 11);
    // The position went down by 1 (a sell whose fill is still to come), the buy is not in it yet.
    expect(heldPosition(live, ES, 12)).toBe(2);
    fill(live, 'f2', 'sell', 1, 13);
    position(live, 2, 14);
    expect([heldPosition(live, ES, 15), live.unposted.size]).toEqual([2, 0]);
  });

  it(`when a fill's position never comes, then after ${UNPOSTED_MS} ms the broker's position alone decides`, () => {
    const live = atTwo();
    fill(live, 'f1', 'buy', 2, 100);
    expect(heldPosition(live, ES, 100 + UNPOSTED_MS)).toBe(4);
    expect(heldPosition(live, ES, 101 + UNPOSTED_MS)).toBe(2);
    // A later move stands alone: the broker's position.
    position(live, 4, 200 + UNPOSTED_MS);
    expect(heldPosition(live, ES, 200 + UNPOSTED_MS)).toBe(4);
  });

  it('when a flat follower is filled and its contract is then read for the first time, then the fill counts once', () => {
    const live = newLiveAccount(OK, []);
    fill(live, 'f1', 'sell', 3, 0);
    expect(heldPosition(live, ES, 1)).toBe(-3);
    position(live, -3, 2);
    expect([heldPosition(live, ES, 3), live.unposted.size]).toEqual([-3, 0]);
  });

  it('when the feed comes back with a fresh snapshot, then nothing is counted apart', () => {
    const live = atTwo();
    fill(live, 'f1', 'buy', 1, 2000);
    forgetInflightCopies(live);
    expect([heldPosition(live, ES, 2001), live.unposted.size]).toEqual([2, 0]);
  });
});
