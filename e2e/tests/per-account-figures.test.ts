import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { api, signInPage, type TestUser } from '../support/api';
import { newSession } from '../support/browser';
import { paperDeskUser } from '../support/desk';
import { useStackAndBrowser } from '../support/suite';

interface DeskRow {
  id: number;
  account_name: string;
}

interface Ledger {
  realized_pnl: number;
  positions: Array<{ net_pos: number }>;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * A paper leader with three followers (one at ratio 2) makes one round trip of 2 ES. Each account's realized P&L is
 * read from its paper ledger (the venue's own books); History, scoped to one account, to the leaders or to all of
 * them, and Home's cockpit must show those figures, added up by this test, not by the product.
 */
describe('per-account figures in History and on Home', () => {
  const suite = useStackAndBrowser();
  let user: TestUser;
  let rows: DeskRow[];
  const realized = new Map<number, number>();
  const call = <T>(method: string, path: string, body?: unknown): Promise<T> =>
    api<T>(suite.stack, method, path, body, user.token);

  before(async () => {
    ({ user, rows } = await paperDeskUser<DeskRow>(suite, 4));
    rows = rows.slice(0, 4);
    const [leader, ...followers] = rows as [DeskRow, DeskRow, DeskRow, DeskRow];
    await call('PUT', `/copier/accounts/${leader.id}/master`);
    for (const follower of followers) await call('PUT', `/copier/accounts/${follower.id}/follower`);
    await call('PUT', `/copier/accounts/${followers[1].id}/ratio`, { ratio: 2 });
    for (const side of ['buy', 'sell']) {
      await call('POST', '/sim/orders', {
        account_id: leader.id,
        contract: 'ES',
        side,
        qty: 2,
        order_type: 'Market',
      });
      // Waits on the followers' own books (not on a time) until each holds leader × ratio.
      const want = side === 'buy' ? 2 : 0;
      const deadline = Date.now() + 30_000;
      for (const [index, follower] of followers.entries()) {
        const ratio = index === 1 ? 2 : 1;
        let held = NaN;
        while (held !== want * ratio && Date.now() < deadline) {
          const book = await call<Ledger>('GET', `/sim/accounts/${follower.id}/ledger`);
          held = book.positions.reduce((sum, p) => sum + p.net_pos, 0);
          if (held !== want * ratio) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        assert.equal(held, want * ratio, `${follower.account_name} holds the leader × ratio`);
      }
    }
    for (const row of rows)
      realized.set(row.id, (await call<Ledger>('GET', `/sim/accounts/${row.id}/ledger`)).realized_pnl);
  });

  it('when History is scoped to one account, the leaders or all accounts, then the P & L card is that ledger sum', async () => {
    const { page, context, errors } = await newSession(suite.browser, suite.stack.url);
    await signInPage(page, user);
    await page.goto('/trade-history/dashboard');
    const pnl = page.getByRole('region', { name: 'P & L' });
    const scope = page.getByRole('combobox', { name: 'Accounts' });
    const all = [...realized.values()].reduce((sum, value) => sum + value, 0);
    await pnl.getByText(money.format(all), { exact: true }).waitFor();
    await page.getByText('Showing all accounts: a copied trade counts once per account').waitFor();

    const [leader, , doubled] = rows as [DeskRow, DeskRow, DeskRow];
    await scope.selectOption({ label: SCOPE_LEADERS });
    await pnl.getByText(money.format(realized.get(leader.id)!), { exact: true }).waitFor();
    await page
      .getByRole('cell', { name: new RegExp(`^${doubled.account_name}`) })
      .waitFor({ state: 'detached' });

    await scope.selectOption({ label: `${doubled.account_name} · Paper` });
    await pnl.getByText(money.format(realized.get(doubled.id)!), { exact: true }).waitFor();
    await page.getByRole('cell', { name: `${doubled.account_name} · Paper` }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("when Home opens, then the cockpit's P&L per account and its total are the ledgers'", async () => {
    const { page, context, errors } = await newSession(suite.browser, suite.stack.url);
    await signInPage(page, user);
    await page.goto('/dashboard');
    const today = page.getByRole('group', { name: 'Today’s P&L' });
    const total = [...realized.values()].reduce((sum, value) => sum + value, 0);
    await today.getByText(`Total${money.format(total)}`).waitFor();
    for (const row of rows) {
      const line = today.getByText(row.account_name, { exact: true }).locator('..');
      assert.equal(await line.textContent(), `${row.account_name}${money.format(realized.get(row.id)!)}`);
    }
    const group = page.getByRole('group', { name: 'Copy group Group 1' });
    assert.match(await group.innerText(), /Followers in sync\s+3 of 3/);
    // The paper venue runs in the server: heard at every read, with the paper login's requests free now.
    const health = page.getByRole('group', { name: 'Connections’ health' });
    assert.match(
      await health.innerText(),
      /Paper\s+Connected\s+Last heard (just now|\d s ago) · [\d,]+ requests free now \([\d,]+ a minute\)/,
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('when Copy quality opens from the desk, then each follower copied both leader fills and each copy tells its story', async () => {
    const { page, context, errors } = await newSession(suite.browser, suite.stack.url);
    await signInPage(page, user);
    await page.goto('/syncdesk');
    await page.getByRole('link', { name: 'Copy quality' }).click();
    const table = page.getByRole('table', { name: 'Copy quality per follower' });
    await table.waitFor();
    const [, ...followers] = rows;
    for (const follower of followers) {
      const cells = await table
        .getByRole('row')
        .filter({ hasText: `${follower.account_name} · Paper` })
        .getByRole('cell')
        .allTextContents();
      // The leader filled twice (the buy and the sell); every follower copied both.
      assert.deepEqual(cells.slice(1, 3), ['2', '100%'], follower.account_name);
    }
    const fills = page.getByRole('table', { name: 'Leader fills and their copies' });
    await page.getByRole('heading', { name: 'Leader fills (2)' }).waitFor();
    await fills
      .getByRole('button', { name: new RegExp(`^Story of ${followers[0]!.account_name}: Filled`) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: `Copy story: ${followers[0]!.account_name}` });
    await dialog.getByText('Fill', { exact: true }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});

const SCOPE_LEADERS = 'Leaders only';
