import { frontMonth } from '@synctrade/market';
import type { PaperSession } from '../../src/brokers/paper/session';
import { engineAccount } from './support/engine-account';
import { Harness, LEADER, USER } from './support/harness';

const ES = frontMonth('ES');

describe("a follower's status as its broker session comes and goes", () => {
  it('when a risk-stopped follower is switched off and on again, then its session opens again and it stays risk stopped', async () => {
    // Account 3 is alone on connection 2: switching it off closes that session.
    const h = new Harness([{ ratio: 1 }, { ratio: 1, risk: { dailyLossLimit: 100 } }]);
    await h.start();
    await h.leaderBuysThenFalls();
    const stopped = h.engine.live.get(3)?.status;
    expect(stopped?.state).toBe('risk_stopped');
    h.directory.account(3).enabled = false;
    await h.engine.refreshUser(USER);
    await h.settle();
    expect(h.engine.sessions.has(2)).toBe(false);
    h.directory.account(3).enabled = true;
    await h.engine.refreshUser(USER);
    await h.settle();
    expect(h.engine.sessions.has(2)).toBe(true);
    expect(h.engine.live.get(3)?.status).toEqual(stopped);
    expect(h.engine.live.get(2)?.status.state).toBe('ok');
    await h.engine.stop();
  });

  it('when a connection cannot open, then its follower shows why and the failure is logged; once it opens, the follower is ok and copied', async () => {
    const h = new Harness([{ ratio: 1 }]);
    h.directory.accounts.push(
      engineAccount({ id: 9, userId: USER, connectionId: 4, externalId: '4444442', isFollower: true }),
    );
    await h.start();
    await h.settle();
    expect(h.engine.live.get(9)?.status).toEqual({
      state: 'disconnected',
      reason: 'Broker connection failed: No connection 4',
    });
    expect(h.logs).toContain('open session 4');
    h.venue.ensureAccounts('444444', 8);
    h.directory.addConnection(4, { accessToken: 'sim:444444:8' });
    await h.engine.refreshUser(USER);
    await h.settle();
    expect(h.engine.live.get(9)?.status).toEqual({ state: 'ok', reason: null });
    await h.leaderTrades('buy', 2);
    expect([h.position(LEADER, ES), h.position(2, ES), h.position(9, ES)]).toEqual([2, 2, 2]);
    await h.engine.stop();
  });

  it("when a follower's feed drops, then the desk is told; a status or hand-traded change for an account the engine does not hold is ignored", async () => {
    const h = new Harness([{ ratio: 1 }, { ratio: 1 }]);
    await h.start();
    await h.settle();
    h.changes.length = 0;
    h.engine.setStatus(42, { state: 'out_of_sync', reason: 'not loaded' });
    h.engine.heldByHandChanged(42);
    expect([h.changes, h.engine.live.has(42), h.directory.heldByHand.has(42)]).toEqual([[], false, false]);
    (h.engine.sessions.get(2)?.session as PaperSession).signalConnection(false, 'Socket closed');
    await h.settle();
    expect(h.engine.live.get(3)?.status).toEqual({ state: 'disconnected', reason: 'Socket closed' });
    expect(h.changes).toContain(USER);
    await h.engine.stop();
  });
});

describe('contracts a person traded by hand on a follower', () => {
  it('when storing them fails, then the failure is logged and the follower is still left alone', async () => {
    const h = new Harness([{ ratio: 2 }]);
    h.directory.storeHeldByHand = async () => {
      throw new Error('database down');
    };
    await h.start();
    await h.leaderTrades('buy', 1);
    await h.handFlatten(2);
    expect(h.logs).toContain('store held by hand 2');
    expect([h.position(2, ES), h.engine.live.get(2)?.status.state]).toEqual([0, 'out_of_sync']);
    await h.engine.stop();
  });

  it('when the user presses Sync, then the follower is brought back and what was held by hand is cleared in storage too', async () => {
    const h = new Harness([{ ratio: 2 }]);
    await h.start();
    await h.leaderTrades('buy', 1);
    await h.handFlatten(2);
    expect(h.directory.heldByHand.get(2)).toEqual([ES]);
    await h.engine.sync(USER);
    await h.settle();
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([1, 2]);
    expect(h.directory.heldByHand.get(2)).toEqual([]);
    // A server started now reads nothing held by hand: the leader's exit is copied.
    await h.restart();
    await h.leaderTrades('sell', 1);
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([0, 0]);
    await h.engine.stop();
  });

  it('when a person brings the follower back to leader × ratio by hand, then auto-sync finds it in sync and clears what was held by hand', async () => {
    const h = new Harness([{ ratio: 2 }]);
    await h.start();
    await h.leaderTrades('buy', 1);
    const follower = h.directory.account(2).externalId;
    const hand = await h.hand(2);
    await hand.flatten(follower);
    await h.settle();
    expect(h.directory.heldByHand.get(2)).toEqual([ES]);
    await h.handMarket(2, 'buy', 2);
    await h.settle();
    await h.engine.autoSync(USER);
    await h.settle();
    expect(h.directory.heldByHand.get(2)).toEqual([]);
    expect(h.engine.live.get(2)?.status).toEqual({ state: 'ok', reason: null });
    await h.engine.stop();
  });

  it("when reading a follower's orders fails during auto-sync, then the failure is logged and the other follower is still corrected", async () => {
    // Follower 3 is alone on connection 2, whose order reads fail; follower 2 shares the leader's connection.
    const h = new Harness([{ ratio: 1 }, { ratio: 1 }]);
    h.alterSessions((session, connectionId) => {
      if (connectionId === 2) session.workingOrders = () => Promise.reject(new Error('Read failed'));
    });
    await h.start();
    await h.settle();
    h.logs.length = 0;
    h.venue.faults.arm({ kind: 'reject' }, h.directory.account(2).externalId);
    await h.leaderTrades('buy', 1);
    await h.engine.autoSync(USER);
    await h.settle();
    expect(h.logs).toContain('reconcile follower 3');
    expect([h.position(LEADER, ES), h.position(2, ES)]).toEqual([1, 1]);
    await h.engine.stop();
  });
});
