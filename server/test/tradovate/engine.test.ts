import { startEngine, until } from './support/engine-world';
import { startWorld, type World } from './support/world';

const netPos = (world: World, accountId: number): number =>
  world.fake.control
    .orders()
    .filter((o) => o.accountId === accountId && o.ordStatus === 'Filled')
    .reduce((sum, o) => sum + (o.action === 'Buy' ? o.cumQty : -o.cumQty), 0);

describe('copy engine through the Tradovate adapter', () => {
  let world: World;
  beforeEach(async () => {
    world = await startWorld();
  });
  afterEach(() => world.close());

  it('when the leader fills on the fake Tradovate, then each follower placeorder reaches the fake with isAutomated and the follower mirrors the leader', async () => {
    const [f1, f2] = world.follower.accountIds as [number, number];
    const { engine } = await startEngine(world, [f1, f2]);
    try {
      world.fake.control.placeHumanOrder({
        accountId: world.leader.accountId,
        symbol: 'ESZ6',
        action: 'Buy',
        qty: 2,
      });
      await until(() => netPos(world, f1) === 2 && netPos(world, f2) === 2, 15_000, 'followers long 2');
      const sends = world.fake.control.requests('order/placeorder').filter((r) => r.via === 'http');
      expect(sends).toHaveLength(2);
      for (const send of sends)
        expect(send.body).toMatchObject({
          symbol: 'ESZ6',
          action: 'Buy',
          orderQty: 2,
          orderType: 'Market',
          isAutomated: true,
          clOrdId: expect.any(String),
        });

      world.fake.control.placeHumanOrder({
        accountId: world.leader.accountId,
        symbol: 'ESZ6',
        action: 'Sell',
        qty: 2,
      });
      await until(() => netPos(world, f1) === 0 && netPos(world, f2) === 0, 15_000, 'followers flat');
    } finally {
      await engine.stop();
    }
  });

  it('when follower orders meet a dropped answer, a penalty ticket and an answer slower than the timeout, then each follower still gets exactly one order per leader fill', async () => {
    const [f1, f2] = world.follower.accountIds as [number, number];
    const { engine } = await startEngine(world, [f1, f2]);
    try {
      world.fake.control.setFaults({ dropAfterAccept: { remaining: 1, match: 'placeorder' } });
      world.fake.control.placeHumanOrder({
        accountId: world.leader.accountId,
        symbol: 'ESZ6',
        action: 'Buy',
        qty: 1,
      });
      await until(() => netPos(world, f1) === 1 && netPos(world, f2) === 1, 8_000, 'copies after drop');
      world.fake.control.setFaults({
        penalty: { remaining: 1, match: 'placeorder', pTime: 0.1, captcha: false },
      });
      world.fake.control.placeHumanOrder({
        accountId: world.leader.accountId,
        symbol: 'ESZ6',
        action: 'Buy',
        qty: 1,
      });
      await until(() => netPos(world, f1) === 2 && netPos(world, f2) === 2, 8_000, 'copies after penalty');
      world.fake.control.setFaults({ slow: { remaining: 1, match: 'placeorder', ms: 2_300 } });
      world.fake.control.placeHumanOrder({
        accountId: world.leader.accountId,
        symbol: 'ESZ6',
        action: 'Sell',
        qty: 2,
      });
      await until(
        () => netPos(world, f1) === 0 && netPos(world, f2) === 0,
        8_000,
        'copies after slow answer',
      );
      const copies = world.fake.control.orders().filter((o) => o.accountId === f1 || o.accountId === f2);
      const ids = copies.map((o) => o.clOrdId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(copies).toHaveLength(6);
    } finally {
      await engine.stop();
    }
  });

  it('when the placeorder answer is lost after Tradovate accepted it and the follower feed lags, then the engine finds the copy through commands and sends nothing twice', async () => {
    const [f1, f2] = world.follower.accountIds as [number, number];
    const { engine } = await startEngine(world, [f1, f2]);
    try {
      world.fake.control.setFaults({
        holdEventsOf: [world.follower.userId],
        dropAfterAccept: { remaining: 1, match: 'placeorder' },
      });
      world.fake.control.placeHumanOrder({
        accountId: world.leader.accountId,
        symbol: 'ESZ6',
        action: 'Buy',
        qty: 1,
      });
      await until(
        () => world.fake.control.requests('command/list').length > 0,
        8_000,
        'the look-up through commands',
      );
      await until(
        () =>
          world.fake.control.orders().filter((o) => o.accountId === f1 || o.accountId === f2).length === 2,
        8_000,
        'both copies at the venue',
      );
      world.fake.control.setFaults({ holdEventsOf: [] });
      await until(() => netPos(world, f1) === 1 && netPos(world, f2) === 1, 8_000, 'followers long 1');
      const copies = world.fake.control.orders().filter((o) => o.accountId === f1 || o.accountId === f2);
      expect(copies.map((o) => o.accountId).sort()).toEqual([f1, f2].sort());
      expect(world.fake.control.requests('order/placeorder')).toHaveLength(2);
      expect(world.fake.control.requests('order/list')).toHaveLength(0);
    } finally {
      await engine.stop();
    }
  });

  it('when Tradovate refuses a session as the engine starts (socket 429 on the sync request), then the engine opens it again and copies', async () => {
    const [f1, f2] = world.follower.accountIds as [number, number];
    world.fake.control.setFaults({ socket429: { remaining: 1, match: 'syncrequest' } });
    const { engine } = await startEngine(world, [f1, f2]);
    try {
      await until(() => engine.sessions.size === 2, 15_000, 'both sessions open');
      world.fake.control.placeHumanOrder({
        accountId: world.leader.accountId,
        symbol: 'ESZ6',
        action: 'Buy',
        qty: 1,
      });
      await until(() => netPos(world, f1) === 1 && netPos(world, f2) === 1, 15_000, 'copies');
      expect(world.fake.control.requests('user/syncrequest').length).toBeGreaterThanOrEqual(3);
    } finally {
      await engine.stop();
    }
  });

  it('when a follower order meets HTTP 429, then it is sent again once the budget allows and never doubled', async () => {
    const [f1, f2] = world.follower.accountIds as [number, number];
    const { engine } = await startEngine(world, [f1, f2]);
    try {
      world.fake.control.setFaults({ http429: { remaining: 1, match: 'placeorder', retryAfterSec: 1 } });
      world.fake.control.placeHumanOrder({
        accountId: world.leader.accountId,
        symbol: 'ESZ6',
        action: 'Buy',
        qty: 1,
      });
      await until(
        () => netPos(world, f1) === 1 && netPos(world, f2) === 1,
        15_000,
        'copies after the rate limit',
      );
      world.fake.control.placeHumanOrder({
        accountId: world.leader.accountId,
        symbol: 'ESZ6',
        action: 'Sell',
        qty: 1,
      });
      await until(() => netPos(world, f1) === 0 && netPos(world, f2) === 0, 15_000, 'followers flat');
      // Let any late reconciliation run: a doubled order would move a follower off the leader.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect([netPos(world, f1), netPos(world, f2)]).toEqual([0, 0]);
      const copies = world.fake.control.orders().filter((o) => o.accountId === f1 || o.accountId === f2);
      expect(copies).toHaveLength(4);
    } finally {
      await engine.stop();
    }
  });
});
