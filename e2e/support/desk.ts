import assert from 'node:assert/strict';
import { api, connectPaperBroker, registerUser, signInPage, type TestUser } from './api';
import { newSession, type Session } from './browser';
import type { Suite } from './suite';

/**
 * A fresh user with the paper broker connected, and the desk rows the API lists for them: the opening of
 * every Sync Desk file. `min` is how many paper accounts the file's journeys need.
 */
export async function paperDeskUser<Row extends { id: number }>(
  suite: Suite,
  min: number,
): Promise<{ user: TestUser; rows: Row[] }> {
  const user = await registerUser(suite.stack);
  await connectPaperBroker(suite.stack, user);
  const rows = await api<Row[]>(suite.stack, 'GET', '/brokers/accounts/table', undefined, user.token);
  assert.ok(rows.length >= min, `the paper broker gives at least ${min} accounts`);
  return { user, rows };
}

/** A fresh browser session signed in as the user, on the Sync Desk page (what it shows is the caller's wait). */
export async function openDesk(
  suite: Suite,
  user: TestUser,
  options: { viewport?: { width: number; height: number }; theme?: 'light' | 'dark' } = {},
): Promise<Session> {
  const session = await newSession(suite.browser, suite.stack.url);
  const { page } = session;
  if (options.viewport !== undefined) await page.setViewportSize(options.viewport);
  await signInPage(page, user);
  if (options.theme !== undefined)
    await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), options.theme);
  await page.goto('/syncdesk');
  return session;
}
