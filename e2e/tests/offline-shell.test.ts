import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, registerUser, signInPage } from '../support/api';
import { newSession } from '../support/browser';
import { useStackAndBrowser } from '../support/suite';

interface WebManifest {
  name: string;
  start_url: string;
  display: string;
  icons: Array<{ src: string; sizes: string; type: string }>;
}

/**
 * The installable app: the manifest a phone installs from, and the service worker that keeps the shell on screen
 * when the network is gone while every API call still goes to the network (and fails offline, never stale).
 */
describe('installable app and offline shell', () => {
  const suite = useStackAndBrowser();

  it('when the manifest is read, then it names the app, opens Home standalone and lists icons that load', async () => {
    const manifest = (await (await fetch(`${suite.stack.url}/manifest.webmanifest`)).json()) as WebManifest;
    assert.deepEqual(
      [manifest.name, manifest.start_url, manifest.display],
      ['SyncTrade', '/dashboard', 'standalone'],
    );
    assert.ok(manifest.icons.some((icon) => icon.sizes === '512x512'));
    for (const icon of manifest.icons) {
      const answer = await fetch(`${suite.stack.url}${icon.src}`);
      assert.equal(answer.status, 200, icon.src);
    }
  });

  it('when the network goes away, then Home still opens its shell and an API call fails instead of a stored answer', async () => {
    const user = await registerUser(suite.stack);
    const { page, context } = await newSession(suite.browser, suite.stack.url, { serviceWorkers: 'allow' });
    await signInPage(page, user);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    // The worker controls the page once active; a reload then passes every shell file through it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller === null)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    });
    await page.reload();
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('link', { name: 'Sync Desk' }).waitFor();
    const apiCall = await page.evaluate(async () => {
      try {
        const answer = await fetch('/api/v1/auth/profile', {
          headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` },
        });
        return `answered ${answer.status}`;
      } catch {
        return 'failed';
      }
    });
    assert.equal(apiCall, 'failed');
    await context.setOffline(false);
    const profile = await api<{ email: string }>(suite.stack, 'GET', '/auth/profile', undefined, user.token);
    assert.equal(profile.email, user.email);
    await context.close();
  });
});
