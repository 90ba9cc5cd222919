import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startFakeTradovate, type FakeTradovate } from '../../server/test/support/fake-tradovate/server';
import { api, registerUser, signInPage } from '../support/api';
import { launchBrowser, newSession } from '../support/browser';
import { deskRow, followOnDesk, waitForDeskQty } from '../support/flows';
import { startStack, type Stack } from '../support/stack';

interface DeskAccount {
  id: number;
  account_id: string;
  accounts: string;
}

const CLIENT = { TRADOVATE_CLIENT_ID: 'synctrade-e2e', TRADOVATE_CLIENT_SECRET: 'e2e-secret' };

/**
 * The product's whole journey against a fake Tradovate speaking the real protocol over real sockets (configured as
 * the Tradovate hosts): connect through the OAuth consent page, choose the leader, follow, copy a trade placed in
 * Tradovate's own app, flatten — in the demo and the live environment.
 */
describe('Tradovate: connect → choose leader → copy → flatten, in the browser', () => {
  let fake: FakeTradovate;
  let stack: Stack;
  let browser: Browser;

  before(async () => {
    fake = await startFakeTradovate({
      port: 0,
      priceTickMs: 0,
      clientId: CLIENT.TRADOVATE_CLIENT_ID,
      clientSecret: CLIENT.TRADOVATE_CLIENT_SECRET,
    });
    stack = await startStack({ env: { ...fake.env, ...CLIENT } });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    await fake?.close();
  });

  for (const environment of ['demo', 'live'] as const) {
    it(`when a trader connects Tradovate (${environment}) and trades the leader there, then the followers copy it and flatten`, async () => {
      const names = [1, 2, 3].map((n) => `TV-${environment.toUpperCase()}-${n}`);
      const trader = fake.control.addUser(
        `Trader ${environment}`,
        names.map((name) => ({ name, balance: 50_000 })),
      );
      const user = await registerUser(stack);
      const { page, context } = await newSession(browser, stack.url);
      await signInPage(page, user);

      await page.goto('/connections');
      await page.getByRole('button', { name: 'Add Connection' }).click();
      const drawer = page.getByRole('dialog', { name: 'Add Connection' });
      await drawer.getByRole('option', { name: /Tradovate/ }).waitFor({ state: 'attached' });
      await drawer.getByLabel('Broker').selectOption('tradovate');
      await drawer.getByLabel('Connection name').fill(`Tradovate ${environment}`);
      await drawer.getByRole('radio', { name: environment === 'demo' ? 'Demo' : 'Live' }).check();
      await drawer.getByRole('button', { name: 'Continue' }).click();

      // The whole window goes to Tradovate's consent page, then back with the result.
      await page.waitForURL((url) => url.toString().startsWith(fake.url));
      await page.getByLabel('Sign in as').selectOption(String(trader.userId));
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.waitForURL(/\/connections$/);
      await page
        .getByRole('row')
        .filter({ hasText: `Tradovate ${environment}` })
        .getByText('Connected')
        .waitFor();

      const desk = await api<DeskAccount[]>(stack, 'GET', '/brokers/accounts/table', undefined, user.token);
      const byName = (name: string): DeskAccount =>
        desk.find(
          (a) =>
            a.accounts === name || a.account_id === String(trader.accounts.find((t) => t.name === name)?.id),
        )!;
      const [leader, first, second] = names.map(byName) as [DeskAccount, DeskAccount, DeskAccount];
      assert.ok(leader && first && second, 'the three Tradovate accounts are on the desk');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync Desk' }).click();
      await page.getByRole('button', { name: 'Select Leader' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose Lead Account' });
      await dialog.getByRole('row').filter({ hasText: leader.accounts }).getByRole('radio').check();
      await dialog.getByRole('button', { name: 'Set as Lead' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Account master updated successfully').first().waitFor();
      await deskRow(page, leader.id).getByText('Leader').waitFor();
      for (const follower of [first, second]) {
        await followOnDesk(page, follower.id);
      }

      // A trade placed in Tradovate's own app on the leader reaches the desk through the user-data socket.
      const leaderExternal = trader.accounts.find((a) => a.name === names[0])!.id;
      fake.control.placeHumanOrder({ accountId: leaderExternal, symbol: 'ESZ6', action: 'Buy', qty: 1 });
      await waitForDeskQty(page, leader.id, 1, 20_000);
      await waitForDeskQty(page, first.id, 1, 20_000);
      await waitForDeskQty(page, second.id, 1, 20_000);
      const copies = fake.control
        .requests('order/placeorder')
        .filter((r) => (r.body as { isAutomated?: boolean }).isAutomated);
      assert.ok(copies.length >= 2, 'the follower orders reached Tradovate as automated orders');

      await page.getByRole('button', { name: 'Flatten all' }).click();
      // Flatten all lists the orders it will send and asks to confirm.
      await page
        .getByRole('dialog', { name: 'Flatten all accounts?' })
        .getByRole('button', { name: 'Flatten', exact: true })
        .click();
      for (const account of [leader, first, second]) await waitForDeskQty(page, account.id, 0, 20_000);
      await context.close();
    });
  }
});
