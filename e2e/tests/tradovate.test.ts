import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { FakeTradovate } from '../../server/fakes/tradovate/server';
import { registerUser, signInPage } from '../support/api';
import { newSession } from '../support/browser';
import { waitForDeskQty } from '../support/flows';
import type { Stack } from '../support/stack';
import {
  startTradovateWorld,
  tradovateDesk,
  type DeskAccount,
  type TradovateWorld,
} from '../support/tradovate-desk';

/**
 * The product's whole journey against a fake Tradovate speaking the real protocol over real sockets (configured as
 * the Tradovate hosts): connect through the OAuth consent page, choose the leader, follow, copy a trade placed in
 * Tradovate's own app, flatten — in the demo and the live environment.
 */
describe('Tradovate: connect → choose leader → copy → flatten, in the browser', () => {
  let world: TradovateWorld;
  let fake: FakeTradovate;
  let stack: Stack;
  let browser: Browser;

  before(async () => {
    world = await startTradovateWorld();
    ({ fake, stack, browser } = world);
  });
  after(async () => world?.close());

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

      const [leader, first, second] = (await tradovateDesk(
        page,
        stack,
        fake,
        trader,
        user,
        environment,
        names,
      )) as [DeskAccount, DeskAccount, DeskAccount];

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
