import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, type TestUser } from '../support/api';
import { openDesk, paperDeskUser } from '../support/desk';
import { useStackAndBrowser } from '../support/suite';

interface DeskRow {
  id: number;
  account_name: string;
  group_id: number | null;
}

interface Ledger {
  positions: Array<{ net_pos: number }>;
}

/**
 * A trader with four paper accounts builds a second copy group on the desk: a new group, a leader of its own, one
 * follower moved in keeping its position and another aligned to its new leader (then moved back, aligned to the
 * first leader). Both leaders then trade: each follower holds its own leader × ratio, read from the paper ledgers
 * (the venue's books), and the desk and History show each group on its own.
 */
describe('copy groups on the desk', () => {
  const suite = useStackAndBrowser();
  let user: TestUser;
  let l1: DeskRow, f1: DeskRow, f2: DeskRow, l2: DeskRow;
  const call = <T>(method: string, path: string, body?: unknown): Promise<T> =>
    api<T>(suite.stack, method, path, body, user.token);
  const held = async (row: DeskRow): Promise<number> =>
    (await call<Ledger>('GET', `/sim/accounts/${row.id}/ledger`)).positions.reduce(
      (sum, p) => sum + p.net_pos,
      0,
    );
  /** Waits on the accounts' own books (not on a time) until each holds what it should. */
  const booksAt = async (want: Array<[DeskRow, number]>): Promise<void> => {
    const deadline = Date.now() + 30_000;
    for (const [row, qty] of want) {
      let now = await held(row);
      while (now !== qty && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        now = await held(row);
      }
      assert.equal(now, qty, `${row.account_name} holds ${qty}`);
    }
  };
  const trade = (row: DeskRow, side: 'buy' | 'sell', qty: number): Promise<unknown> =>
    call('POST', '/sim/orders', { account_id: row.id, contract: 'ES', side, qty, order_type: 'Market' });

  before(async () => {
    let rows: DeskRow[];
    ({ user, rows } = await paperDeskUser<DeskRow>(suite, 4));
    [l1, f1, f2, l2] = rows as [DeskRow, DeskRow, DeskRow, DeskRow];
    await call('PUT', `/copier/accounts/${l1.id}/master`);
    await call('PUT', `/copier/accounts/${f1.id}/follower`);
    await call('PUT', `/copier/accounts/${f2.id}/follower`);
    await trade(l1, 'buy', 1);
    await booksAt([
      [f1, 1],
      [f2, 1],
    ]);
  });

  const moveInto = async (page: Page, account: DeskRow, choice: 'keep' | 'align' | null): Promise<void> => {
    await page.getByRole('button', { name: 'Add account' }).click();
    const dialog = page.getByRole('dialog', { name: /^Add an account to / });
    await dialog.getByLabel('Account').selectOption(String(account.id));
    if (choice === 'keep') await dialog.getByRole('radio', { name: /^Keep it as it is/ }).check();
    if (choice === 'align') await dialog.getByRole('radio', { name: /^Align it now/ }).check();
    await dialog.getByRole('button', { name: 'Move account' }).click();
    await dialog.waitFor({ state: 'detached' });
  };

  it('when a second group is made on the desk with its own leader and followers moved in with keep and align, then both groups copy their own leader', async () => {
    const { page, context, errors } = await openDesk(suite, user, { viewport: { width: 1440, height: 900 } });
    await page.getByRole('table', { name: 'Accounts' }).waitFor();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'New copy group' }).click();
    const naming = page.getByRole('dialog', { name: 'New copy group' });
    await naming.getByLabel('Group name').fill('Funded');
    await naming.getByRole('button', { name: 'Create group' }).click();
    const switcher = page.getByRole('combobox', { name: 'Copy group' });
    await page.getByText('Group "Funded" created').waitFor();
    assert.equal((await switcher.inputValue()) !== '', true, 'the new group is shown');

    // Its leader: a plain account moved in, then chosen with Change leader (the shown group's accounts only).
    await moveInto(page, l2, null);
    await page.getByRole('button', { name: 'Change leader' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose Lead Account' });
    await picker.getByRole('radio', { name: new RegExp(`^${l2.account_name} `) }).check();
    await picker.getByRole('button', { name: 'Set as Lead' }).click();
    await picker.waitFor({ state: 'detached' });

    // Keep: f2 holds its 1 contract of the first leader while its new leader is flat.
    await moveInto(page, f2, 'keep');
    // Align: f1 goes to its new leader × ratio (flat) at once...
    await moveInto(page, f1, 'align');
    await booksAt([
      [f1, 0],
      [f2, 1],
    ]);
    // ...and back to the first group, aligned to the first leader (1).
    // Options: All accounts, Group 1, Funded.
    await switcher.selectOption({ index: 1 });
    await moveInto(page, f1, 'align');
    await booksAt([[f1, 1]]);

    // Both leaders trade at once: each follower moves with its own leader only.
    await Promise.all([trade(l1, 'buy', 1), trade(l2, 'sell', 2)]);
    await booksAt([
      [l1, 2],
      [f1, 2],
      [l2, -2],
      [f2, -2],
    ]);

    // The desk: every account under All accounts; one group's accounts when it is chosen.
    const table = page.getByRole('table', { name: 'Accounts' });
    const rowOf = (row: DeskRow) => table.getByRole('row').filter({ hasText: row.account_name });
    await switcher.selectOption({ index: 2 });
    await rowOf(l1).waitFor({ state: 'detached' });
    await rowOf(f1).waitFor({ state: 'detached' });
    // f2 was aligned by its new leader's trade: short 2 with it, no longer waiting.
    await rowOf(f2).filter({ hasText: 'Short' }).waitFor();
    await rowOf(l2).filter({ hasText: 'Short' }).waitFor();
    assert.equal(await rowOf(f2).getByText('Out of sync', { exact: true }).count(), 0);
    await page.getByText('Copying', { exact: true }).waitFor();
    await switcher.selectOption({ index: 0 });
    for (const row of [l1, f1, f2, l2]) await rowOf(row).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('when both leaders close and History is scoped to the second group, then only its accounts trades show', async () => {
    await Promise.all([trade(l1, 'sell', 2), trade(l2, 'buy', 2)]);
    await booksAt([
      [f1, 0],
      [f2, 0],
    ]);
    const { page, context, errors } = await openDesk(suite, user, { viewport: { width: 1440, height: 900 } });
    await page.goto('/trade-history/dashboard');
    const scope = page.getByRole('combobox', { name: 'Accounts' });
    await page
      .getByRole('cell', { name: new RegExp(`^${l1.account_name} · Paper`) })
      .first()
      .waitFor();
    await scope.selectOption({ label: 'Funded' });
    await page
      .getByRole('cell', { name: new RegExp(`^${l1.account_name} · Paper`) })
      .first()
      .waitFor({ state: 'detached' });
    await page
      .getByRole('cell', { name: new RegExp(`^${l2.account_name} · Paper`) })
      .first()
      .waitFor();
    await page
      .getByRole('cell', { name: new RegExp(`^${f2.account_name} · Paper`) })
      .first()
      .waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
