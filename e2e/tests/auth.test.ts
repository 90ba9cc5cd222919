import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, registerUser, STRONG_PASSWORD } from '../support/api';
import { seriousA11yViolations } from '../support/axe';
import { newSession } from '../support/browser';
import { useStackAndBrowser } from '../support/suite';

const NEW_PASSWORD = 'N3w!Password';

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const storedToken = (page: Page): Promise<string | null> =>
  page.evaluate(() => window.localStorage.getItem('access_token'));

describe('auth: sign up, sign in and password recovery in the composed product', () => {
  const suite = useStackAndBrowser();

  it('when a visitor signs up, then the welcome toast shows, the token is stored and the account signs in', async () => {
    const email = `new-${randomUUID().slice(0, 8)}@example.com`;
    const { page, context, errors } = await newSession(suite.browser, suite.stack.url);
    await page.goto('/login?view=signup');
    await page.getByRole('heading', { name: 'Start trading efficiently' }).waitFor();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await form.getByText('Password strength: Strong').waitFor();
    await form.getByLabel('Confirm password', { exact: true }).fill(STRONG_PASSWORD);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByText('Registration successful! Welcome to SyncTrade.').waitFor();
    assert.ok(await storedToken(page), 'the token is stored after registration');
    // The same account signs in through the form with a fresh session.
    const second = await newSession(suite.browser, suite.stack.url);
    await second.page.goto('/login');
    await fillSignIn(second.page, email, STRONG_PASSWORD);
    await second.page.getByText('Login successful! Welcome back!').waitFor();
    await second.page.waitForURL(/\/dashboard$/);
    assert.deepEqual(
      [...errors, ...second.errors].filter((e) => !/401|403/.test(e)),
      [],
    );
    await second.context.close();
    await context.close();
  });

  it('when a visitor opens a protected page, then after signing in it comes back to it with its query', async () => {
    const user = await registerUser(suite.stack);
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await page.goto('/trade-history/daily?view=week');
    await page.waitForURL(/\/login\?from=/);
    await fillSignIn(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/trade-history/daily' && url.search === '?view=week');
    assert.ok(await storedToken(page));
    await context.close();
  });

  it('when the password is wrong, then the server says so and the visitor stays signed out', async () => {
    const user = await registerUser(suite.stack);
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await page.goto('/login');
    await fillSignIn(page, user.email, 'Wrong!pass1');
    await page.getByText('Invalid email or password').waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.equal(await storedToken(page), null);
    await context.close();
  });

  it('when a trader resets the password from the mailed link, then the new one works and the old one not', async () => {
    const user = await registerUser(suite.stack);
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Email' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const mail = await api<{ links: string[] }>(
      suite.stack,
      'GET',
      `/dev/outbox/latest?to=${encodeURIComponent(user.email)}`,
    );
    const link = mail.links.find((href) => href.includes('/reset-password?token='));
    assert.ok(link, 'the mail carries the reset link');

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Your Password has been successfully changed' }).waitFor();
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await page.waitForURL(/\/login$/);

    await fillSignIn(page, user.email, STRONG_PASSWORD);
    await page.getByText('Invalid email or password').waitFor();
    await fillSignIn(page, user.email, NEW_PASSWORD);
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });

  const checks = [
    ['/login', 'dark'],
    ['/login', 'light'],
    ['/login?view=signup', 'light'],
    ['/forgot-password', 'dark'],
    ['/reset-password?token=abc', 'dark'],
  ] as const;
  for (const [path, theme] of checks) {
    it(`when ${path} is checked with axe in the ${theme} theme, then it has no serious or critical violation`, async () => {
      const { page, context } = await newSession(suite.browser, suite.stack.url);
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
      await page.goto(path);
      await page.locator('#root h1').waitFor();
      assert.deepEqual(await seriousA11yViolations(page), []);
      await context.close();
    });
  }
});
