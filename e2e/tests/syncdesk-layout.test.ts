import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, type TestUser } from '../support/api';
import { openDesk, paperDeskUser } from '../support/desk';
import { useStackAndBrowser } from '../support/suite';

interface DeskRow {
  id: number;
  accounts: string;
}

/** Where an element sits on screen (null when it is not rendered). */
async function box(
  page: Page,
  selector: string,
): Promise<{ left: number; right: number; width: number } | null> {
  return page.evaluate((sel) => {
    const element = document.querySelector(sel);
    if (!element) return null;
    const rect = element.getBoundingClientRect();
    return { left: rect.left, right: rect.right, width: rect.width };
  }, selector);
}

/** The desk's layout at the widths traders use: a full row on a laptop, a card per account on a phone. */
describe('sync desk layout: every column fits from 1366 px, a card per account on a phone', () => {
  const suite = useStackAndBrowser();
  let user: TestUser;
  let accounts: DeskRow[];

  before(async () => {
    ({ user, rows: accounts } = await paperDeskUser<DeskRow>(suite, 2));
    const [leader, follower] = accounts as [DeskRow, DeskRow];
    await api(suite.stack, 'PUT', `/copier/accounts/${leader.id}/master`, undefined, user.token);
    await api(suite.stack, 'PUT', `/copier/accounts/${follower.id}/follower`, undefined, user.token);
  });

  for (const [width, height] of [
    [1366, 768],
    [1440, 900],
    [1920, 1080],
  ] as const) {
    it(`when the window is ${width} × ${height}, then Ratio, Cross and Flatten are on screen without a horizontal scroll`, async () => {
      const { page, context } = await openDesk(suite, user, { viewport: { width, height } });
      const follower = accounts[1]!;
      const row = `[role="row"][data-account-id="${follower.id}"]`;
      await page.locator(row).waitFor();
      const table = await page.evaluate(() => {
        const grid = document.querySelector('[role="table"][aria-label="Accounts"]');
        const wrap = grid?.parentElement;
        return {
          scrollWidth: wrap?.scrollWidth ?? NaN,
          clientWidth: wrap?.clientWidth ?? NaN,
          page: document.documentElement.scrollWidth,
        };
      });
      assert.ok(
        table.scrollWidth <= table.clientWidth,
        `the accounts table scrolls sideways: ${table.scrollWidth} > ${table.clientWidth}`,
      );
      assert.ok(table.page <= width, `the page scrolls sideways: ${table.page} > ${width}`);
      for (const selector of [
        `${row} [aria-label^="Cross "]`,
        `${row} [aria-label^="Flatten "]`,
        `${row} [aria-label*="edit ratio of"]`,
      ]) {
        const at = await box(page, selector);
        assert.ok(
          at && at.width > 0 && at.right <= width,
          `${selector} is off screen: ${JSON.stringify(at)}`,
        );
      }
      await context.close();
    });
  }

  it('when the window is a phone (390 × 844), then each account is a card with follow, ratio, side, qty, P&L and Flatten', async () => {
    const { page, context, errors } = await openDesk(suite, user, { viewport: { width: 390, height: 844 } });
    const follower = accounts[1]!;
    const row = page.locator(`[role="row"][data-account-id="${follower.id}"]`);
    await row.waitFor();
    assert.ok(
      (await page.evaluate(() => document.documentElement.scrollWidth)) <= 390,
      'the page scrolls sideways on a phone',
    );
    const card = await row.boundingBox();
    assert.ok(
      card && card.x >= 0 && card.x + card.width <= 390,
      `the card is wider than the phone: ${JSON.stringify(card)}`,
    );
    // A card, not a table row: taller than a line, and the column headers are not drawn.
    assert.ok(card.height > 120, `the card is only ${card.height} px tall`);
    const header = await page.getByRole('columnheader', { name: 'Qty' }).boundingBox();
    assert.ok(!header || header.width <= 1, 'the column headers are drawn on a phone');
    const inside = async (label: string, locator: ReturnType<Page['locator']>): Promise<void> => {
      await locator.scrollIntoViewIfNeeded();
      const at = await locator.boundingBox();
      assert.ok(at && at.width > 0, `${label} is not shown`);
      assert.ok(
        at.x >= card.x - 1 && at.x + at.width <= card.x + card.width + 1,
        `${label} is outside its card`,
      );
    };
    await inside('the follow switch', row.getByRole('switch', { name: `Follow ${follower.accounts}` }));
    await inside('the ratio', row.getByRole('button', { name: /edit ratio of/ }));
    await inside('Flatten', row.getByRole('button', { name: `Flatten ${follower.accounts}` }));
    for (const label of ['Side', 'Qty', 'Day PnL', 'Open PnL']) {
      const cell = row.locator(`[role="cell"][data-label="${label}"]`);
      await inside(label, cell);
      const shown = await cell.evaluate((el) => getComputedStyle(el, '::before').content);
      assert.equal(shown, `"${label}"`, `the ${label} cell names its column`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
