import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { api, type TestUser } from '../support/api';
import { openDesk, paperDeskUser } from '../support/desk';
import { useStackAndBrowser } from '../support/suite';

interface DeskRow {
  id: number;
  account_name: string;
  is_follower: boolean;
  qty: number;
}

interface Ledger {
  positions: Array<{ symbol: string; net_pos: number }>;
  working_orders: Array<{ order_id: string }>;
}

/**
 * A trader away from the desk, on a 390 px phone: a paper leader with one follower holds a position and a resting
 * order; the group's kill switch, confirmed on the phone, leaves both accounts flat with nothing working and the
 * follower no longer copying. The paper ledgers (the venue's own books) are the proof.
 */
describe('phone kill switch at 390 px', () => {
  const suite = useStackAndBrowser();
  let user: TestUser;
  let rows: DeskRow[];
  const call = <T>(method: string, path: string, body?: unknown): Promise<T> =>
    api<T>(suite.stack, method, path, body, user.token);
  const ledger = (id: number): Promise<Ledger> => call<Ledger>('GET', `/sim/accounts/${id}/ledger`);

  before(async () => {
    ({ user, rows } = await paperDeskUser<DeskRow>(suite, 2));
    const [leader, follower] = rows as [DeskRow, DeskRow];
    await call('PUT', `/copier/accounts/${leader.id}/master`);
    await call('PUT', `/copier/accounts/${follower.id}/follower`);
    await call('POST', '/sim/orders', {
      account_id: leader.id,
      contract: 'ES',
      side: 'buy',
      qty: 1,
      order_type: 'Market',
    });
    await call('POST', '/sim/orders', {
      account_id: leader.id,
      contract: 'ES',
      side: 'buy',
      qty: 1,
      order_type: 'Limit',
      price: 1000,
    });
    // Waits on the follower's own book (not on a time) until the copy and the mirrored order are there.
    const deadline = Date.now() + 30_000;
    let copied = await ledger(follower.id);
    while ((copied.positions.length === 0 || copied.working_orders.length === 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      copied = await ledger(follower.id);
    }
    assert.equal(copied.positions[0]?.net_pos, 1, 'the follower copied the leader');
  });

  it('when the group kill switch is confirmed on a phone, then every account is flat, nothing works, no one follows', async () => {
    const { page, context, errors } = await openDesk(suite, user, { viewport: { width: 390, height: 844 } });
    const panel = page.getByRole('region', { name: 'Kill switch' });
    await panel.getByRole('heading', { name: 'Group 1' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the desk fits the phone (${width} px)`);
    await panel.getByRole('button', { name: 'Stop group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kill switch: Group 1' });
    await dialog.getByRole('button', { name: 'Confirm kill switch' }).click();
    await page.getByText(/^Kill switch done for Group 1: 1 follower stopped/).waitFor();

    for (const row of rows) {
      const book = await ledger(row.id);
      assert.deepEqual([row.account_name, book.positions], [row.account_name, []]);
      assert.deepEqual([row.account_name, book.working_orders], [row.account_name, []]);
    }
    const after = await call<DeskRow[]>('GET', '/brokers/accounts/table');
    assert.deepEqual(
      after.filter((row) => row.is_follower).map((row) => row.account_name),
      [],
    );
    assert.deepEqual(errors, []);
    await context.close();
  });
});
