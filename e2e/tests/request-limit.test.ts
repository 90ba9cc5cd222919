import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { FakeTradovate } from '../../server/fakes/tradovate/server';
import { registerUser, signInPage } from '../support/api';
import { newSession } from '../support/browser';
import { deskRow, waitForDeskQty } from '../support/flows';
import type { Stack } from '../support/stack';
import { startTradovateWorld, tradovateDesk, type TradovateWorld } from '../support/tradovate-desk';

/** A login allowed 20 requests a minute: 5 at once, then one every 4.6 s (the engine paces the minute). */
const PER_MINUTE = 20;
/** Where the desk is pictured at both widths (`E2E_SHOTS`; not kept in the repository). */
const SHOTS = process.env.E2E_SHOTS;

/**
 * A trader whose Tradovate login has a small request limit (the fake enforcing Tradovate's real penalties): while
 * the leader trades faster than the login can copy, the follower rows say so (the limit, what is queued, the
 * position each converges to) instead of ok, and every follower then reaches leader × ratio.
 */
describe("Sync Desk under a broker login's request limit, in the browser", () => {
  let world: TradovateWorld;
  let fake: FakeTradovate;
  let stack: Stack;
  let browser: Browser;

  before(async () => {
    world = await startTradovateWorld({
      limits: 'real',
      env: { TRADOVATE_REQUESTS_PER_MINUTE: String(PER_MINUTE) },
    });
    ({ fake, stack, browser } = world);
  });
  after(async () => world?.close());

  it('when the leader places six orders at once with two followers on its login, then the followers show the wait and converge to leader × ratio', async () => {
    const names = ['TV-LIMIT-1', 'TV-LIMIT-2', 'TV-LIMIT-3'];
    const trader = fake.control.addUser(
      'Trader under the limit',
      names.map((name) => ({ name, balance: 50_000 })),
    );
    const user = await registerUser(stack);
    const { page, context } = await newSession(browser, stack.url);
    await signInPage(page, user);
    const [leader, first, second] = await tradovateDesk(page, stack, fake, trader, user, 'demo', names);
    assert.ok(leader && first && second);

    const leaderExternal = trader.accounts.find((a) => a.name === names[0])!.id;
    for (let i = 0; i < 6; i += 1)
      fake.control.placeHumanOrder({ accountId: leaderExternal, symbol: 'ESZ6', action: 'Buy', qty: 1 });
    await waitForDeskQty(page, leader.id, 6, 20_000);
    // At least one follower waits for the login's turn, and its row says so.
    const waiting = page
      .getByRole('row')
      .filter({ hasText: `Broker limit ${PER_MINUTE}/min` })
      .first();
    await waiting.waitFor({ timeout: 20_000 });
    await waiting.getByText(/queued/).waitFor();
    await waiting.getByText(/converging to \+6/).waitFor();
    if (SHOTS !== undefined) {
      mkdirSync(SHOTS, { recursive: true });
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: path.join(SHOTS, `request-limit-${width}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    for (const follower of [first, second]) await waitForDeskQty(page, follower.id, 6, 60_000);
    for (const follower of [first, second])
      await deskRow(page, follower.id)
        .getByText(`Broker limit ${PER_MINUTE}/min`)
        .waitFor({ state: 'detached' });
    // Tradovate was never provoked: no penalty ticket, no lockout.
    assert.deepEqual(fake.control.userRefusals(trader.userId), { tickets: 0, lockouts: 0 });
    await context.close();
  });
});
