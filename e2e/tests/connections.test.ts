import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { connectPaperBroker, registerUser, signInPage, type TestUser } from '../support/api';
import { seriousA11yViolations } from '../support/axe';
import { newSession } from '../support/browser';
import { useStackAndBrowser } from '../support/suite';

/** The accounts table of the open details page (the second table: the first holds the connection's facts). */
function accountRows(page: Page) {
  return page
    .getByRole('region', { name: 'Accounts' })
    .getByRole('row')
    .filter({ has: page.getByRole('switch') });
}

describe('connections: connect, inspect and manage broker connections', () => {
  const suite = useStackAndBrowser();

  it('when a trader connects the paper broker through the redirect flow, then the connection and its accounts show', async () => {
    const user = await registerUser(suite.stack);
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await signInPage(page, user);
    await page.goto('/connections');
    await page.getByRole('heading', { name: 'Connections Management' }).waitFor();
    await page.getByText('No connections found').waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);

    await page.getByRole('button', { name: 'Add Connection' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add Connection' });
    await drawer.getByRole('option', { name: /Paper trading/ }).waitFor({ state: 'attached' });
    await drawer.getByLabel('Broker').selectOption('sim');
    const cont = drawer.getByRole('button', { name: 'Continue' });
    assert.equal(await cont.isDisabled(), true, 'Continue waits for a name');
    await drawer.getByLabel('Connection name').fill('Paper desk');
    assert.equal(await drawer.getByRole('radio', { name: 'Demo' }).isChecked(), true);
    assert.deepEqual(await seriousA11yViolations(page), []);
    await cont.click();

    // The whole window leaves for the broker's page, then comes back with status and message.
    await page.waitForURL(/\/brokers\/sim\/authorize/);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL(/\/connections$/);
    await page.getByText('Connection Paper desk added successfully').waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Paper desk' }) });
    await row.getByText('Connected').waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);

    await row.getByRole('link', { name: 'Details of Paper desk' }).click();
    await page.getByRole('heading', { name: 'Connection details: Paper desk' }).waitFor();
    await accountRows(page).first().waitFor();
    const count = await accountRows(page).count();
    assert.ok(count > 0, 'the paper broker brought accounts');
    await page.getByText(`${count}/${count} enabled`).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);

    // Home's summary card counts it.
    await page.goto('/dashboard');
    await page.getByText('1 Connection', { exact: true }).waitFor();
    await context.close();
  });

  it('when a trader toggles accounts, enables all, toggles and deletes the connection, then each change shows', async () => {
    const user: TestUser = await registerUser(suite.stack);
    const id = await connectPaperBroker(suite.stack, user, 'Desk two');
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await signInPage(page, user);

    await page.goto(`/connections/${id}`);
    await page.getByRole('heading', { name: 'Connection details: Desk two' }).waitFor();
    await accountRows(page).first().waitFor();
    const total = await accountRows(page).count();
    const enableAll = page.getByRole('switch', { name: 'Enable all' });
    assert.equal(await enableAll.getAttribute('aria-checked'), 'true');

    await enableAll.click();
    await page.getByText(`0/${total} enabled`).waitFor();
    assert.equal(await enableAll.getAttribute('aria-checked'), 'false');

    await accountRows(page).first().getByRole('switch').click();
    await page.getByText(`1/${total} enabled`).waitFor();
    assert.equal(await enableAll.getAttribute('aria-checked'), 'true', 'on when any account is enabled');

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/connections$/);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Desk two' }) });
    await row.getByRole('switch', { name: 'Enabled Desk two' }).click();
    await row.getByText('Disconnected').waitFor();
    await row.getByRole('switch', { name: 'Enabled Desk two' }).click();
    await row.getByText('Connected').waitFor();

    await row.getByRole('button', { name: 'Delete Desk two' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete connection' });
    assert.deepEqual(await seriousA11yViolations(page), []);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No connections found').waitFor();
    await context.close();
  });
});
