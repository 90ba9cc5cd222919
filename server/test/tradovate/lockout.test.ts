import { UserRequestWindow } from '../../src/brokers/tradovate/user-request-window';
import { noticeOf } from '../../src/copier/engine-notices';
import { CopyEngine } from '../../src/copier/engine/engine';
import { MemoryDirectory } from '../../src/copier/engine/memory-directory';
import { MemoryCopyStore } from '../../src/copier/engine/memory-store';
import { groupDirectory, until } from './support/engine-world';
import { startWorld, type World } from './support/world';

const LOCKOUT_MS = 1_500;
/**
 * The fake and the adapter share one event loop here: with the scaled-down heartbeat (200 ms, dropped after
 * 600 ms of silence) any pause of the test process of about half a second (a loaded machine, a collection) has
 * the fake drop the socket for "Heartbeat timeout" before it reads the heartbeat already sent. These tests are
 * about the 429 lockout: heartbeats near Tradovate's own pace (2.5 s) keep a drop by the fake out of them.
 */
const HEARTBEAT = { heartbeatMs: 2_000, serverSilenceMs: 10_000 };

const market = (w: World, clientOrderId: string) => ({
  accountExternalId: String(w.follower.accountIds[0]),
  clientOrderId,
  symbol: 'ESZ6',
  side: 'buy' as const,
  qty: 1,
  type: 'Market' as const,
});

async function status(world: World, token: string, path: string): Promise<number> {
  const response = await fetch(`${world.fake.restUrl}/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.text();
  return response.status;
}

describe('Tradovate 429 lockouts and 423 warnings', () => {
  let world: World;
  beforeEach(async () => {
    world = await startWorld({
      timings: { rateLimitLockoutMs: LOCKOUT_MS, lockoutShownMs: 1_000, ...HEARTBEAT },
      fake: { heartbeatMs: HEARTBEAT.heartbeatMs },
    });
  });
  afterEach(() => world.close());

  it('when the fake answers a 429, then it refuses every request of that user for its configured lockout, not for a number of requests', async () => {
    const token = world.fake.control.issueToken(world.follower.userId).accessToken;
    const other = world.fake.control.issueToken(world.leader.userId).accessToken;
    world.fake.control.setFaults({ http429: { remaining: 1, match: 'account/list' } });
    expect(await status(world, token, 'account/list')).toBe(429);
    const lockedAt = world.fake.control.requests()[0]?.at ?? 0;
    for (const path of ['account/list', 'position/list', 'command/list', 'account/list'])
      expect(await status(world, token, path)).toBe(429);
    expect(await status(world, other, 'account/list')).toBe(200);
    await until(() => Date.now() > lockedAt + LOCKOUT_MS + 20, LOCKOUT_MS + 1_000, 'the lockout to end');
    expect(await status(world, token, 'account/list')).toBe(200);
  });

  it('when Tradovate answers 429, then no session of that user sends anything until the lockout ends, every session shows why, and copying comes back after it', async () => {
    const first = await world.open(world.follower.userId);
    const second = await world.open(world.follower.userId);
    world.fake.control.setFaults({ http429: { remaining: 1, match: 'placeorder' } });
    const before = Date.now();
    const error = await first.session.placeOrder(market(world, 'lock-1')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/HTTP 429.*until/) });
    expect((error as { retryAt: number }).retryAt).toBeGreaterThanOrEqual(before + LOCKOUT_MS);
    await expect(second.session.placeOrder(market(world, 'lock-2'))).rejects.toMatchObject({
      code: 'rate_limited',
    });
    expect(world.fake.control.requests('order/')).toHaveLength(1);
    for (const { events } of [first, second]) {
      const down = await events.waitFor(
        () => events.of('connection').find((e) => !e.up),
        1_000,
        'connection down',
      );
      expect(down.reason).toMatch(/HTTP 429.*nothing is sent to it until \d\d:\d\d UTC/);
      await events.waitFor(
        () => events.of('connection').some((e) => e.up),
        LOCKOUT_MS + 2_000,
        'connection up after the lockout',
      );
    }
    expect(Date.now()).toBeGreaterThanOrEqual(before + LOCKOUT_MS);
    await expect(second.session.placeOrder(market(world, 'lock-3'))).resolves.toMatchObject({
      clientOrderId: 'lock-3',
    });
  });

  it('when the leader trades during a follower lockout, then the desk shows the follower disconnected with the 429 reason, the user is notified, and the follower is brought to the leader after it', async () => {
    const notes: Array<{ kind: string; title: string; message: string }> = [];
    const directory = groupDirectory(
      world,
      { userId: 1, leaderId: 1, leaderConnection: 1, followerConnection: 2 },
      [{ id: 2, externalId: world.follower.accountIds[0] ?? 0 }],
      new MemoryDirectory(world.adapter),
    );
    const engine = new CopyEngine({
      directory,
      store: new MemoryCopyStore(),
      notifier: { notify: (_user, outcome) => void notes.push(noticeOf(outcome)) },
      settings: { mirrorSettleMs: 0, sendRetries: 2, sessionRetryMs: 300 },
    });
    await engine.start();
    try {
      await until(() => engine.sessions.size === 2, 10_000, 'sessions open');
      world.fake.control.setFaults({ http429: { remaining: 1, match: 'placeorder' } });
      world.fake.control.placeHumanOrder({
        accountId: world.leader.accountId,
        symbol: 'ESZ6',
        action: 'Buy',
        qty: 1,
      });
      await until(() => engine.live.get(2)?.status.state === 'disconnected', 5_000, 'desk shows the lockout');
      expect(engine.live.get(2)?.status.reason).toMatch(/HTTP 429/);
      expect(notes).toContainEqual(
        expect.objectContaining({ kind: 'broker_disconnected', message: expect.stringMatching(/HTTP 429/) }),
      );
      const follower = world.follower.accountIds[0] ?? 0;
      await until(
        () => world.fake.control.netPosition(follower, 'ESZ6') === 1,
        LOCKOUT_MS + 15_000,
        'follower long 1 after the lockout',
      );
      await until(() => engine.live.get(2)?.status.state === 'ok', 5_000, 'desk ok again');
    } finally {
      await engine.stop();
    }
  });

  it('when Tradovate answers 423, then the request is refused for a short pause and the user allowance is halved for a while', async () => {
    const { session } = await world.open(world.follower.userId);
    world.fake.control.setFaults({ warning423: { remaining: 1, match: 'placeorder' } });
    const error = await session.placeOrder(market(world, 'warn-1')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/HTTP 423/) });
    expect(world.fake.control.orders()).toHaveLength(0);
    await expect(session.placeOrder(market(world, 'warn-1'))).resolves.toMatchObject({
      clientOrderId: 'warn-1',
    });
  });

  it('when a budget is warned, then only half the minute allowance goes while the warning lasts', async () => {
    const clock = { now: 1_700_000_000_000 };
    const budget = new UserRequestWindow(60, { guardMs: 0, now: () => clock.now });
    budget.slowDown(120_000);
    for (let i = 0; i < 30; i += 1) await budget.take(0);
    expect(budget.nextSlotAt()).toBe(1_700_000_060_000);
  });
});
