import type { SyncAccount, WorkingOrder } from '@synctrade/api/types';
import { WAITING_FOR_LEADER_TRADE } from '../../src/copier/engine/reconcile';
import type { TestApp } from '../support/build-test-app';
import type { TestUser } from '../support/users';
import { call, waitForDesk } from './support/http';
import { openPaperDesk } from './support/paper-desk';

let t: TestApp;
let user: TestUser;
let ids: [number, number, number, number];

const net = (rows: SyncAccount[], id: number): number => {
  const row = rows.find((candidate) => candidate.id === id);
  return row === undefined ? NaN : row.side === 'long' ? row.qty : row.side === 'short' ? -row.qty : 0;
};

async function ticket(accountId: number, side: 'buy' | 'sell', qty: number): Promise<void> {
  const answer = await call(t.app, user, 'POST', '/sim/orders', {
    account_id: accountId,
    contract: 'ES',
    side,
    qty,
    order_type: 'Market',
  });
  expect(answer.status).toBe(200);
}

async function ledgerPosition(accountId: number): Promise<number> {
  const ledger = await call<{ positions: Array<{ net_pos: number }> }>(
    t.app,
    user,
    'GET',
    `/sim/accounts/${accountId}/ledger`,
  );
  return ledger.body.positions.reduce((sum, p) => sum + p.net_pos, 0);
}

beforeAll(async () => {
  const desk = await openPaperDesk('Leader change');
  ({ t, user } = desk);
  ids = desk.rows.map((row) => row.id) as [number, number, number, number];
});
afterAll(async () => t.close());

describe('changing the leader', () => {
  it('when the leader changes without a choice, then followers keep their positions, show out of sync, and the new leader’s next trade aligns them', async () => {
    const [oldLeader, a, b, next] = ids;
    await call(t.app, user, 'PUT', `/copier/accounts/${oldLeader}/master`, { followers: 'align' });
    for (const [id, ratio] of [
      [a, 2],
      [b, 3],
    ] as const) {
      await call(t.app, user, 'PUT', `/copier/accounts/${id}/follower`);
      await call(t.app, user, 'PUT', `/copier/accounts/${id}/ratio`, { ratio });
    }
    await ticket(oldLeader, 'buy', 3);
    await waitForDesk(t.app, user, (rows) => net(rows, a) === 6 && net(rows, b) === 9);

    const changed = await call<{ message: string }>(t.app, user, 'PUT', `/copier/accounts/${next}/master`);
    expect(changed).toEqual({ status: 200, body: { message: 'Account master updated successfully' } });
    const rows = await waitForDesk(t.app, user, (list) =>
      [a, b].every((id) => list.find((row) => row.id === id)?.state === 'out_of_sync'),
    );
    expect(rows.filter((row) => row.id === a || row.id === b).map((row) => row.state_reason)).toEqual([
      WAITING_FOR_LEADER_TRADE,
      WAITING_FOR_LEADER_TRADE,
    ]);
    // Flagged after reading the brokers' positions: had anything been sent, it would have been sent by then.
    expect([await ledgerPosition(a), await ledgerPosition(b)]).toEqual([6, 9]);

    await ticket(next, 'buy', 1);
    const aligned = await waitForDesk(t.app, user, (list) => net(list, a) === 2 && net(list, b) === 3);
    expect(aligned.filter((row) => row.id === a || row.id === b).map((row) => row.state)).toEqual([
      'ok',
      'ok',
    ]);
    // Back to copying trades one by one.
    await ticket(next, 'buy', 1);
    await waitForDesk(t.app, user, (list) => net(list, a) === 4 && net(list, b) === 6);
  });

  it('when the leader changes with align, then every follower goes to the new leader × ratio at once', async () => {
    const [oldLeader, a, b, next] = ids;
    // The previous test left `next` leading with 2 long; `oldLeader` holds 3 and follows nobody.
    expect(await ledgerPosition(oldLeader)).toBe(3);
    const changed = await call(t.app, user, 'PUT', `/copier/accounts/${oldLeader}/master`, {
      followers: 'align',
    });
    expect(changed.status).toBe(200);
    await waitForDesk(t.app, user, (list) => net(list, a) === 6 && net(list, b) === 9);
    expect([await ledgerPosition(a), await ledgerPosition(b), await ledgerPosition(next)]).toEqual([6, 9, 2]);
  });

  it('when the choice is not align or keep, then 400 with a detail and the leader stays', async () => {
    const [leader, a, b] = ids;
    for (const body of [{ followers: 'close' }, { followers: 1 }, { other: true }, [1]]) {
      const answer = await call<{ detail: string }>(t.app, user, 'PUT', `/copier/accounts/${b}/master`, body);
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toMatch(
        /^(followers must be align or keep|The body must be an object with only followers)$/,
      );
    }
    const rows = await waitForDesk(t.app, user, () => true);
    expect(rows.find((row) => row.is_master)?.id).toBe(leader);
    expect([net(rows, a), net(rows, b)]).toEqual([6, 9]);
  });

  it('when working orders are asked for, then each of the user’s resting orders is listed with its account', async () => {
    const [leader] = ids;
    const placed = await call(t.app, user, 'POST', '/sim/orders', {
      account_id: leader,
      contract: 'ES',
      side: 'buy',
      qty: 2,
      order_type: 'Limit',
      price: 100,
    });
    expect(placed.status).toBe(200);
    const working = await call<WorkingOrder[]>(t.app, user, 'GET', '/copier/orders/working');
    const mine = working.body.filter((order) => order.account === leader);
    expect(mine).toEqual([
      expect.objectContaining({
        contract: expect.stringMatching(/^ES/),
        side: 'buy',
        type: 'Limit',
        qty: 2,
        price: 100,
      }),
    ]);
    const other = await call(
      t.app,
      { ...user, headers: { authorization: 'Bearer nope' } },
      'GET',
      '/copier/orders/working',
    );
    expect(other.status).toBe(401);
  });
});
