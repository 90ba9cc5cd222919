import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { seriousA11yViolations } from '../support/axe';
import { api, connectPaperBroker, registerUser, signInPage, type TestUser } from '../support/api';
import { newSession } from '../support/browser';
import { waitForDeskQty } from '../support/flows';
import { useStackAndBrowser } from '../support/suite';

interface DeskRow {
  id: number;
  accounts: string;
  account_name: string;
  connection_name: string;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The prop-firm guard as a trader uses it on the composed product (real server, paper broker, copy engine):
 * a firm preset picked for a follower, its rules read and one value changed, then a leader trade the follower's
 * firm limit clips, with the reason on the desk and in an e-mail.
 */
describe('prop-firm guard: a preset on a follower keeps its copies inside the firm limit', () => {
  const suite = useStackAndBrowser();
  let user: TestUser;
  let leader: DeskRow;
  let follower: DeskRow;

  before(async () => {
    user = await registerUser(suite.stack);
    await connectPaperBroker(suite.stack, user);
    const rows = await api<DeskRow[]>(suite.stack, 'GET', '/brokers/accounts/table', undefined, user.token);
    assert.ok(rows.length >= 2, 'the paper broker gives at least two accounts');
    [leader, follower] = rows as [DeskRow, DeskRow];
    await api(suite.stack, 'PUT', `/copier/accounts/${leader.id}/master`, undefined, user.token);
    await api(suite.stack, 'PUT', `/copier/accounts/${follower.id}/follower`, undefined, user.token);
  });

  it('when the trader picks MyFundedFutures 50K for a follower and lowers its max contracts to 1, then a 3-lot on the leader is copied as 1 with the reason shown and mailed', async () => {
    const { page, context, errors } = await newSession(suite.browser, suite.stack.url);
    await signInPage(page, user);
    await page.goto('/syncdesk');
    await page.getByRole('heading', { level: 1, name: 'Sync Desk' }).waitFor();
    const guard = page.getByRole('region', { name: 'Prop-firm guard' });
    await guard.getByText('No account has firm rules yet.').waitFor();

    // Pick the preset: its sources and the date they were read show before it is applied.
    await guard.getByRole('button', { name: 'Firm rules' }).click();
    const picker = page.getByRole('dialog', { name: 'Firm rules' });
    await picker.getByLabel('Account', { exact: true }).selectOption(String(follower.id));
    const preset = picker.getByLabel('Firm and account type');
    await page.waitForFunction(
      () => !(document.querySelector('#prop-preset') as HTMLSelectElement | null)?.disabled,
    );
    await preset.selectOption('mffu-funded-50k');
    // This preset's only source is not the firm's own page, so the picker says so, with the date it was read.
    await picker.getByText(/(Read from the firm’s own pages|read) on \d{4}-\d{2}-\d{2}/).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), [], 'preset picker');
    await picker.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('MyFundedFutures funded 50K rules set').first().waitFor();

    // The headroom row of the follower: its plan, and the distance to the drawdown floor (50,000 − 48,000).
    const table = guard.getByRole('table', { name: 'Firm rule headroom' });
    const row = table.getByRole('row').filter({ hasText: 'MyFundedFutures funded 50K' });
    await row.waitFor();
    assert.equal(await row.getByRole('cell').nth(2).textContent(), '$2,000');

    // Every value of the rules in one form, then one changed: refused in the form first, then saved.
    await row.getByRole('button', { name: /^Rules of / }).click();
    const editor = page.getByRole('dialog', { name: /^Firm rules of / });
    const form = editor.getByRole('form', { name: 'Firm rule values' });
    const minis = form.getByLabel('Max contracts (minis)', { exact: true });
    await minis.waitFor();
    assert.equal(await minis.inputValue(), '5');
    assert.equal(await form.getByLabel('Trailing drawdown', { exact: true }).inputValue(), '2000');
    assert.deepEqual(await seriousA11yViolations(page), [], 'rule editor');
    await minis.fill('0');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Max contracts (minis) must be at least 1').waitFor();
    await minis.fill('1');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByRole('status').filter({ hasText: '1 rule saved' }).waitFor();
    assert.equal(await minis.inputValue(), '1');
    assert.equal(await form.getByRole('button', { name: 'Save changes' }).isDisabled(), true);
    await editor.getByRole('button', { name: 'Close' }).click();
    await editor.waitFor({ state: 'detached' });

    // The leader buys 3 ES: the follower gets 1 (its firm's max), the rest is refused with the rule's reason.
    await api(
      suite.stack,
      'POST',
      '/sim/orders',
      { account_id: leader.id, contract: 'ES', side: 'buy', qty: 3, order_type: 'Market' },
      user.token,
    );
    await waitForDeskQty(page, leader.id, 3);
    await waitForDeskQty(page, follower.id, 1);
    await page
      .getByRole('table', { name: 'Orders' })
      .getByText(/^Max contracts: clipped from 3 to 1 to stay within 1 minis/)
      .first()
      .waitFor({ timeout: 30_000 });

    // The trader is e-mailed about it (one mail for the burst of refusals auto-sync brings).
    let mail: OutboxMail | null = null;
    for (let tries = 0; mail === null; tries += 1) {
      mail = await api<OutboxMail>(
        suite.stack,
        'GET',
        `/dev/outbox/latest?to=${encodeURIComponent(user.email)}`,
      ).catch((error: unknown) => {
        if (tries > 100) throw error;
        return null;
      });
      if (mail === null) await page.waitForTimeout(100);
    }
    assert.equal(mail.subject, `SyncTrade: a firm rule acted on ${follower.account_name}`);
    assert.match(mail.text, /Max contracts: clipped from 3 to 1/);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
