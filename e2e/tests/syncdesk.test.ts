import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { seriousA11yViolations } from '../support/axe';
import type { TestUser } from '../support/api';
import { openDesk, paperDeskUser } from '../support/desk';
import { deskRow, followOnDesk, waitForDeskQty } from '../support/flows';
import { useStackAndBrowser } from '../support/suite';

interface DeskRow {
  id: number;
  accounts: string;
}

/** The Qty cell (10th column) of an account's row. */
const qtyOf = (page: Page, id: number): Locator => deskRow(page, id).getByRole('cell').nth(9);

async function expectQty(page: Page, id: number, qty: number): Promise<void> {
  await waitForDeskQty(page, id, qty);
  assert.equal((await qtyOf(page, id).textContent())?.trim(), String(qty));
}

/**
 * The trader's core journey on the composed product: the real host, the real server with the paper broker and
 * the copy engine, and the syncdesk remote's production build.
 */
describe('sync desk: choose a leader, follow, trade, watch it copied, flatten', () => {
  const suite = useStackAndBrowser();
  let user: TestUser;
  let accounts: DeskRow[];

  before(async () => {
    ({ user, rows: accounts } = await paperDeskUser<DeskRow>(suite, 3));
  });

  it('when a trade is placed on the leader, then followers copy it at their ratio live, and Flatten all closes everything', async () => {
    const { page, context, errors } = await openDesk(suite, user);
    await page.getByRole('heading', { level: 1, name: 'Sync Desk' }).waitFor();
    const [leader, first, second] = accounts as [DeskRow, DeskRow, DeskRow];

    // No roles yet: the desk asks for a leader; the first account is preselected.
    await page.getByRole('heading', { name: 'Choose Your Leader Account' }).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), [], 'empty desk');
    await page.getByRole('button', { name: 'Select Leader' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Lead Account' });
    assert.equal(await dialog.getByRole('radio').first().isChecked(), true);
    assert.deepEqual(await seriousA11yViolations(page), [], 'leader dialog');
    await dialog.getByRole('button', { name: 'Set as Lead' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Account master updated successfully').first().waitFor();
    await deskRow(page, leader.id).getByText('Leader').waitFor();

    // Two followers, ratios 1 and 2.
    for (const follower of [first, second]) {
      await followOnDesk(page, follower.id);
    }
    await deskRow(page, second.id)
      .getByRole('button', { name: /edit ratio/ })
      .click();
    const ratio = deskRow(page, second.id).getByRole('spinbutton');
    await ratio.fill('2');
    await ratio.press('Enter');
    await deskRow(page, second.id).getByRole('button', { name: /^2x/ }).waitFor();

    // The paper ticket trades the leader (preselected); the copies arrive through the live feed, no reload.
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    const ticket = page.getByRole('form', { name: 'Paper order ticket' });
    assert.match(
      (await ticket.getByRole('combobox', { name: 'Account' }).locator('option:checked').textContent()) ?? '',
      /leader/,
    );
    await ticket.getByRole('button', { name: 'Buy 1 ES' }).click();
    await expectQty(page, leader.id, 1);
    await expectQty(page, first.id, 1);
    await expectQty(page, second.id, 2);
    // An account that does not follow is left alone.
    for (const other of accounts.slice(3)) await expectQty(page, other.id, 0);
    assert.deepEqual(navigations, [], 'the page never reloaded');

    // The orders panel lists the leader's order and both copies.
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Refresh orders' }).click();
    const orders = page.getByRole('table', { name: 'Orders' });
    await orders.waitFor();
    for (const name of [leader.accounts, first.accounts, second.accounts]) {
      await orders.getByRole('cell', { name, exact: true }).first().waitFor({ timeout: 20_000 });
    }

    // Flatten all shows the closing orders first, then every position goes back to 0.
    await page.getByRole('button', { name: 'Flatten all' }).click();
    const confirm = page.getByRole('dialog', { name: 'Flatten all accounts?' });
    await confirm
      .getByRole('list', { name: 'Positions closed' })
      .getByText(/Sell 2 at market/)
      .waitFor();
    await confirm.getByRole('button', { name: 'Flatten', exact: true }).click();
    for (const account of accounts) await expectQty(page, account.id, 0);

    assert.deepEqual(await seriousA11yViolations(page), [], 'desk with positions and orders');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('when the desk opens in the light theme, then it has no serious accessibility violations either', async () => {
    const { page, context, errors } = await openDesk(suite, user, { theme: 'light' });
    await page.getByRole('table', { name: 'Accounts' }).waitFor();
    await page.getByRole('table', { name: 'Orders' }).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
