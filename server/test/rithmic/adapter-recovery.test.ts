import { LOGIN_MESSAGES } from '../../src/brokers/rithmic/login';
import type { BrokerEvent, PlaceOrderCommand } from '../../src/brokers/types';
import {
  ACCOUNT,
  filledQty,
  fillsOf,
  rithmicWorld,
  type RithmicWorld,
  until,
  USER,
} from './support/rithmic-world';

const market = (clientOrderId: string, qty = 1): PlaceOrderCommand => ({
  accountExternalId: ACCOUNT,
  clientOrderId,
  symbol: 'ESZ6',
  side: 'buy',
  qty,
  type: 'Market',
});

const connectionEvents = (events: BrokerEvent[]) =>
  events.filter((event) => event.kind === 'connection' || event.kind === 'reauth_required');

describe('Rithmic adapter recovery against the fake gateway', () => {
  let world: RithmicWorld;
  afterEach(() => world.close());

  it('a lost 313 is uncertain; the look-up finds the order by user_tag and it is never sent twice', async () => {
    world = await rithmicWorld();
    const { session, events } = await world.open();
    world.fake.setFaults({ loseAnswers: { remaining: 1, templates: [312] } });
    await expect(session.placeOrder(market('st.lost', 2))).rejects.toMatchObject({ code: 'uncertain' });
    const found = await session.findOrderByClientId(ACCOUNT, 'st.lost');
    expect(found).toMatchObject({ clientOrderId: 'st.lost', qty: 2, side: 'buy', symbol: 'ESZ6' });
    const again = await session.placeOrder(market('st.lost', 2));
    expect(again.orderId).toBe(found!.orderId);
    expect(world.fake.world.requests(312)).toBe(1);
    expect(world.fake.world.position(ACCOUNT, 'ESZ6').netQty).toBe(2);
    await until(() => events.some((e) => e.kind === 'connection' && e.up), 'back up after the lost answer');
  });

  it('after a restart, a filled order is found by its fills (3506) and a never-sent one is not found', async () => {
    world = await rithmicWorld();
    const first = await world.open();
    const placed = await first.session.placeOrder(market('st.before', 1));
    await until(() => filledQty(first.events, placed.orderId) === 1, 'filled');
    await first.session.close();
    // A new session (a restart) knows nothing: the order is not open any more, only its fills tell it.
    const second = await world.open();
    const found = await second.session.findOrderByClientId(ACCOUNT, 'st.before');
    expect(found).toMatchObject({ orderId: placed.orderId, clientOrderId: 'st.before' });
    expect(await second.session.findOrderByClientId(ACCOUNT, 'st.never')).toBeNull();
    expect(world.fake.world.requests(312)).toBe(1);
    // Fills from before the session are history, not new fills, even when a reconnect replays them.
    world.fake.setFaults({ disconnectAll: true });
    await until(() => second.events.some((e) => e.kind === 'connection' && e.up), 'up again');
    expect(fillsOf(second.events)).toEqual([]);
    expect(await second.session.positions()).toEqual([
      { accountExternalId: ACCOUNT, symbol: 'ESZ6', netPos: 1, avgPrice: 6000 },
    ]);
  });

  it('notifications dropped on a live socket are recovered by the reconciliation after a reconnect', async () => {
    world = await rithmicWorld();
    const { session, events } = await world.open();
    world.fake.setFaults({ dropNotifications: { remaining: 1_000 } });
    const placed = await session.placeOrder(market('st.dropped', 2));
    await until(() => world.fake.world.position(ACCOUNT, 'ESZ6').netQty === 2, 'filled at the fake');
    expect(fillsOf(events, placed.orderId)).toHaveLength(0);
    world.fake.clearFaults();
    world.fake.setFaults({ disconnectAll: true });
    await until(() => events.some((e) => e.kind === 'connection' && !e.up), 'down');
    await until(() => events.some((e) => e.kind === 'connection' && e.up), 'up again');
    // Fills replayed before `up`, each once, with the client order id.
    const upAt = events.findIndex((e) => e.kind === 'connection' && e.up);
    const fills = fillsOf(events, placed.orderId);
    expect(fills.reduce((sum, fill) => sum + fill.qty, 0)).toBe(2);
    expect(fills.every((fill) => fill.clientOrderId === 'st.dropped')).toBe(true);
    expect(events.indexOf(fills[fills.length - 1]!)).toBeLessThan(upAt);
    // A second reconnect replays the same fills: nothing new.
    world.fake.setFaults({ disconnectAll: true });
    await until(
      () => connectionEvents(events).filter((e) => e.kind === 'connection' && e.up).length === 2,
      'up twice',
    );
    expect(filledQty(events, placed.orderId)).toBe(2);
    // The PnL snapshot already holds the replayed fills: the position is not counted twice.
    expect(await session.positions()).toEqual([
      { accountExternalId: ACCOUNT, symbol: 'ESZ6', netPos: 2, avgPrice: 6000 },
    ]);
  });

  it('a forced logout (77) says another platform is logged in, tries again a few times only, then asks to reconnect', async () => {
    world = await rithmicWorld();
    const { session, events } = await world.open();
    world.fake.forceLogout(USER);
    await until(() => events.some((e) => e.kind === 'connection' && !e.up), 'down');
    expect(connectionEvents(events)[0]).toEqual({
      kind: 'connection',
      up: false,
      reason: LOGIN_MESSAGES.sessions,
    });
    // One spaced try (the test's setting), which comes back up.
    await until(() => events.some((e) => e.kind === 'connection' && e.up), 'up after one try');
    world.fake.forceLogout(USER);
    await until(() => events.some((e) => e.kind === 'reauth_required'), 'gives up');
    expect(connectionEvents(events).at(-1)).toEqual({
      kind: 'reauth_required',
      reason: LOGIN_MESSAGES.sessions,
    });
    const requestsAfter = world.fake.world.requests(10);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(world.fake.world.requests(10)).toBe(requestsAfter);
    await expect(session.placeOrder(market('st.after'))).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('a forced logout of the PnL plant alone takes the session down with the same reason, then back', async () => {
    world = await rithmicWorld();
    const { session, events } = await world.open();
    world.fake.forceLogout(USER, 'pnl');
    await until(() => events.some((e) => e.kind === 'connection' && e.up), 'up after one try');
    expect(connectionEvents(events)).toEqual([
      { kind: 'connection', up: false, reason: LOGIN_MESSAGES.sessions },
      { kind: 'connection', up: true },
    ]);
    const placed = await session.placeOrder(market('st.pnl-back'));
    await until(() => filledQty(events, placed.orderId) === 1, 'filled after');
  });

  it('two connections of one login share one session (one login per plant)', async () => {
    world = await rithmicWorld();
    const a = await world.open();
    const b = await world.open();
    expect(world.fake.world.requests(10)).toBe(2);
    const placed = await a.session.placeOrder(market('st.shared'));
    await until(() => filledQty(b.events, placed.orderId) === 1, 'heard by the other connection');
  });
});
