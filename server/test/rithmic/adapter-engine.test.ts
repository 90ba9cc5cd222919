import type { CopyEngine } from '../../src/copier/engine/engine';
import {
  ACCOUNT,
  engineOnLogin,
  type RithmicWorld,
  rithmicWorld,
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
    engine = await engineOnLogin(world, FOLLOWER, 2);
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
