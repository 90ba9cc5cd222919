import { frontMonth } from '@synctrade/market';
import type { BrokerEvent } from '../../src/brokers/types';
import type { AccountDirectory } from '../../src/copier/engine/ports';
import { Harness, LEADER, USER } from './support/harness';

const ES = frontMonth('ES');

/** Starts the harness with each connection's feed reachable by hand, as its broker would send it. */
async function withFeeds(h: Harness): Promise<Map<number, (event: BrokerEvent) => void>> {
  const feeds = new Map<number, (event: BrokerEvent) => void>();
  h.alterSessions((session, connectionId) => {
    const subscribe = session.subscribe.bind(session);
    session.subscribe = (listener) => {
      feeds.set(connectionId, listener);
      return subscribe(listener);
    };
  });
  await h.start();
  await h.settle();
  return feeds;
}

function feedOf(
  feeds: Map<number, (event: BrokerEvent) => void>,
  connectionId: number,
): (event: BrokerEvent) => void {
  const feed = feeds.get(connectionId);
  if (feed === undefined) throw new Error(`No feed on connection ${connectionId}`);
  return feed;
}

describe("what a broker's feed tells the engine", () => {
  it("when orders and fills arrive, then each is stored as the leader's, a copy, or a trade made by hand", async () => {
    const h = new Harness([{ ratio: 1 }]);
    const roles: Array<[number, string, string]> = [];
    const record = h.store.recordBrokerEvent.bind(h.store);
    h.store.recordBrokerEvent = (account, event, role) => {
      roles.push([account.id, event.kind, role]);
      record(account, event, role);
    };
    await h.start();
    await h.leaderTrades('buy', 1);
    await h.handMarket(2, 'buy', 1);
    await h.settle();
    const fills = roles.filter(([, kind]) => kind === 'fill').map(([id, , role]) => [id, role]);
    expect(fills).toEqual([
      [LEADER, 'leader'],
      [2, 'copy'],
      [2, 'manual'],
    ]);
    expect(
      new Set(roles.filter(([, kind]) => kind === 'order').map(([id, , role]) => `${id} ${role}`)),
    ).toEqual(new Set([`${LEADER} leader`, '2 copy', '2 manual']));
    expect(h.store.brokerEvents).toBe(roles.length);
    await h.engine.stop();
  });

  it('when a feed needs a new authorization, then its followers show it and the user is told; once it is back, they are ok', async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 1 }]);
    const feeds = await withFeeds(h);
    feedOf(feeds, 2)({ kind: 'reauth_required', reason: 'Token expired' });
    await h.settle();
    expect(h.engine.live.get(3)?.status).toEqual({ state: 'reauth_required', reason: 'Token expired' });
    expect(h.engine.live.get(2)?.status.state).toBe('ok');
    expect(h.notifications).toEqual([
      expect.objectContaining({
        title: 'Broker authorization expired',
        message: 'Token expired. Connect the broker again.',
      }),
    ]);
    feedOf(feeds, 2)({ kind: 'connection', up: true });
    await h.settle();
    expect(h.engine.live.get(3)?.status).toEqual({ state: 'ok', reason: null });
    await h.engine.stop();
  });

  it('when a feed drops with no reason given, then its followers show that the connection dropped and the user is told', async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 1 }]);
    const feeds = await withFeeds(h);
    feedOf(feeds, 2)({ kind: 'connection', up: false });
    await h.settle();
    expect(h.engine.live.get(3)?.status).toEqual({
      state: 'disconnected',
      reason: 'The broker connection dropped',
    });
    expect(h.notifications).toEqual([
      expect.objectContaining({
        title: 'Broker disconnected',
        message: 'The broker connection dropped; copying resumes when it is back.',
      }),
    ]);
    await h.engine.stop();
  });

  it('when an account of the same broker login that the copier does not hold trades, then nothing is copied and nothing breaks', async () => {
    const h = new Harness([{ ratio: 1 }]);
    await h.start();
    // The leader's login has 8 accounts at the broker; only the leader (1111111) and follower (1111112) are copied.
    const other = '1111118';
    await h.trader.placeOrder({
      accountExternalId: other,
      clientOrderId: 'theirs-1',
      symbol: ES,
      side: 'buy',
      qty: 3,
      type: 'Market',
    });
    await h.settle();
    expect([
      h.venue.account(other).positions.get(ES)?.netPos,
      h.position(LEADER, ES),
      h.position(2, ES),
    ]).toEqual([3, 0, 0]);
    expect(h.logs).toEqual([]);
    await h.engine.stop();
  });

  it("when the user's accounts are reloaded while a follower's feed is down, then it still shows why", async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 1 }]);
    const feeds = await withFeeds(h);
    feedOf(feeds, 2)({ kind: 'connection', up: false, reason: 'Socket closed' });
    await h.settle();
    await h.engine.refreshUser(USER);
    await h.settle();
    expect(h.engine.live.get(3)?.status).toEqual({ state: 'disconnected', reason: 'Socket closed' });
    await h.engine.stop();
  });

  it("when a risk-stopped follower's feed drops and comes back, then it stays risk stopped", async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 1, risk: { dailyLossLimit: 100 } }]);
    const feeds = await withFeeds(h);
    await h.leaderBuysThenFalls();
    const stopped = h.engine.live.get(3)?.status;
    expect(stopped?.state).toBe('risk_stopped');
    feedOf(feeds, 2)({ kind: 'connection', up: false, reason: 'Socket closed' });
    await h.settle();
    expect(h.engine.live.get(3)?.status).toEqual(stopped);
    feedOf(feeds, 2)({ kind: 'connection', up: true });
    await h.settle();
    expect(h.engine.live.get(3)?.status).toEqual(stopped);
    await h.engine.stop();
  });

  it('when an account goes from the user, then the engine forgets it and copies nothing to it', async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 1 }]);
    await h.start();
    const gone = h.directory.accounts.findIndex((account) => account.id === 3);
    h.directory.accounts.splice(gone, 1);
    await h.engine.refreshUser(USER);
    await h.settle();
    expect([h.engine.accounts.has(3), h.engine.live.has(3), h.engine.accounts.has(2)]).toEqual([
      false,
      false,
      true,
    ]);
    await h.leaderTrades('buy', 1);
    const position = (login: string): number => h.venue.account(login).positions.get(ES)?.netPos ?? 0;
    expect([h.position(2, ES), position('2222222')]).toEqual([1, 0]);
    await h.engine.stop();
  });
});

describe('Sync', () => {
  it('when the user syncs one follower, then only that one is brought to leader × ratio', async () => {
    const h = new Harness([
      { ratio: 1, autoSync: false },
      { ratio: 2, autoSync: false },
    ]);
    await h.start();
    for (const id of [2, 3]) h.venue.faults.arm({ kind: 'reject' }, h.directory.account(id).externalId);
    await h.leaderTrades('buy', 1);
    expect([h.position(2, ES), h.position(3, ES)]).toEqual([0, 0]);
    await h.engine.sync(USER, [3]);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(2, ES), h.position(3, ES)]).toEqual([1, 0, 2]);
    await h.engine.sync(USER);
    await h.settle();
    expect([h.position(2, ES), h.position(3, ES)]).toEqual([1, 2]);
    await h.engine.stop();
  });
});

describe('following turned back on, and leader orders missed while the engine was down', () => {
  it('when a risk-stopped follower is set to follow again, then it is ok and copied again', async () => {
    const h = new Harness([{ ratio: 1, risk: { dailyLossLimit: 100 } }]);
    await h.start();
    await h.leaderBuysThenFalls();
    expect([h.position(2, ES), h.engine.live.get(2)?.status.state]).toEqual([0, 'risk_stopped']);
    h.directory.account(2).isFollower = true;
    h.directory.account(2).risk.dailyLossLimit = 0;
    await h.engine.refreshUser(USER);
    await h.settle();
    expect(h.engine.live.get(2)?.status).toEqual({ state: 'ok', reason: null });
    await h.leaderTrades('buy', 1);
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([2, 2]);
    await h.engine.stop();
  });

  it('when a person trades by hand on an account that does not follow, then nothing is marked held by hand for it', async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 1, isFollower: false }]);
    await h.start();
    await h.handMarket(3, 'buy', 1);
    await h.settle();
    expect([h.position(3, ES), h.directory.heldByHand.has(3), h.engine.live.get(3)?.heldByHand.size]).toEqual(
      [1, false, 0],
    );
    await h.engine.stop();
  });

  it("when the leader canceled an order while the engine was down, then the follower's mirror of it is canceled at start", async () => {
    const h = new Harness([{ ratio: 2 }]);
    await h.start();
    const { orderId } = await h.leaderRestingBuy();
    await h.settle();
    const follower = h.directory.account(2).externalId;
    expect(h.venue.workingOrders([follower]).map((o) => [o.type, o.qty])).toEqual([['Limit', 2]]);
    await h.engine.stop();
    await h.trader.cancelOrder(h.leaderExternalId, orderId);
    await h.restart();
    await h.settle();
    expect(h.venue.workingOrders([follower])).toEqual([]);
    expect(h.logs).toEqual([]);
    await h.engine.stop();
  });

  it('when canceling such a mirror fails at start, then the failure is logged', async () => {
    const h = new Harness([{ ratio: 2 }]);
    await h.start();
    const { orderId } = await h.leaderRestingBuy();
    await h.settle();
    await h.engine.stop();
    await h.trader.cancelOrder(h.leaderExternalId, orderId);
    h.alterSessions((session) => {
      session.cancelOrder = () => Promise.reject(new Error('Cancel refused'));
    });
    await h.restart();
    await h.settle();
    expect(h.logs).toEqual(['cancel stray mirror']);
    await h.engine.stop();
  });
});

describe("a connection's session, as the engine keeps it", () => {
  it('when a feed drops, comes back and needs a new authorization, then the connection is marked so each time; a failed mark is logged', async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 1 }]);
    const marks: Array<[number, string]> = [];
    let failMarks = false;
    (h.directory as AccountDirectory).markConnection = async (connectionId, status) => {
      if (failMarks) throw new Error('database down');
      marks.push([connectionId, status]);
    };
    const feeds = await withFeeds(h);
    const feed = feedOf(feeds, 2);
    feed({ kind: 'connection', up: false });
    feed({ kind: 'connection', up: true });
    feed({ kind: 'reauth_required', reason: 'Token expired' });
    await h.settle();
    expect(marks).toEqual([
      [2, 'disconnected'],
      [2, 'connected'],
      [2, 'reauth_required'],
    ]);
    failMarks = true;
    feed({ kind: 'connection', up: true });
    await h.settle();
    expect(h.logs).toEqual(['connection status']);
    await h.engine.stop();
  });

  it('when the opening snapshot cannot be read, then the failure is logged and the session still copies', async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 2 }]);
    h.alterSessions((session, connectionId) => {
      // Only the first read, the opening snapshot, fails.
      const read = session.positions.bind(session);
      let reads = 0;
      if (connectionId === 2)
        session.positions = () => (++reads === 1 ? Promise.reject(new Error('Read failed')) : read());
    });
    await h.start();
    await h.settle();
    expect(h.logs).toEqual(['snapshot 2']);
    h.logs.length = 0;
    await h.leaderTrades('buy', 1);
    expect(h.position(3, ES)).toBe(2);
    await h.engine.stop();
  });

  it('when a session no longer wanted fails to close, then the failure is logged', async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 1 }]);
    h.alterSessions((session) => {
      session.close = () => Promise.reject(new Error('Socket already gone'));
    });
    await h.start();
    await h.settle();
    h.directory.account(3).enabled = false;
    await h.engine.refreshUser(USER);
    await h.settle();
    expect([h.engine.sessions.has(2), h.logs]).toEqual([false, ['close session']]);
    await h.engine.stop();
  });

  it('when a follower is already past its daily loss limit as the engine starts, then the opening snapshot stops it', async () => {
    const h = new Harness([{ ratio: 1, risk: { dailyLossLimit: 100 } }]);
    const follower = h.directory.account(2).externalId;
    h.alterSessions((session) => {
      const snapshots = session.accountSnapshots.bind(session);
      session.accountSnapshots = async () =>
        (await snapshots()).map((snapshot) =>
          snapshot.accountExternalId === follower ? { ...snapshot, realizedPnl: -150 } : snapshot,
        );
    });
    await h.start();
    await h.settle();
    expect(h.engine.live.get(2)?.status.state).toBe('risk_stopped');
    expect(h.engine.live.get(2)?.snapshot?.realizedPnl).toBe(-150);
    await h.engine.stop();
  });
});
