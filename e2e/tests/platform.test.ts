import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { registerUser, signInPage, type TestUser } from '../support/api';
import { newSession } from '../support/browser';
import { makeVisibleVariant, pointRemote, treeDigest } from '../support/deploy-fixture';
import { REPO_ROOT } from '../support/stack';
import { useStackAndBrowser } from '../support/suite';

// Chunks of each federation singleton, by the names the shared config gives them.
const SINGLETONS: Record<string, RegExp> = {
  react: /node_modules_react_index_js/,
  'react-dom': /react-dom_(index|client)_js/,
  'react-router':
    /react-router_7_18_5_react-dom.*node_module|react-router_7_18_5_react-dom_19_3_1_react_19_3_1__react_19_3_1_nod-/,
  'react-router-dom': /react-router-dom_7/,
  'styled-components': /styled-components_6/,
  zustand: /zustand_5/,
  'react-toastify': /react-toastify_11/,
  axios: /axios_1_21/,
  '@synctrade/api/session': /shared_api_src_session_index_ts/,
  '@synctrade/event-bus': /shared_event-bus_src_index_ts/,
  '@synctrade/ui/providers': /shared_ui_src_providers_index_ts/,
};

describe('platform: the composed product', () => {
  const suite = useStackAndBrowser();
  let user: TestUser;

  before(async () => {
    user = await registerUser(suite.stack);
  });

  it('when a visitor opens /, then the host serves the landing remote', async () => {
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await page.goto('/');
    await page.waitForSelector('#root h1, #root h2');
    assert.equal(await page.getByRole('alert').filter({ hasText: 'unavailable' }).count(), 0);
    const manifests: string[] = [];
    page.on(
      'request',
      (request) => request.url().includes('mf-manifest.json') && manifests.push(request.url()),
    );
    await page.reload();
    await page.waitForSelector('#root h1, #root h2');
    assert.ok(
      manifests.some((url) => url.includes('/landing/')),
      'the landing manifest was fetched at run time',
    );
    await context.close();
  });

  it('when a protected page is opened signed out, then it goes to /login keeping path and query as from', async () => {
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await page.goto('/syncdesk?tab=orders');
    await page.waitForURL(/\/login\?from=/);
    assert.equal(new URL(page.url()).searchParams.get('from'), '/syncdesk?tab=orders');
    await context.close();
  });

  it('when a signed-in trader navigates, then every route resolves to its remote and singletons load once', async () => {
    // Its own trader: the walk ends with a logout, which ends that trader's session on the server.
    const walker = await registerUser(suite.stack);
    const { page, context, errors } = await newSession(suite.browser, suite.stack.url);
    await signInPage(page, walker);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Welcome back,Trader' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Connection' }).click();
    await page.getByRole('heading', { name: 'Connections Management' }).waitFor();
    await nav.getByRole('link', { name: 'Sync Desk' }).click();
    await page.getByRole('heading', { name: 'Sync Desk', level: 1 }).waitFor();
    await nav.getByRole('button', { name: 'Trade History' }).click();
    await page.waitForURL('**/trade-history/dashboard');
    await page.getByRole('heading', { name: 'Dashboard Management' }).waitFor();
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await page.waitForSelector('main h1');
    // The page's first toast loads the toast library (docs/adr/0005): logging out shows one.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Logged out successfully').waitFor();
    await page.waitForURL(/\/login$/);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();

    for (const [name, pattern] of Object.entries(SINGLETONS)) {
      const hits = requests.filter((url) => pattern.test(url));
      assert.ok(hits.length > 0, `${name} was loaded`);
      assert.deepEqual(
        hits.filter((url) => url.startsWith('/remotes/')),
        [],
        `${name} came only from the host`,
      );
      const perPageLoad = new Set(hits).size;
      assert.ok(perPageLoad <= 2, `${name} has at most its main and subpath chunks (${perPageLoad})`);
    }
    assert.deepEqual(
      errors.filter((e) => !/favicon|401|Failed to load resource/.test(e)),
      [],
    );
    await context.close();
  });

  it('when a remote is down, then only its area fails with Retry, and Retry recovers once it is back', async () => {
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await signInPage(page, user);
    await page.route('**/remotes/syncdesk/**', (route) => route.abort('connectionrefused'));
    await page.goto('/syncdesk');
    const alert = page.getByRole('alert').filter({ hasText: 'Sync Desk is unavailable' });
    await alert.waitFor();
    // The shell and the other remotes keep working.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connection' }).click();
    await page.getByRole('heading', { name: 'Connections Management' }).waitFor();
    await page.goBack();
    await alert.waitFor();
    await page.unroute('**/remotes/syncdesk/**');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Sync Desk', level: 1 }).waitFor();
    await context.close();
  });

  it('when a remote chunk throws while loading, then its area shows Loading chunk failed', async () => {
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await signInPage(page, user);
    await page.route('**/remotes/trade_history/static/js/__federation_expose_*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/javascript',
        body: 'throw new Error("broken build")',
      }),
    );
    await page.goto('/trade-history/dashboard');
    await page.getByRole('alert').filter({ hasText: 'Trade history is unavailable' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: 'Welcome back,Trader' }).waitFor();
    await context.close();
  });

  it('when remotes.json points a remote at a rebuilt version, then a reload shows it with the host untouched', async () => {
    const deployDir = path.join(suite.stack.dataDir, 'deploy');
    const hostBefore = treeDigest(path.join(REPO_ROOT, 'host', 'dist'));
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await page.goto('/');
    const variant = makeVisibleVariant({
      remoteDir: 'landing',
      name: 'landing',
      version: 'v2',
      deployDir,
      candidates: ['Ready to level up your Trading', 'This area is served by the'],
    });
    await page.getByText(variant.before, { exact: false }).first().waitFor();
    pointRemote(deployDir, 'landing', 'v2');
    await page.reload();
    await page.getByText(variant.after, { exact: false }).first().waitFor();
    assert.equal(treeDigest(path.join(REPO_ROOT, 'host', 'dist')), hostBefore);
    await context.close();
  });
});
