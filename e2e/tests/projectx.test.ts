import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startFakeProjectX, type FakeProjectX } from '../../server/fakes/projectx/server';
import { api, connectPaperBroker, registerUser, signInPage } from '../support/api';
import { launchBrowser, newSession } from '../support/browser';
import { chooseLeaderOnDesk, deskRow, followOnDesk, waitForDeskQty } from '../support/flows';
import { startStack, type Stack } from '../support/stack';

interface DeskAccount {
  id: number;
  account_id: string;
  accounts: string;
}

interface Ledger {
  working_orders: Array<{
    order_id: string;
    order_type: string;
    side: string;
    linked_order_id: string | null;
  }>;
}

/** Adds a ProjectX connection from the drawer: custom host (the fake), user name and API key. */
async function connectProjectX(
  page: Page,
  fake: FakeProjectX,
  name: string,
  userName: string,
  apiKey: string,
): Promise<void> {
  await page.goto('/connections');
  await page.getByRole('button', { name: 'Add Connection' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add Connection' });
  await drawer.getByRole('option', { name: 'ProjectX' }).waitFor({ state: 'attached' });
  await drawer.getByLabel('Broker').selectOption('projectx');
  await drawer.getByLabel('Connection name').fill(`  ${name}  `);
  await drawer.getByLabel('Firm').selectOption('custom');
  await drawer.getByLabel('API host').fill(fake.restUrl);
  await drawer.getByLabel('Realtime host').fill(fake.hubUrl);
  await drawer.getByLabel('User name').fill(userName);
  await drawer.getByLabel('API key').fill(apiKey);
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await page.getByText(`Connection ${name} added successfully`).first().waitFor();
  await drawer.waitFor({ state: 'detached' });
  await page.getByRole('row').filter({ hasText: name }).waitFor();
}

/**
 * ProjectX end to end against the fake gateway speaking the published protocol over real sockets: connect a
 * ProjectX account from the drawer with a user name and API key (custom host: the fake), make it a follower
 * of a paper leader, trade the leader on the paper ticket, and see the copy on the desk and in the orders list.
 */
describe('ProjectX: connect by API key → follow a paper leader → copy, in the browser', () => {
  let fake: FakeProjectX;
  let stack: Stack;
  let browser: Browser;

  before(async () => {
    fake = await startFakeProjectX({ port: 0 });
    fake.addUser({ userName: 'tara', apiKey: 'px-e2e-key' });
    fake.addAccount({ id: 5001, userName: 'tara', name: 'TOPX-E2E-1', balance: 50_000 });
    fake.addUser({ userName: 'lena', apiKey: 'px-e2e-lead' });
    fake.addAccount({ id: 5002, userName: 'lena', name: 'TOPX-E2E-LEAD', balance: 50_000 });
    // The operator names the fake's loopback address as the one private gateway host allowed.
    stack = await startStack({ env: { PROJECTX_PRIVATE_HOSTS: new URL(fake.restUrl).host } });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    await fake?.close();
  });

  it('when a trader connects ProjectX from the drawer and follows a paper leader, then the leader trade is copied to ProjectX', async () => {
    const user = await registerUser(stack);
    await connectPaperBroker(stack, user);
    const { page, context, errors } = await newSession(browser, stack.url);
    await signInPage(page, user);

    await connectProjectX(page, fake, 'Topstep eval', 'tara', 'px-e2e-key');
    // The key went to the server once and is never shown again.
    assert.equal(await page.getByText('px-e2e-key').count(), 0);

    const desk = await api<DeskAccount[]>(stack, 'GET', '/brokers/accounts/table', undefined, user.token);
    const follower = desk.find((a) => a.accounts === 'TOPX-E2E-1' || a.account_id === '5001');
    const paper = desk.filter((a) => a !== follower);
    assert.ok(follower, 'the ProjectX account is on the desk');
    const leader = paper[0]!;

    await chooseLeaderOnDesk(page, leader);
    await deskRow(page, follower.id)
      .getByRole('switch', { name: /^Follow/ })
      .click();
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.getAttribute('aria-checked') === 'true',
      `[role="row"][data-account-id="${follower.id}"] [role="switch"][aria-label^="Follow"]`,
    );

    const ticket = page.getByRole('form', { name: 'Paper order ticket' });
    await ticket.getByRole('button', { name: 'Buy 1 ES' }).click();
    await waitForDeskQty(page, leader.id, 1, 20_000);
    await waitForDeskQty(page, follower.id, 1, 20_000);
    const copies = fake.world.placed.filter((p) => p.accountId === 5001 && p.errorCode === 0);
    assert.equal(copies.length, 1, 'one order reached ProjectX');
    assert.match(copies[0]!.customTag ?? '', /^st\./, 'tagged with the copy client order id');

    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Refresh orders' }).click();
    const orders = page.getByRole('table', { name: 'Orders' });
    await orders.waitFor();
    for (const name of [leader.accounts, follower.accounts])
      await orders.getByRole('cell', { name, exact: true }).first().waitFor({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Flatten all' }).click();
    // Flatten all lists the orders it will send and asks to confirm.
    await page
      .getByRole('dialog', { name: 'Flatten all accounts?' })
      .getByRole('button', { name: 'Flatten', exact: true })
      .click();
    for (const account of [leader, follower]) await waitForDeskQty(page, account.id, 0, 20_000);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("when a ProjectX leader opens ProjectX's own bracket, then the paper follower gets its stop and target as one linked pair, and both go with the leader's target", async () => {
    const user = await registerUser(stack);
    await connectPaperBroker(stack, user);
    const { page, context, errors } = await newSession(browser, stack.url);
    await signInPage(page, user);
    await connectProjectX(page, fake, 'Topstep lead', 'lena', 'px-e2e-lead');

    const desk = await api<DeskAccount[]>(stack, 'GET', '/brokers/accounts/table', undefined, user.token);
    const leader = desk.find((a) => a.accounts === 'TOPX-E2E-LEAD' || a.account_id === '5002');
    const follower = desk.find((a) => a !== leader);
    assert.ok(leader && follower, 'the ProjectX account and a paper account are on the desk');
    await chooseLeaderOnDesk(page, leader);
    await followOnDesk(page, follower.id);

    // The trader buys with a bracket on ProjectX's own platform: 80 ticks (20 points) each way, at the paper
    // market's level so the follower's legs rest on the right sides of its own market.
    const es = [...fake.venue.contracts.values()]
      .filter((c) => c.activeContract && c.root === 'ES')
      .sort((a, b) => a.expiresAt - b.expiresAt)[0];
    assert.ok(es, 'the gateway lists an active ES contract');
    fake.venue.setPrice(es.id, 6000);
    const placed = fake.venue.place({
      accountId: 5002,
      contractId: es.id,
      type: 2,
      side: 0,
      size: 1,
      stopLossBracket: { ticks: -80, type: 4 },
      takeProfitBracket: { ticks: 80, type: 1 },
    });
    assert.ok('orderId' in placed, 'the gateway took the bracket');
    await waitForDeskQty(page, leader.id, 1, 20_000);
    await waitForDeskQty(page, follower.id, 1, 20_000);

    // The follower's working orders once `count` of them rest (read every 100 ms, for up to 20 s).
    const workingOnceThere = async (count: number): Promise<Ledger['working_orders']> => {
      const read = async () =>
        (await api<Ledger>(stack, 'GET', `/sim/accounts/${follower.id}/ledger`, undefined, user.token))
          .working_orders;
      let working = await read();
      for (let tries = 0; working.length !== count && tries < 200; tries += 1) {
        await page.waitForTimeout(100);
        working = await read();
      }
      return working;
    };
    const legs = await workingOnceThere(2);
    assert.deepEqual(legs.map((o) => `${o.order_type} ${o.side}`).sort(), ['Limit sell', 'Stop sell']);
    assert.deepEqual(
      legs.map((o) => o.linked_order_id),
      [legs[1]?.order_id, legs[0]?.order_id],
      'the stop and the target name each other',
    );

    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Refresh orders' }).click();
    const orders = page.getByRole('table', { name: 'Orders' });
    for (const type of ['Stop', 'Limit'])
      await orders
        .getByRole('row')
        .filter({ hasText: follower.accounts })
        .filter({ has: page.getByRole('cell', { name: type, exact: true }) })
        .first()
        .waitFor({ timeout: 20_000 });

    // The leader's target fills at the gateway, which cancels the leader's stop: the follower ends flat, no leg left.
    fake.venue.setPrice(es.id, 6021);
    await waitForDeskQty(page, leader.id, 0, 20_000);
    await waitForDeskQty(page, follower.id, 0, 20_000);
    assert.deepEqual(await workingOnceThere(0), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
