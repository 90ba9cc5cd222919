import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startFakeRithmic, type FakeRithmic } from '../../server/fakes/rithmic/server';
import { api, connectPaperBroker, registerUser, signInPage } from '../support/api';
import { launchBrowser, newSession } from '../support/browser';
import { chooseLeaderOnDesk, deskRow, followOnDesk, waitForDeskQty } from '../support/flows';
import { startStack, type Stack } from '../support/stack';

interface DeskAccount {
  id: number;
  account_id: string;
  accounts: string;
  open_pnl: number;
}

/** The E-mini S&P months the paper ticket may trade today, all priced at the fake. */
function esMonths(): string[] {
  const year = new Date().getUTCFullYear() % 10;
  const next = (year + 1) % 10;
  return ['H', 'M', 'U', 'Z'].flatMap((month) => [`ES${month}${year}`, `ES${month}${next}`]);
}

/**
 * Rithmic end to end against the fake R|Protocol gateway over real sockets: the operator names the gateway
 * (`RITHMIC_GATEWAYS`), the trader connects a Rithmic login from the drawer (gateway, the gateway's systems, user
 * name, password), makes its account a follower of a paper leader, trades the leader on the paper ticket, and sees
 * the copy on the desk with the position and the P&L the PnL plant reports.
 */
describe('Rithmic: connect with a password → follow a paper leader → copy, in the browser', () => {
  let fake: FakeRithmic;
  let stack: Stack;
  let browser: Browser;

  before(async () => {
    fake = await startFakeRithmic({ port: 0 });
    fake.addUser({ user: 'APEX-4242', password: 'rithmic-e2e-pass' });
    fake.addAccount({ user: 'APEX-4242', accountId: 'APEX-4242-01', name: 'APEX-4242-01', balance: 50_000 });
    for (const symbol of esMonths()) fake.setPrice(symbol, 'CME', 6000);
    stack = await startStack({
      env: { RITHMIC_GATEWAYS: `Rithmic Test=${fake.url}`, RITHMIC_APP_NAME: 'test:SyncTrade' },
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    await fake?.close();
  });

  it('when a trader connects Rithmic from the drawer and follows a paper leader, then the leader trade is copied to Rithmic with its position and P&L', async () => {
    const user = await registerUser(stack);
    await connectPaperBroker(stack, user);
    const { page, context, errors } = await newSession(browser, stack.url);
    await signInPage(page, user);

    await page.goto('/connections');
    await page.getByRole('button', { name: 'Add Connection' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add Connection' });
    await drawer.getByRole('option', { name: 'Rithmic' }).waitFor({ state: 'attached' });
    await drawer.getByLabel('Broker').selectOption('rithmic');
    const form = drawer.getByRole('form', { name: 'Rithmic connection' });
    await form.getByLabel('Gateway').selectOption('Rithmic Test');
    // The systems come from the gateway's own system info.
    await form.getByRole('option', { name: 'Rithmic Paper Trading' }).waitFor({ state: 'attached' });
    await form.getByLabel('System').selectOption('Rithmic Paper Trading');
    await form.getByLabel('User name').fill('APEX-4242');
    await form.getByLabel('Password').fill('rithmic-e2e-pass');
    await form.getByLabel('Connection name').fill('Apex eval');
    await form.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Connection Apex eval added successfully').first().waitFor();
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'Apex eval' }).waitFor();
    // The password went to the server once and is never shown again.
    assert.equal(await page.getByText('rithmic-e2e-pass').count(), 0);

    const desk = await api<DeskAccount[]>(stack, 'GET', '/brokers/accounts/table', undefined, user.token);
    const follower = desk.find((a) => a.account_id === 'APEX-4242-01');
    assert.ok(follower, 'the Rithmic account is on the desk');
    const leader = desk.find((a) => a !== follower)!;

    await chooseLeaderOnDesk(page, leader);
    await followOnDesk(page, follower.id);

    const ticket = page.getByRole('form', { name: 'Paper order ticket' });
    await ticket.getByRole('button', { name: 'Buy 1 ES' }).click();
    await waitForDeskQty(page, leader.id, 1, 20_000);
    await waitForDeskQty(page, follower.id, 1, 20_000);
    const copies = fake.world.orders().filter((o) => o.accountId === 'APEX-4242-01');
    assert.equal(copies.length, 1, 'one order reached Rithmic');
    assert.match(copies[0]!.userTag ?? '', /^st\./, 'tagged with the copy client order id');
    assert.equal(copies[0]!.manualOrAuto, 'AUTO', 'sent as an automated order');

    // The market moves 10 points at the gateway: the PnL plant's open P&L (1 ES × 10 × $50) reaches the desk.
    for (const symbol of esMonths()) fake.setPrice(symbol, 'CME', 6010);
    await deskRow(page, follower.id).getByText(/500/).first().waitFor({ timeout: 20_000 });
    const after = await api<DeskAccount[]>(stack, 'GET', '/brokers/accounts/table', undefined, user.token);
    assert.equal(after.find((a) => a.id === follower.id)?.open_pnl, 500);

    await page.getByRole('button', { name: 'Flatten all' }).click();
    await page
      .getByRole('dialog', { name: 'Flatten all accounts?' })
      .getByRole('button', { name: 'Flatten', exact: true })
      .click();
    for (const account of [leader, follower]) await waitForDeskQty(page, account.id, 0, 20_000);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
