import { CopyEngine } from '../../src/copier/engine/engine';
import { MemoryCopyStore } from '../../src/copier/engine/memory-store';
import { MemoryDirectory } from '../../src/copier/engine/memory-directory';
import { DEFAULT_RISK } from '../../src/copier/engine/types';
import {
  ACCOUNT,
  GATEWAY,
  PASSWORD,
  rithmicWorld,
  type RithmicWorld,
  SYSTEM,
  until,
  USER,
} from './support/rithmic-world';

const FOLLOWER = 'FAKE-0002';

/**
 * The copy engine on a Rithmic login: the leader's order (placed on the same login, as by hand) is copied to the
 * follower account through the adapter, exactly once even when the follower's 313 is lost.
 */
describe('copy engine through the Rithmic adapter and the fake gateway', () => {
  let world: RithmicWorld;
  let engine: CopyEngine | undefined;
  afterEach(async () => {
    await engine?.stop();
    await world.close();
  });

  it('copies a leader fill to the follower once, a lost answer resolved by user_tag', async () => {
    world = await rithmicWorld();
    world.fake.addAccount({ user: USER, accountId: FOLLOWER, name: 'Follower', balance: 50_000 });
    const directory = new MemoryDirectory(world.adapter);
    directory.addConnection(1, {
      accessToken: '',
      brokerUserId: USER,
      password: PASSWORD,
      systemName: SYSTEM,
      gateway: GATEWAY,
    });
    const base = {
      userId: 1,
      connectionId: 1,
      cross: false,
      autoSync: true,
      enabled: true,
      risk: { ...DEFAULT_RISK },
    };
    directory.accounts.push(
      { ...base, id: 1, externalId: ACCOUNT, name: 'LEADER', ratio: 1, isLeader: true, isFollower: false },
      { ...base, id: 2, externalId: FOLLOWER, name: 'FOLLOWER', ratio: 2, isLeader: false, isFollower: true },
    );
    engine = new CopyEngine({
      directory,
      store: new MemoryCopyStore(),
      notifier: { notify: () => undefined },
      settings: { mirrorSettleMs: 100, sendRetries: 2, sessionRetryMs: 300 },
    });
    await engine.start();
    await until(() => engine!.sessions.size === 1, 'the session');
    const { session } = await world.open();
    // The next two answers to 312 are lost (the socket closes after the gateway took the order): the leader's
    // (placed here as by hand) and the follower's copy.
    world.fake.setFaults({ loseAnswers: { remaining: 2, templates: [312] } });
    await expect(
      session.placeOrder({
        accountExternalId: ACCOUNT,
        clientOrderId: 'hand.1',
        symbol: 'ESZ6',
        side: 'buy',
        qty: 1,
        type: 'Market',
      }),
    ).rejects.toMatchObject({ code: 'uncertain' });
    await until(() => world.fake.world.position(ACCOUNT, 'ESZ6').netQty === 1, 'leader long 1', 8_000);
    await until(() => world.fake.world.position(FOLLOWER, 'ESZ6').netQty === 2, 'follower long 2', 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(world.fake.world.position(FOLLOWER, 'ESZ6').netQty).toBe(2);
    const copies = world.fake.world.orders().filter((order) => order.accountId === FOLLOWER);
    const tags = copies.map((order) => order.userTag);
    expect(new Set(tags).size).toBe(tags.length);
    expect(world.fake.world.requests(312)).toBe(2);
    expect(copies.every((order) => order.manualOrAuto === 'AUTO')).toBe(true);
  }, 40_000);
});
