import type { PlaceOrderCommand } from '../../src/brokers/types';
import { ACCOUNT, PASSWORD, rithmicWorld, type RithmicWorld } from './support/rithmic-world';

const limit = (clientOrderId: string): PlaceOrderCommand => ({
  accountExternalId: ACCOUNT,
  clientOrderId,
  symbol: 'MESZ6',
  side: 'buy',
  qty: 1,
  type: 'Limit',
  price: 5000,
});

describe('Rithmic adapter budget and heartbeats against the fake gateway', () => {
  let world: RithmicWorld;
  afterEach(() => world.close());

  it('learns from a rate refusal: the order is refused as rate_limited and nothing more goes until the budget allows', async () => {
    world = await rithmicWorld({ fake: { limits: { perWindow: 14, windowMs: 60_000 } } });
    const { session } = await world.open();
    expect(session.nextRequestAt!()).toBeLessThanOrEqual(Date.now());
    let refusal: unknown;
    for (let i = 0; i < 20 && refusal === undefined; i += 1)
      await session.placeOrder(limit(`st.rate.${i}`)).catch((error: unknown) => (refusal = error));
    expect(refusal).toMatchObject({ code: 'rate_limited' });
    const sent = world.fake.world.requests(312);
    expect(session.nextRequestAt!()).toBeGreaterThan(Date.now() + 30_000);
    await expect(session.placeOrder(limit('st.rate.next'))).rejects.toMatchObject({ code: 'rate_limited' });
    expect(world.fake.world.requests(312)).toBe(sent);
  });

  it('keeps a login alive with heartbeats at the interval the login answered, and counts their answers as heard', async () => {
    world = await rithmicWorld({ fake: { heartbeatSeconds: 2 } });
    const { session, events } = await world.open();
    const heardAtOpen = session.lastHeardAt!() ?? 0;
    // The fake drops a login silent for 2 × the interval.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    // Nothing happened on the accounts: only the heartbeats' answers were heard.
    expect(session.lastHeardAt!()).toBeGreaterThan(heardAtOpen + 1_000);
    expect(events.filter((event) => event.kind === 'connection')).toEqual([]);
    expect(world.fake.world.requests(18)).toBeGreaterThanOrEqual(2);
    await session.placeOrder(limit('st.alive'));
    expect(world.warnings.join('\n')).not.toContain(PASSWORD);
  });
});
