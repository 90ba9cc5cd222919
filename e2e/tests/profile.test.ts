import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authenticator } from 'otplib';
import type { Page } from 'playwright-core';
import { registerUser, type TestUser } from '../support/api';
import { seriousA11yViolations } from '../support/axe';
import { newSession } from '../support/browser';
import { useStackAndBrowser } from '../support/suite';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Signs in through the real sign-in screen (and its two-factor step when a code is given). */
async function signInWithForm(
  page: Page,
  email: string,
  password: string,
  otp?: () => string,
): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (otp) {
    const step = page.getByRole('form', { name: 'Two-factor verification' });
    await step.getByLabel('Authentication code').fill(otp());
    await step.getByRole('button', { name: 'Verify', exact: true }).click();
  }
  await page.waitForURL(/\/dashboard$/);
}

/**
 * A code of the next 30-second step: the server refuses a step it has already seen (replay protection) and
 * accepts one step of drift, so no waiting for the clock is needed.
 */
function nextStepCode(secret: string): string {
  return authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
}

describe('profile: the trader’s own account and security', () => {
  const suite = useStackAndBrowser();

  it('when a trader edits the profile and uploads a photo, then both are kept', async () => {
    const user: TestUser = await registerUser(suite.stack);
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await signInWithForm(page, user.email, user.password);
    await page.goto('/profile');
    await page.getByLabel('Username').waitFor();
    assert.equal(await page.getByLabel('Email').inputValue(), user.email);
    assert.equal(await page.getByLabel('Email').isDisabled(), true);
    assert.deepEqual(await seriousA11yViolations(page), []);

    await page.getByLabel('Username').fill('es_scalper');
    await page.getByLabel('First name').fill('Jo');
    await page.getByLabel('Last name').fill('Trader');
    await page.getByLabel('Bio').fill('Scalping ES and NQ');
    await page.getByText('18/160 characters').waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();

    await page
      .getByLabel(/Upload photo/)
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Photo updated successfully!').waitFor();
    const photo = page.getByRole('img', { name: 'Profile photo' });
    await photo.waitFor();
    assert.ok(
      await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      'the photo loads',
    );
    // The shell's top bar hears profile:changed and shows the same photo.
    const src = await photo.getAttribute('src');
    await page.getByRole('link', { name: 'Profile', exact: true }).locator(`img[src="${src}"]`).waitFor();

    await page.reload();
    await page.getByLabel('Username').waitFor();
    assert.equal(await page.getByLabel('Username').inputValue(), 'es_scalper');
    assert.equal(await page.getByLabel('Bio').inputValue(), 'Scalping ES and NQ');
    await page.getByRole('img', { name: 'Profile photo' }).waitFor();
    await context.close();
  });

  it('when a trader turns on e-mail alerts and sets how long a follower may lag, then both are kept, on a phone too', async () => {
    const user: TestUser = await registerUser(suite.stack);
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithForm(page, user.email, user.password);
    await page.goto('/profile');
    await page.getByText('No alert channel yet.').waitFor();
    await page.getByRole('button', { name: 'Send alerts by e-mail' }).click();
    await page.getByText('Alert channel connected').waitFor();
    const events = page.getByRole('table', { name: 'Alert events' });
    await events.getByRole('row', { name: /Follower out of sync or throttled/ }).waitFor();
    const delay = page.getByLabel('Alert when a follower lags longer than (seconds)');
    assert.equal(await delay.inputValue(), '30');
    await delay.fill('4000');
    await page.getByRole('button', { name: 'Save alert delay' }).click();
    await page.getByText('Enter a whole number of seconds from 0 to 3600').waitFor();
    await delay.fill('90');
    await page.getByRole('button', { name: 'Save alert delay' }).click();
    await page.getByText('Alert settings saved').waitFor();
    // Nothing of the section is wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than the phone`);
    assert.deepEqual(await seriousA11yViolations(page), []);

    await page.reload();
    await page.getByLabel('Alert when a follower lags longer than (seconds)').waitFor();
    assert.equal(
      await page.getByLabel('Alert when a follower lags longer than (seconds)').inputValue(),
      '90',
    );
    await page.getByRole('list', { name: 'Alert channels' }).getByText(`E-mail: ${user.email}`).waitFor();
    await context.close();
  });

  it('when a trader changes the password, then they are signed out and sign in with the new one', async () => {
    const user = await registerUser(suite.stack);
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await signInWithForm(page, user.email, user.password);
    await page.goto('/profile/security');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);
    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('N3w!Passw0rd');
    await page.getByLabel('Confirm new password').fill('N3w!Passw0rd');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed successfully!').waitFor();
    await page.waitForURL(/\/login/);
    assert.equal(await page.evaluate(() => window.localStorage.getItem('access_token')), null);
    await signInWithForm(page, user.email, 'N3w!Passw0rd');
    await context.close();
  });

  it('when a trader enables 2FA, then signing in asks for the code, and a recovery code turns it off', async () => {
    const user = await registerUser(suite.stack);
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await signInWithForm(page, user.email, user.password);
    await page.goto('/profile/security');
    await page.getByText('2FA is not enabled').waitFor();
    await page.getByRole('button', { name: 'Enable 2FA' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await page.locator('code').innerText()).trim();
    assert.deepEqual(await seriousA11yViolations(page), []);
    await page.getByLabel('6-digit code').fill(authenticator.generate(secret));
    await page.getByRole('button', { name: 'Verify and enable' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const codes = await list.getByRole('listitem').allInnerTexts();
    assert.ok(codes.length > 0, 'recovery codes are shown');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('2FA is enabled.').waitFor();
    assert.equal(await list.count(), 0, 'the codes are shown once');

    // Sign out, then in again: the password alone is not enough any more.
    await page.evaluate(() => window.localStorage.removeItem('access_token'));
    await signInWithForm(page, user.email, user.password, () => nextStepCode(secret));

    await page.goto('/profile/security');
    await page.getByRole('button', { name: 'Disable 2FA' }).click();
    await page.getByLabel('Authenticator or recovery code').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Confirm disable' }).click();
    await page.getByText('2FA is not enabled').waitFor();
    await context.close();
  });
});
