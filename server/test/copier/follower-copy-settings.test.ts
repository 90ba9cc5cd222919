import { frontMonth } from '@synctrade/market';
import { Harness, LEADER, USER } from './support/harness';

const ES = frontMonth('ES');

const working = (h: Harness, accountId: number): Array<[string, number]> =>
  h.venue
    .workingOrders([h.directory.account(accountId).externalId])
    .map((o): [string, number] => [o.type, o.qty]);

/**
 * Follower 2 holds a fixed 2 contracts, follower 3 mirrors at ratio 1 (as before), follower 4 copies the
 * leader's fills only at ratio 1. Positions are read from the paper venue's books.
 */
async function mixed(): Promise<Harness> {
  const h = new Harness([{ ratio: 1 }, { ratio: 1 }, { ratio: 1 }]);
  h.directory.account(2).fixedQty = 2;
  h.directory.account(4).copyMode = 'fills';
  await h.start();
  return h;
}

const followers = (h: Harness): number[] => [2, 3, 4].map((id) => h.position(id, ES));

describe("a follower's copy settings", () => {
  it("when the leader scales in, reverses and goes flat, then a fixed quantity holds its size on the leader's side and flat with it", async () => {
    const h = await mixed();
    await h.leaderTrades('buy', 1);
    expect([h.position(LEADER, ES), ...followers(h)]).toEqual([1, 2, 1, 1]);
    await h.leaderTrades('buy', 2);
    expect([h.position(LEADER, ES), ...followers(h)]).toEqual([3, 2, 3, 3]);
    await h.leaderTrades('sell', 5);
    expect([h.position(LEADER, ES), ...followers(h)]).toEqual([-2, -2, -2, -2]);
    await h.leaderTrades('buy', 2);
    expect([h.position(LEADER, ES), ...followers(h)]).toEqual([0, 0, 0, 0]);
    // Auto-sync agrees: nothing to correct.
    const sent = h.venue.received.length;
    await h.engine.autoSync(USER);
    await h.settle();
    expect(h.venue.received.length).toBe(sent);
    await h.engine.stop();
  });

  it('when the leader rests a limit order that later fills, then only the mirroring follower gets a mirror, and the fills-only ones copy the fill at market', async () => {
    const h = await mixed();
    const { price } = await h.leaderRestingBuy(1);
    await h.settle();
    expect([working(h, 2), working(h, 3), working(h, 4)]).toEqual([[], [['Limit', 1]], []]);
    h.venue.setPrice(ES, price - 1);
    await h.settle();
    expect([h.position(LEADER, ES), ...followers(h)]).toEqual([1, 2, 1, 1]);
    const ofFollower = (id: number): string[] =>
      h.venue.received
        .filter((command) => command.accountExternalId === h.directory.account(id).externalId)
        .map((command) => command.type);
    expect([ofFollower(2), ofFollower(3), ofFollower(4)]).toEqual([['Market'], ['Limit'], ['Market']]);
    await h.engine.stop();
  });

  it("when a follower's contract filter leaves the leader's contract out, then it gets nothing, says why, and its own position there is left alone; a filter that takes it copies as before", async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 1 }]);
    h.directory.account(2).contracts = ['NQ', 'MNQ'];
    // Follower 3's filter takes ES: it copies as before.
    h.directory.account(3).contracts = ['MES', 'ES'];
    await h.start();
    await h.handMarket(2, 'sell', 1);
    await h.settle();
    await h.leaderTrades('buy', 2);
    expect([h.position(LEADER, ES), h.position(2, ES), h.position(3, ES)]).toEqual([2, -1, 2]);
    const skipped = h.store.skips.filter((skip) => skip.accountId === 2).map((skip) => skip.reason);
    expect(skipped).toContain("Not copied: ES is not among this follower's contracts");
    await h.engine.sync(USER);
    await h.settle();
    expect(h.position(2, ES)).toBe(-1);
    expect(h.engine.live.get(2)?.status.state).toBe('ok');
    await h.engine.stop();
  });
});
