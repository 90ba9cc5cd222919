import { SqlCopyStore } from '../../src/copier/store/sql-store';
import type { CopyIntent, EngineAccount } from '../../src/copier/engine/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { connectSim } from '../support/connect-sim';
import { registerUser, type TestUser } from '../support/users';
import { waitForDesk } from './support/http';

describe('copier store on the database', () => {
  let t: TestApp;
  let user: TestUser;
  let followerId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    user = await registerUser(t.app);
    await connectSim(t.app, user, 'Store');
    followerId = (await waitForDesk(t.app, user, (list) => list.length === 4))[1]?.id ?? 0;
  });
  afterAll(async () => t.close());

  const intent = (clientOrderId: string, eventKey: string): CopyIntent => ({
    clientOrderId,
    eventKey,
    userId: user.id,
    accountId: followerId,
    symbol: 'ESZ6',
    side: 'buy',
    qty: 2,
    type: 'Market',
    price: null,
    stopPrice: null,
    exit: false,
    leaderOrderId: null,
  });

  it('when a leader event is claimed twice, then the second claim is stale and claims nothing', async () => {
    const store = new SqlCopyStore(t.db, (error) => {
      throw error;
    });
    const first = await store.claim('f1-100', user.id, [
      intent('st.f1-100.2', 'f1-100'),
      intent('st.f1-100.2.1', 'f1-100'),
    ]);
    expect([first.fresh, [...first.claimed].sort()]).toEqual([true, ['st.f1-100.2', 'st.f1-100.2.1']]);
    const replay = await store.claim('f1-100', user.id, [intent('st.f1-100.2', 'f1-100')]);
    expect([replay.fresh, replay.claimed.size]).toEqual([false, 0]);
    const empty = await store.claim('f1-101', user.id, []);
    expect([empty.fresh, empty.claimed.size]).toEqual([true, 0]);
  });

  it('when intents were written but never confirmed, then they are unresolved until an outcome is stored', async () => {
    const store = new SqlCopyStore(t.db, (error) => {
      throw error;
    });
    await store.claim('f1-200', user.id, [intent('st.f1-200.2', 'f1-200')]);
    expect(
      (await store.unresolved([followerId])).map((i) => [i.clientOrderId, i.qty, i.side]),
    ).toContainEqual(['st.f1-200.2', 2, 'buy']);
    store.recordOutcome({
      clientOrderId: 'st.f1-200.2',
      status: 'Success',
      brokerOrderId: '77',
      reason: null,
      sentMs: 0.05,
      ackMs: 0.2,
    });
    await store.flush();
    expect((await store.unresolved([followerId])).map((i) => i.clientOrderId)).not.toContain('st.f1-200.2');
    const [row] = await t.db.query<{ status: string; broker_order_id: string; ack_ms: number }>(
      'SELECT status, broker_order_id, ack_ms FROM copy_orders WHERE client_order_id = $1',
      ['st.f1-200.2'],
    );
    expect(row).toEqual({ status: 'Success', broker_order_id: '77', ack_ms: 0.2 });
  });

  it('when the broker reports a copy before its answer and without our id, then the outcome merges into the copy', async () => {
    const store = new SqlCopyStore(t.db, (error) => {
      throw error;
    });
    await store.claim('f1-300', user.id, [intent('st.f1-300.2', 'f1-300')]);
    const account = { id: followerId, userId: user.id } as EngineAccount;
    store.recordBrokerEvent(
      account,
      {
        kind: 'order',
        order: {
          orderId: '88',
          clientOrderId: null,
          accountExternalId: 'x',
          symbol: 'ESZ6',
          side: 'buy',
          qty: 2,
          filledQty: 0,
          type: 'Market',
          price: null,
          stopPrice: null,
          status: 'Working',
          reason: null,
          parentOrderId: null,
          time: Date.now(),
        },
      },
      'manual',
    );
    await store.flush();
    store.recordOutcome({
      clientOrderId: 'st.f1-300.2',
      status: 'Success',
      brokerOrderId: '88',
      reason: null,
      sentMs: 1,
      ackMs: 2,
    });
    await store.flush();
    const rows = await t.db.query<{ client_order_id: string | null; role: string }>(
      'SELECT client_order_id, role FROM copy_orders WHERE account_id = $1 AND broker_order_id = $2',
      [followerId, '88'],
    );
    expect(rows).toEqual([{ client_order_id: 'st.f1-300.2', role: 'copy' }]);
  });
});
