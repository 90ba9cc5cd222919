import type { BrokerSession } from '../../src/brokers/types';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { createTestDb } from '../support/test-db';
import { openFollowerOnFreshAdapter, startWorld, type World } from './support/world';

const limitOrder = (accountId: number, clientOrderId: string) => ({
  accountExternalId: String(accountId),
  clientOrderId,
  symbol: 'ESZ6',
  side: 'buy' as const,
  qty: 1,
  type: 'Limit' as const,
  price: 5900,
});

async function rest(world: World, token: string, path: string): Promise<unknown> {
  const response = await fetch(`${world.fake.restUrl}/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.json();
}

describe('Tradovate client order ids live on commands', () => {
  let world: World;
  beforeEach(async () => {
    world = await startWorld();
  });
  afterEach(() => world.close());

  it('when an order is placed with a clOrdId, then only command entities carry it, and command list, item(s) and deps and commandReport deps serve it', async () => {
    const { session } = await world.open(world.follower.userId);
    const placed = await session.placeOrder(limitOrder(world.follower.accountIds[0] ?? 0, 'cmd-1'));
    const token = world.fake.control.issueToken(world.follower.userId).accessToken;
    const orderId = Number(placed.orderId);
    for (const path of [
      'order/list',
      'orderVersion/list',
      'executionReport/list',
      `order/item?id=${orderId}`,
    ])
      expect(JSON.stringify(await rest(world, token, path))).not.toContain('clOrdId');
    const commands = (await rest(world, token, 'command/list')) as Array<Record<string, unknown>>;
    expect(commands).toEqual([
      expect.objectContaining({
        orderId,
        clOrdId: 'cmd-1',
        commandType: 'New',
        commandStatus: 'RiskPassed',
        isAutomated: true,
      }),
    ]);
    const commandId = Number(commands[0]?.id);
    expect(await rest(world, token, `command/deps?masterid=${orderId}`)).toEqual(commands);
    expect(await rest(world, token, `command/item?id=${commandId}`)).toEqual(commands[0]);
    expect(await rest(world, token, `command/items?ids=${commandId},999999`)).toEqual(commands);
    expect(await rest(world, token, `commandReport/deps?masterid=${commandId}`)).toEqual([
      expect.objectContaining({ commandId, commandStatus: 'RiskPassed', ordStatus: expect.any(String) }),
    ]);
    expect(await rest(world, token, 'command/deps')).toMatchObject({ errorText: 'masterid is required' });

    await session.cancelOrder(placed.accountExternalId, placed.orderId);
    const after = (await rest(world, token, `command/deps?masterid=${orderId}`)) as Array<
      Record<string, unknown>
    >;
    expect(after.map((command) => command.commandType)).toEqual(['New', 'Cancel']);
    // Another user sees none of it.
    const other = world.fake.control.issueToken(world.leader.userId).accessToken;
    expect(await rest(world, other, 'command/list')).toEqual([]);
  });

  it('when the placeorder answer is lost after acceptance and the feed has not caught up, then the look-up finds the order through command/list, not order lists', async () => {
    const { session } = await world.open(world.follower.userId);
    world.fake.control.setFaults({
      holdEventsOf: [world.follower.userId],
      dropAfterAccept: { remaining: 1, match: 'placeorder' },
    });
    const accountId = world.follower.accountIds[0] ?? 0;
    await expect(session.placeOrder(limitOrder(accountId, 'lost-1'))).rejects.toMatchObject({
      code: 'uncertain',
    });
    world.fake.control.clearLogs();
    const found = await session.findOrderByClientId(String(accountId), 'lost-1');
    const atFake = world.fake.control.orders().filter((o) => o.clOrdId === 'lost-1');
    expect(atFake).toHaveLength(1);
    expect(found).toMatchObject({
      orderId: String(atFake[0]?.id),
      clientOrderId: 'lost-1',
      qty: 1,
      type: 'Limit',
      price: 5900,
      status: 'Working',
    });
    const reads = world.fake.control.requests().map((request) => request.endpoint);
    expect(reads).toContain('command/list');
    expect(reads).not.toContain('order/list');
    expect(reads).not.toContain('orderversion/list');
    expect(await session.findOrderByClientId(String(accountId), 'never-sent')).toBeNull();
  });
});

describe('Tradovate client order ids survive a restart in the database', () => {
  let world: World;
  let db: Db;
  const sessions: BrokerSession[] = [];
  beforeEach(async () => {
    world = await startWorld();
    db = await createTestDb();
    await migrate(db);
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
    await world.close();
    await db.close();
  });

  async function openWith(withDb: boolean): Promise<BrokerSession> {
    const session = await openFollowerOnFreshAdapter(world, withDb ? db : undefined);
    sessions.push(session);
    return session;
  }

  it('when the server restarts after Tradovate stopped listing the commands, then the new session still knows which working order is ours, and only with the database', async () => {
    const accountId = world.follower.accountIds[0] ?? 0;
    const first = await openWith(true);
    const placed = await first.placeOrder(limitOrder(accountId, 'restart-1'));
    // The answer was lost too: this id is learned from the feed's command, not from the answer.
    world.fake.control.setFaults({ dropAfterAccept: { remaining: 1, match: 'placeorder' } });
    await expect(first.placeOrder(limitOrder(accountId, 'restart-2'))).rejects.toMatchObject({
      code: 'uncertain',
    });
    const second = world.fake.control.orders().find((o) => o.clOrdId === 'restart-2');
    await first.close();
    const rows = await db.query<{ client_order_id: string; order_id: number }>(
      'SELECT client_order_id, order_id FROM tradovate_client_orders ORDER BY client_order_id',
    );
    expect(rows).toEqual([
      { client_order_id: 'restart-1', order_id: Number(placed.orderId) },
      { client_order_id: 'restart-2', order_id: second?.id },
    ]);
    expect(world.fake.control.archiveCommands()).toBe(2);

    const restarted = await openWith(true);
    const working = await restarted.workingOrders();
    expect(working.map((order) => [order.orderId, order.clientOrderId]).sort()).toEqual(
      [
        [placed.orderId, 'restart-1'],
        [String(second?.id), 'restart-2'],
      ].sort(),
    );
    expect(await restarted.findOrderByClientId(String(accountId), 'restart-2')).toMatchObject({
      orderId: String(second?.id),
    });

    const withoutDb = await openWith(false);
    expect((await withoutDb.workingOrders()).map((order) => order.clientOrderId)).toEqual([null, null]);
    expect(await withoutDb.findOrderByClientId(String(accountId), 'restart-1')).toBeNull();
  });
});
