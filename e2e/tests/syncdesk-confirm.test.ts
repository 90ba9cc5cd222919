import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { seriousA11yViolations } from '../support/axe';
import { api, type TestUser } from '../support/api';
import { openDesk, paperDeskUser } from '../support/desk';
import { deskRow, waitForDeskQty } from '../support/flows';
import { useStackAndBrowser } from '../support/suite';

interface DeskRow {
  id: number;
  accounts: string;
  qty: number;
  state: string;
}

interface WorkingOrder {
  account: number;
  order_id: string;
}

/**
 * The desk's confirmations on the composed product (real server, paper broker, copy engine): Change leader
 * with positions open, a row's Flatten and Cancel all orders, each showing what it will do before it does it.
 */
describe('sync desk: actions that trade ask first and show what they will do', () => {
  const suite = useStackAndBrowser();
  let user: TestUser;
  let rows: DeskRow[];

  before(async () => {
    ({ user, rows } = await paperDeskUser<DeskRow>(suite, 4));
    const [leader, first, second] = rows as [DeskRow, DeskRow, DeskRow];
    await api(suite.stack, 'PUT', `/copier/accounts/${leader.id}/master`, { followers: 'align' }, user.token);
    for (const follower of [first, second])
      await api(suite.stack, 'PUT', `/copier/accounts/${follower.id}/follower`, undefined, user.token);
    await api(suite.stack, 'PUT', `/copier/accounts/${second.id}/ratio`, { ratio: 2 }, user.token);
  });

  const ticket = (accountId: number, body: object): Promise<unknown> =>
    api(suite.stack, 'POST', '/sim/orders', { account_id: accountId, contract: 'ES', ...body }, user.token);

  it('when the leader changes to a flat account and the positions are kept, then nothing is sold, followers show out of sync, and the new leader’s next trade aligns them', async () => {
    const { page, context, errors } = await openDesk(suite, user);
    await page.getByRole('table', { name: 'Accounts' }).waitFor();
    const [leader, first, second, flat] = rows as [DeskRow, DeskRow, DeskRow, DeskRow];
    await ticket(leader.id, { side: 'buy', qty: 1, order_type: 'Market' });
    await waitForDeskQty(page, first.id, 1);
    await waitForDeskQty(page, second.id, 2);

    await page.getByRole('button', { name: 'Change leader' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Lead Account' });
    await dialog.getByRole('row').filter({ hasText: flat.accounts }).getByRole('radio').check();
    await dialog.getByRole('button', { name: 'Set as Lead' }).click();
    const keep = dialog.getByRole('radio', {
      name: "Keep followers' positions and copy from the new leader's next trade",
    });
    assert.equal(await keep.isChecked(), true, 'keeping positions is preselected');
    const kept = dialog.getByRole('list', { name: 'Followers kept as they are' });
    assert.deepEqual(await kept.getByRole('listitem').allTextContents(), [
      `${first.accounts}: Long 1`,
      `${second.accounts}: Long 2`,
    ]);
    await dialog.getByRole('radio', { name: 'Align followers to the new leader now' }).check();
    assert.deepEqual(
      await dialog.getByRole('list', { name: 'Orders sent now' }).getByRole('listitem').allTextContents(),
      [
        `${first.accounts}: Sell 1 at market (Long 1 → Flat)`,
        `${second.accounts}: Sell 2 at market (Long 2 → Flat)`,
      ],
    );
    assert.deepEqual(await seriousA11yViolations(page), [], 'leader change confirmation');
    await keep.check();
    await dialog.getByRole('button', { name: 'Change leader' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Account master updated successfully').first().waitFor();
    for (const follower of [first, second])
      await deskRow(page, follower.id).getByText('Out of sync', { exact: true }).waitFor();
    const desk = await api<DeskRow[]>(suite.stack, 'GET', '/brokers/accounts/table', undefined, user.token);
    assert.deepEqual(
      desk.filter((row) => row.id === first.id || row.id === second.id).map((row) => row.qty),
      [1, 2],
      'positions kept',
    );

    // The new leader's next trade brings the followers to its position × ratio.
    await ticket(flat.id, { side: 'buy', qty: 2, order_type: 'Market' });
    await waitForDeskQty(page, first.id, 2);
    await waitForDeskQty(page, second.id, 4);
    await deskRow(page, first.id).getByText('Out of sync', { exact: true }).waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('when a row’s Flatten is pressed and then Cancel, then the closing order is shown and nothing is sent', async () => {
    const { page, context, errors } = await openDesk(suite, user);
    await page.getByRole('table', { name: 'Accounts' }).waitFor();
    const second = rows[2] as DeskRow;
    await waitForDeskQty(page, second.id, 4);
    await deskRow(page, second.id)
      .getByRole('button', { name: `Flatten ${second.accounts}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Flatten this account?' });
    assert.deepEqual(
      await dialog.getByRole('list', { name: 'Positions closed' }).getByRole('listitem').allTextContents(),
      [`${second.accounts}: Sell 4 at market (Long 4 → Flat)`],
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    const desk = await api<DeskRow[]>(suite.stack, 'GET', '/brokers/accounts/table', undefined, user.token);
    assert.equal(desk.find((row) => row.id === second.id)?.qty, 4);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('when Cancel all orders is confirmed, then the listed working orders are canceled', async () => {
    const { page, context, errors } = await openDesk(suite, user);
    await page.getByRole('table', { name: 'Accounts' }).waitFor();
    const flat = rows[3] as DeskRow;
    await ticket(flat.id, { side: 'buy', qty: 1, order_type: 'Limit', price: 100 });
    await page.getByRole('button', { name: 'Cancel all orders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel all orders?' });
    await dialog
      .getByRole('list', { name: 'Orders canceled' })
      .getByText(`${flat.accounts}: Buy 1`, { exact: false })
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel orders' }).click();
    await dialog.waitFor({ state: 'detached' });
    const until = Date.now() + 15_000;
    let working = await api<WorkingOrder[]>(
      suite.stack,
      'GET',
      '/copier/orders/working',
      undefined,
      user.token,
    );
    while (working.length > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      working = await api<WorkingOrder[]>(
        suite.stack,
        'GET',
        '/copier/orders/working',
        undefined,
        user.token,
      );
    }
    assert.deepEqual(working, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
