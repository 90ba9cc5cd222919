import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startFakeTradovate, type FakeTradovate } from '../../server/fakes/tradovate/server';
import type { UserLimitsOption } from '../../server/fakes/tradovate/user-limits';
import { api, type TestUser } from './api';
import { launchBrowser } from './browser';
import { chooseLeaderOnDesk, followOnDesk } from './flows';
import { startStack, type Stack } from './stack';

const CLIENT = { TRADOVATE_CLIENT_ID: 'synctrade-e2e', TRADOVATE_CLIENT_SECRET: 'e2e-secret' };

/** The fake Tradovate, the product configured with it as the Tradovate hosts, and a browser. */
export interface TradovateWorld {
  fake: FakeTradovate;
  stack: Stack;
  browser: Browser;
  close(): Promise<void>;
}

export async function startTradovateWorld(
  options: { limits?: UserLimitsOption; env?: Record<string, string> } = {},
): Promise<TradovateWorld> {
  const fake = await startFakeTradovate({
    port: 0,
    priceTickMs: 0,
    clientId: CLIENT.TRADOVATE_CLIENT_ID,
    clientSecret: CLIENT.TRADOVATE_CLIENT_SECRET,
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  });
  const stack = await startStack({ env: { ...fake.env, ...CLIENT, ...options.env } });
  const browser = await launchBrowser();
  return {
    fake,
    stack,
    browser,
    close: async () => {
      await browser.close();
      await stack.stop();
      await fake.close();
    },
  };
}

export interface DeskAccount {
  id: number;
  account_id: string;
  accounts: string;
}

/**
 * A trader connects the fake Tradovate through the Add Connection drawer and its OAuth consent page, then on the
 * Sync Desk makes the first of `names` the leader and follows with the others. Answers the desk rows, in order.
 */
export async function tradovateDesk(
  page: Page,
  stack: Stack,
  fake: FakeTradovate,
  trader: { userId: number; accounts: Array<{ id: number; name: string }> },
  user: TestUser,
  environment: 'demo' | 'live',
  names: string[],
): Promise<DeskAccount[]> {
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
  const rows = names.map((name) =>
    desk.find(
      (a) => a.accounts === name || a.account_id === String(trader.accounts.find((t) => t.name === name)?.id),
    ),
  );
  assert.ok(
    rows.every((row) => row !== undefined),
    'every Tradovate account is on the desk',
  );
  const [leader, ...followers] = rows as DeskAccount[];
  assert.ok(leader);

  await chooseLeaderOnDesk(page, leader);
  for (const follower of followers) await followOnDesk(page, follower.id);
  return rows as DeskAccount[];
}
