import { startWorld, type World } from './support/world';

describe('Tradovate reconnection', () => {
  let world: World;
  beforeEach(async () => {
    world = await startWorld();
  });
  afterEach(() => world.close());

  it('when Tradovate sends a shutdown event, then the session reports down, reconnects, takes a fresh snapshot and reports up', async () => {
    const { session, events } = await world.open(world.leader.userId);
    world.fake.control.shutdown('Maintenance');
    const down = await events.waitFor(() => events.of('connection').find((e) => !e.up), 3_000, 'down');
    expect(down.reason).toMatch(/shutdown \(Maintenance\)/);
    await events.waitFor(() => events.of('connection').find((e) => e.up), 3_000, 'up');
    expect(world.fake.control.requests('user/syncrequest')).toHaveLength(2);
    // The new socket delivers events again.
    world.fake.control.placeHumanOrder({
      accountId: world.leader.accountId,
      symbol: 'ESZ6',
      action: 'Buy',
      qty: 1,
    });
    await events.waitFor(() => events.of('fill')[0], 3_000, 'fill after reconnect');
    await events.waitFor(() => events.of('position')[0], 3_000, 'position after reconnect');
    expect(await session.positions()).toEqual([expect.objectContaining({ netPos: 1 })]);
  });

  it('when the socket is closed with a close frame and trades happen meanwhile, then the fresh snapshot reports them before up', async () => {
    const { session, events } = await world.open(world.leader.userId);
    world.fake.control.closeSockets(1000, 'Closed by server');
    await events.waitFor(() => events.of('connection').find((e) => !e.up), 3_000, 'down');
    // A leader trade while we are away must not be lost.
    world.fake.control.placeHumanOrder({
      accountId: world.leader.accountId,
      symbol: 'ESZ6',
      action: 'Sell',
      qty: 2,
    });
    await events.waitFor(() => events.of('connection').find((e) => e.up), 3_000, 'up');
    const kinds = events.all.map((e) => e.kind);
    const upAt = kinds.lastIndexOf('connection');
    const fillAt = kinds.indexOf('fill');
    expect(fillAt).toBeGreaterThan(-1);
    expect(fillAt).toBeLessThan(upAt);
    expect(events.of('fill')[0]).toMatchObject({ side: 'sell', qty: 2, symbol: 'ESZ6' });
    expect(await session.positions()).toEqual([expect.objectContaining({ netPos: -2 })]);
  });

  it('when the socket is dropped repeatedly, then every outage ends with a fresh snapshot and exactly one up per down', async () => {
    const { events } = await world.open(world.leader.userId);
    for (let round = 1; round <= 3; round += 1) {
      world.fake.control.closeSockets(1011, 'Server restart');
      await events.waitFor(
        () => events.of('connection').filter((e) => e.up).length === round,
        3_000,
        `up #${round}`,
      );
    }
    expect(events.of('connection').map((e) => e.up)).toEqual([false, true, false, true, false, true]);
    expect(world.fake.control.requests('user/syncrequest')).toHaveLength(4);
    expect(world.fake.control.socketCount()).toBe(1);
  });

  it('when the connection is cut without a close frame, then the session notices, reconnects and reports up', async () => {
    const { events } = await world.open(world.leader.userId);
    world.fake.control.dropSockets();
    await events.waitFor(() => events.of('connection').find((e) => e.up), 4_000, 'up after the cut');
    expect(events.of('connection').map((e) => e.up)).toEqual([false, true]);
    expect(world.fake.control.socketCount()).toBe(1);
  });

  it('when the first sync request meets a socket 429, then the reconnect backs off and succeeds', async () => {
    const { events } = await world.open(world.leader.userId);
    world.fake.control.setFaults({ socket429: { remaining: 1, match: 'syncrequest' } });
    world.fake.control.closeSockets(1000, 'bye');
    await events.waitFor(() => events.of('connection').find((e) => e.up), 4_000, 'up after 429');
    expect(world.fake.control.requests('user/syncrequest').length).toBe(3);
  });
});
