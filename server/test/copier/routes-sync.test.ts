import type { OrderData, SyncAccount } from '@synctrade/api/types';
import type { TestApp } from '../support/build-test-app';
import type { TestUser } from '../support/users';
import { call, waitForDesk } from './support/http';
import { openPaperDesk } from './support/paper-desk';

describe('out-of-sync followers and skipped copies', () => {
  let t: TestApp;
  let user: TestUser;
  let rows: SyncAccount[];

  beforeAll(async () => {
    ({ t, user, rows } = await openPaperDesk('Sync paper'));
  });
  afterAll(async () => t.close());

  it('when a follower with auto-sync off starts following a leader in a position, then it is flagged out of sync until Sync corrects it', async () => {
    const [leader, follower] = rows.map((r) => r.id) as [number, number];
    await call(t.app, user, 'PUT', `/copier/accounts/${leader}/master`);
    await call(t.app, user, 'PUT', `/copier/accounts/${follower}/risk`, { auto_sync: false });
    await call(t.app, user, 'POST', '/sim/orders', {
      account_id: leader,
      contract: 'CL',
      side: 'sell',
      qty: 2,
      order_type: 'Market',
    });
    await waitForDesk(t.app, user, (list) => list.find((r) => r.id === leader)?.qty === 2);
    await call(t.app, user, 'PUT', `/copier/accounts/${follower}/follower`);
    const flagged = await waitForDesk(
      t.app,
      user,
      (list) => list.find((r) => r.id === follower)?.state === 'out_of_sync',
    );
    expect(flagged.find((r) => r.id === follower)).toMatchObject({ qty: 0, auto_sync: false });
    expect(flagged.find((r) => r.id === follower)?.state_reason).toMatch(/^Out of sync/);
    await call(t.app, user, 'POST', `/copier/accounts/${follower}/sync`);
    const synced = await waitForDesk(t.app, user, (list) => list.find((r) => r.id === follower)?.qty === 2);
    expect(synced.find((r) => r.id === follower)).toMatchObject({
      side: 'short',
      qty: 2,
      state: 'ok',
      state_reason: null,
    });
  });

  it('when a copy rounds to less than one contract, then the orders list shows it with its reason', async () => {
    const [leader, , small] = rows.map((r) => r.id) as [number, number, number];
    await call(t.app, user, 'PUT', `/copier/accounts/${small}/follower`);
    await call(t.app, user, 'PUT', `/copier/accounts/${small}/ratio`, { ratio: 0.4 });
    await call(t.app, user, 'POST', '/sim/orders', {
      account_id: leader,
      contract: 'GC',
      side: 'buy',
      qty: 1,
      order_type: 'Market',
    });
    const until = Date.now() + 5_000;
    let skipped: OrderData['orders'] = [];
    while (skipped.length === 0 && Date.now() < until) {
      const data = (await call<OrderData>(t.app, user, 'GET', `/copier/order-data/${user.id}`)).body;
      skipped = data.orders.filter((o) => o.reason === 'Below one contract');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(skipped[0]).toMatchObject({
      role: 'copy',
      status: 'Canceled',
      side: 'buy',
      account: rows[2]?.account_name,
    });
  });
});
