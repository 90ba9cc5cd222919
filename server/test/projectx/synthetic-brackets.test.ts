import { fakeHosts } from './support/fake-hosts';
import { createProjectXAdapter } from '../../src/brokers/projectx/index';
import type { BrokerSession, PlaceOrderCommand } from '../../src/brokers/types';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { OrderStatus } from '../../fakes/projectx/model';
import { startFakeProjectX, type FakeProjectX } from '../../fakes/projectx/server';
import { createTestDb } from '../support/test-db';
import { ES, ES_ID, testTimings, until } from './support/px-world';

const MARKET_BUY_BRACKETED: PlaceOrderCommand = {
  accountExternalId: '465',
  clientOrderId: 'st.f1-1.7',
  symbol: ES,
  side: 'buy',
  qty: 2,
  type: 'Market',
  bracket: { stopLoss: 5990, takeProfit: 6010 },
};

/**
 * Brackets ProjectX cannot take natively (a market entry has no price to count ticks from; an account in
 * Position-Brackets mode refuses them) are kept by the adapter: entry, then stop and target, one cancelled
 * when the other fills, with the bracket in the database so a restarted server finishes the job.
 */
describe('ProjectX brackets kept by the adapter (synthetic OCO) against the fake gateway', () => {
  let fake: FakeProjectX;
  let db: Db;
  const sessions: BrokerSession[] = [];
  beforeAll(async () => {
    db = await createTestDb();
    await migrate(db);
    // The first run after a migration change builds the embedded database's template.
  }, 120_000);
  afterAll(() => db.close());
  beforeEach(async () => {
    fake = await startFakeProjectX({ pingMs: 100 });
    fake.addUser({ userName: 'alice', apiKey: 'key-a' });
    fake.addAccount({ id: 465, userName: 'alice', maxContracts: 10 });
    fake.addAccount({ id: 466, userName: 'alice', maxContracts: 10, bracketMode: 'position' });
    fake.setPrice(ES_ID, 6000);
  });
  afterEach(async () => {
    for (const session of sessions.splice(0)) await session.close();
    await fake.close();
  });

  /** A session as a server process opens it: a fresh adapter on the shared database. */
  async function serverSession(): Promise<BrokerSession> {
    const adapter = createProjectXAdapter({ timings: testTimings, hosts: fakeHosts(fake), db });
    const connected = await adapter.connectWithApiKey!({
      userName: 'alice',
      apiKey: 'key-a',
      environment: 'demo',
      restUrl: fake.restUrl,
      hubUrl: fake.hubUrl,
    });
    const session = await adapter.openSession({
      connectionId: 1,
      environment: 'demo',
      credentials: connected.credentials,
    });
    sessions.push(session);
    return session;
  }

  const byTag = (tag: string) => [...fake.venue.orders.values()].find((o) => o.customTag === tag);
  const pendingRows = async (entry: string) =>
    db.query<{ stage: string }>(
      `SELECT stage FROM projectx_synthetic_brackets WHERE entry_client_order_id = $1`,
      [entry],
    );

  it('places stop and target after a market entry fills, and cancels the stop when the target fills', async () => {
    const session = await serverSession();
    const entry = await session.placeOrder(MARKET_BUY_BRACKETED);
    await until(() => fake.venue.netOf(465, ES_ID) === 2, 'entry filled');
    await until(() => byTag('bk.st.f1-1.7.sl')?.status === OrderStatus.Open, 'stop open');
    await until(() => byTag('bk.st.f1-1.7.tp')?.status === OrderStatus.Open, 'target open');
    expect(byTag('st.f1-1.7')?.id).toBe(Number(entry.orderId));
    // The entry itself went out plain: a market order has no price to count bracket ticks from.
    expect(fake.world.placed.filter((p) => p.errorCode !== 0)).toEqual([]);
    expect(byTag('bk.st.f1-1.7.sl')).toMatchObject({ side: 1, size: 2, type: 4, stopPrice: 5990 });
    expect(byTag('bk.st.f1-1.7.tp')).toMatchObject({ side: 1, size: 2, type: 1, limitPrice: 6010 });

    fake.setPrice(ES_ID, 6010);
    await until(() => byTag('bk.st.f1-1.7.tp')?.status === OrderStatus.Filled, 'target filled');
    await until(() => byTag('bk.st.f1-1.7.sl')?.status === OrderStatus.Cancelled, 'stop cancelled by us');
    expect(fake.venue.netOf(465, ES_ID)).toBe(0);
    await until(async () => (await pendingRows('st.f1-1.7'))[0]?.stage === 'done', 'bracket done');
    // Never a leg twice, whatever the pushes did.
    expect(fake.world.placed.filter((p) => p.customTag?.startsWith('bk.'))).toHaveLength(2);
  });

  it('goes synthetic when the account refuses native brackets (Position Brackets), under the next tag', async () => {
    const session = await serverSession();
    const limit = {
      ...MARKET_BUY_BRACKETED,
      accountExternalId: '466',
      clientOrderId: 'st.m1-2.7',
      type: 'Limit' as const,
      price: 5995,
      qty: 1,
    };
    const entry = await session.placeOrder(limit);
    const refused = fake.world.placed.filter((p) => p.errorCode !== 0);
    expect(refused.map((p) => p.customTag)).toEqual(['st.m1-2.7']);
    expect(byTag('st.m1-2.7~2')?.id).toBe(Number(entry.orderId));
    expect(entry.clientOrderId).toBe('st.m1-2.7');
    expect([...fake.venue.orders.values()].filter((o) => o.customTag?.startsWith('bk.'))).toEqual([]);

    fake.setPrice(ES_ID, 5995);
    await until(() => byTag('bk.st.m1-2.7.sl')?.status === OrderStatus.Open, 'stop open');
    await until(() => byTag('bk.st.m1-2.7.tp')?.status === OrderStatus.Open, 'target open');
    fake.setPrice(ES_ID, 5990);
    await until(() => byTag('bk.st.m1-2.7.sl')?.status === OrderStatus.Filled, 'stop filled');
    await until(() => byTag('bk.st.m1-2.7.tp')?.status === OrderStatus.Cancelled, 'target cancelled by us');
    expect(fake.venue.netOf(466, ES_ID)).toBe(0);

    // The account is known to refuse them now: the next bracketed order is not refused first.
    await session.placeOrder({ ...limit, clientOrderId: 'st.m1-3.7', price: 5980 });
    expect(fake.world.placed.filter((p) => p.errorCode !== 0)).toHaveLength(1);
  });

  it('sends brackets natively when the entry has a price and the account takes them', async () => {
    const session = await serverSession();
    await session.placeOrder({ ...MARKET_BUY_BRACKETED, type: 'Limit', price: 5995, clientOrderId: 'st.n' });
    expect(byTag('st.n')?.brackets).toEqual({ stopLossTicks: -20, takeProfitTicks: 60 });
    fake.setPrice(ES_ID, 5995);
    await until(() => fake.venue.netOf(465, ES_ID) === 2, 'entry filled');
    await until(
      () => [...fake.venue.orders.values()].filter((o) => o.ocoWith !== undefined).length === 2,
      'legs',
    );
    expect(fake.world.placed.filter((p) => p.customTag?.startsWith('bk.'))).toEqual([]);
  });

  it('after a restart, cancels the sibling of a leg that filled while the server was down', async () => {
    const first = await serverSession();
    await first.placeOrder({ ...MARKET_BUY_BRACKETED, clientOrderId: 'st.r1' });
    await until(() => byTag('bk.st.r1.tp')?.status === OrderStatus.Open, 'target open');
    await until(() => byTag('bk.st.r1.sl')?.status === OrderStatus.Open, 'stop open');
    await first.close();
    sessions.splice(sessions.indexOf(first), 1);

    // While no server watches, the stop fills: only the database remembers that the target is its sibling.
    fake.setPrice(ES_ID, 5990);
    expect(byTag('bk.st.r1.sl')?.status).toBe(OrderStatus.Filled);
    expect(byTag('bk.st.r1.tp')?.status).toBe(OrderStatus.Open);
    expect((await pendingRows('st.r1'))[0]?.stage).toBe('legs');

    await serverSession();
    await until(
      () => byTag('bk.st.r1.tp')?.status === OrderStatus.Cancelled,
      'target cancelled after restart',
    );
    await until(async () => (await pendingRows('st.r1'))[0]?.stage === 'done', 'bracket done');
    expect(fake.venue.netOf(465, ES_ID)).toBe(0);
  });

  it('after a restart, places the legs of an entry that filled while the server was down', async () => {
    const first = await serverSession();
    await first.placeOrder({
      ...MARKET_BUY_BRACKETED,
      accountExternalId: '466',
      clientOrderId: 'st.r2',
      type: 'Limit',
      price: 5995,
    });
    await first.close();
    sessions.splice(sessions.indexOf(first), 1);
    fake.setPrice(ES_ID, 5995);
    expect(fake.venue.netOf(466, ES_ID)).toBe(2);
    expect((await pendingRows('st.r2'))[0]?.stage).toBe('entry');

    await serverSession();
    await until(() => byTag('bk.st.r2.sl')?.status === OrderStatus.Open, 'stop placed after restart');
    await until(() => byTag('bk.st.r2.tp')?.status === OrderStatus.Open, 'target placed after restart');
    expect(byTag('bk.st.r2.sl')).toMatchObject({ side: 1, size: 2, stopPrice: 5990 });
  });

  it('sends a leg whose answer was lost once, reading the gateway instead of sending it again', async () => {
    const session = await serverSession();
    const limit = { ...MARKET_BUY_BRACKETED, accountExternalId: '466', type: 'Limit' as const, price: 5995 };
    await session.placeOrder({ ...limit, clientOrderId: 'st.l' });
    // The next place after the entry fills is the first leg: its answer is lost.
    fake.setFaults({ loseAnswers: { remaining: 1, match: 'Order/place' } });
    fake.setPrice(ES_ID, 5995);
    await until(() => byTag('bk.st.l.sl')?.status === OrderStatus.Open, 'stop open');
    await until(() => byTag('bk.st.l.tp')?.status === OrderStatus.Open, 'target open');
    expect(fake.faults.loseAnswers?.remaining ?? 0).toBe(0);
    const legs = fake.world.placed.filter((p) => p.customTag?.startsWith('bk.') && p.errorCode === 0);
    expect(legs.map((p) => p.customTag).sort()).toEqual(['bk.st.l.sl', 'bk.st.l.tp']);
  });

  it('shrinks the legs when other orders shrink the position, and cancels them once it is flat', async () => {
    const session = await serverSession();
    await session.placeOrder({ ...MARKET_BUY_BRACKETED, clientOrderId: 'st.p', qty: 3 });
    await until(() => byTag('bk.st.p.sl')?.status === OrderStatus.Open, 'stop open');
    await until(() => byTag('bk.st.p.tp')?.status === OrderStatus.Open, 'target open');
    const sell = { ...MARKET_BUY_BRACKETED, side: 'sell' as const, bracket: undefined };
    await session.placeOrder({ ...sell, clientOrderId: 'st.close1', qty: 2 });
    await until(() => byTag('bk.st.p.sl')?.size === 1 && byTag('bk.st.p.tp')?.size === 1, 'legs cut to 1');
    await session.placeOrder({ ...sell, clientOrderId: 'st.close2', qty: 1 });
    await until(() => byTag('bk.st.p.sl')?.status === OrderStatus.Cancelled, 'stop gone with the position');
    await until(() => byTag('bk.st.p.tp')?.status === OrderStatus.Cancelled, 'target gone with the position');
    // A stop left behind would have opened a short position at 5990.
    fake.setPrice(ES_ID, 5980);
    expect(fake.venue.netOf(465, ES_ID)).toBe(0);
  });

  it('places no legs when the entry is cancelled unfilled', async () => {
    const session = await serverSession();
    const entry = await session.placeOrder({
      ...MARKET_BUY_BRACKETED,
      accountExternalId: '466',
      clientOrderId: 'st.c',
      type: 'Limit',
      price: 5900,
    });
    await until(() => fake.venue.orders.get(Number(entry.orderId))?.status === OrderStatus.Open, 'open');
    await session.cancelOrder('466', entry.orderId);
    await until(async () => (await pendingRows('st.c'))[0]?.stage === 'done', 'bracket done');
    expect(fake.world.placed.filter((p) => p.customTag?.startsWith('bk.'))).toEqual([]);
  });

  /** A follower's copy of a leader's bracket legs, for the 2 contracts it holds: the engine's mirror ids. */
  const PAIR: PlaceOrderCommand = {
    accountExternalId: '465',
    clientOrderId: 'st.m1-40.7',
    symbol: ES,
    side: 'sell',
    qty: 2,
    type: 'Stop',
    stopPrice: 5990,
    oco: { clientOrderId: 'st.m1-41.7', type: 'Limit', price: 6010 },
  };

  it('places a linked pair for a held position under the given ids, and cancels the stop when the target fills', async () => {
    const session = await serverSession();
    expect(session.linksOco).toBe(true);
    await session.placeOrder({ ...MARKET_BUY_BRACKETED, clientOrderId: 'st.f1-9.7', bracket: undefined });
    await until(() => fake.venue.netOf(465, ES_ID) === 2, 'position held');
    const stop = await session.placeOrder(PAIR);
    // Both legs are out when the answer comes: the sibling is found by its own id at once.
    const target = await session.findOrderByClientId('465', 'st.m1-41.7');
    expect(byTag('st.m1-40.7')).toMatchObject({
      id: Number(stop.orderId),
      side: 1,
      size: 2,
      stopPrice: 5990,
    });
    expect(byTag('st.m1-41.7')).toMatchObject({
      id: Number(target?.orderId),
      side: 1,
      size: 2,
      limitPrice: 6010,
    });
    fake.setPrice(ES_ID, 6010);
    await until(() => byTag('st.m1-41.7')?.status === OrderStatus.Filled, 'target filled');
    await until(() => byTag('st.m1-40.7')?.status === OrderStatus.Cancelled, 'stop cancelled by us');
    await until(async () => (await pendingRows('st.m1-40.7'))[0]?.stage === 'done', 'pair done');
    expect(fake.world.placed.filter((p) => p.customTag?.startsWith('bk.'))).toEqual([]);
  });

  it('ends a pair whose leg the gateway refuses, so the keeper never places a lone leg later', async () => {
    const session = await serverSession();
    const refused = { ...PAIR, clientOrderId: 'st.m1-50.7', qty: 11 };
    await expect(session.placeOrder(refused)).rejects.toMatchObject({ code: 'rejected' });
    expect(await pendingRows('st.m1-50.7')).toEqual([{ stage: 'done' }]);
    expect(fake.world.placed.filter((p) => p.errorCode === 0)).toEqual([]);
  });
});
