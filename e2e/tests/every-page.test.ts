import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, connectPaperBroker, registerUser, signInPage, type TestUser } from '../support/api';
import { seriousA11yViolations } from '../support/axe';
import { newSession } from '../support/browser';
import { horizontalOverflow, SCREENS, widestElements } from '../support/page-fit';
import { useStackAndBrowser } from '../support/suite';

/** A page and what shows once it is drawn (a heading, by its accessible name). */
interface PageVisit {
  path: string;
  heading: string | RegExp;
}

const PUBLIC_PAGES: PageVisit[] = [
  { path: '/', heading: /Copy your futures trades/ },
  { path: '/login', heading: 'Sign In' },
  { path: '/login?view=signup', heading: 'Start trading efficiently' },
  { path: '/forgot-password', heading: /password/i },
  { path: '/reset-password?token=not-a-real-token', heading: 'Set a new password' },
  { path: '/legal/privacy', heading: 'Privacy Policy' },
  { path: '/legal/cookies', heading: 'Cookie Policy' },
  { path: '/legal/terms', heading: 'Terms of Service' },
  { path: '/legal/affiliate-terms', heading: 'Affiliate Terms & Conditions' },
  { path: '/contact', heading: 'Contact' },
  { path: '/guides/what-is-copy-trading', heading: 'What is Copy Trading' },
  { path: '/guides/is-copy-trading-legit', heading: 'Is Copy Trading Legit' },
  { path: '/guides/copy-trades-in-tradovate', heading: 'How to Copy Trades in Tradovate' },
  { path: '/guides/help-center', heading: 'Help Center' },
  { path: '/guides/futures-trade-copier', heading: 'Futures Trade Copier' },
  { path: '/guides/tradovate-trade-copier', heading: 'Tradovate Trade Copier' },
  { path: '/guides/rithmic-trade-copier', heading: 'Rithmic Trade Copier' },
  { path: '/guides/ninjatrader-trade-copier', heading: 'NinjaTrader Trade Copier' },
  { path: '/guides/prop-firm-trade-copier', heading: 'Prop Firm Trade Copier' },
  { path: '/no-such-page', heading: 'Page not found' },
];

function signedInPages(connectionId: number): PageVisit[] {
  return [
    { path: '/dashboard', heading: /Trader/ },
    { path: '/connections', heading: 'Connections Management' },
    { path: `/connections/${connectionId}`, heading: 'Connection details: Paper desk' },
    { path: '/syncdesk', heading: /Sync Desk/ },
    { path: '/trade-history/dashboard', heading: /Dashboard/ },
    { path: '/trade-history/daily', heading: /Daily/ },
    { path: '/trade-history/weekly', heading: /Weekly/ },
    { path: '/trade-history/quality', heading: /Copy quality/ },
    { path: '/profile', heading: /Profile/ },
    { path: '/notifications', heading: 'Notifications' },
  ];
}

/** Opens the page, waits for its first heading, and answers what does not fit and what axe reports. */
async function check(page: Page, visit: PageVisit): Promise<string[]> {
  await page.goto(visit.path);
  await page.getByRole('heading', { name: visit.heading, level: 1 }).first().waitFor();
  // The page's data arrives after its heading: wait for the network to settle before measuring.
  await page.waitForLoadState('networkidle');
  const problems: string[] = [];
  const overflow = await horizontalOverflow(page);
  if (overflow > 0)
    problems.push(
      `${visit.path}: ${overflow}px wider than the screen: ${(await widestElements(page)).join('; ')}`,
    );
  for (const violation of await seriousA11yViolations(page)) problems.push(`${visit.path}: ${violation}`);
  return problems;
}

describe('every page fits the screen and passes axe', () => {
  const suite = useStackAndBrowser();

  for (const screen of SCREENS) {
    it(`when each public page opens on a ${screen.name} (${screen.viewport.width} px), then it fits and axe finds nothing serious`, async () => {
      const { page, context } = await newSession(suite.browser, suite.stack.url);
      await page.setViewportSize(screen.viewport);
      const problems: string[] = [];
      for (const visit of PUBLIC_PAGES) problems.push(...(await check(page, visit)));
      assert.deepEqual(problems, []);
      await context.close();
    });

    it(`when each signed-in page opens on a ${screen.name} (${screen.viewport.width} px), with firm rules on an account, then it fits and axe finds nothing serious`, async () => {
      const user: TestUser = await registerUser(suite.stack);
      const connectionId = await connectPaperBroker(suite.stack, user, 'Paper desk');
      const rows = await api<Array<{ id: number }>>(
        suite.stack,
        'GET',
        '/brokers/accounts/table',
        undefined,
        user.token,
      );
      const [leader, follower] = rows;
      assert.ok(leader && follower, 'the paper broker gives two accounts');
      await api(suite.stack, 'PUT', `/copier/accounts/${leader.id}/master`, undefined, user.token);
      await api(suite.stack, 'PUT', `/copier/accounts/${follower.id}/follower`, undefined, user.token);
      const { presets } = await api<{ presets: Array<{ rules: unknown }> }>(
        suite.stack,
        'GET',
        '/propfirm/presets',
        undefined,
        user.token,
      );
      assert.ok(presets[0], 'the server ships firm presets');
      await api(suite.stack, 'PUT', `/propfirm/accounts/${follower.id}/rules`, presets[0].rules, user.token);

      const { page, context } = await newSession(suite.browser, suite.stack.url);
      await page.setViewportSize(screen.viewport);
      await signInPage(page, user);
      const problems: string[] = [];
      for (const visit of signedInPages(connectionId)) problems.push(...(await check(page, visit)));
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  it('when the desk is used at 1440 px, then the ratio editor, the firm-rule table and long names fit their places', async () => {
    const user: TestUser = await registerUser(suite.stack);
    await connectPaperBroker(suite.stack, user, 'Evaluation accounts opened for the November combine');
    const rows = await api<Array<{ id: number }>>(
      suite.stack,
      'GET',
      '/brokers/accounts/table',
      undefined,
      user.token,
    );
    const [leader, follower] = rows;
    assert.ok(leader && follower, 'the paper broker gives two accounts');
    await api(suite.stack, 'PUT', `/copier/accounts/${leader.id}/master`, undefined, user.token);
    await api(suite.stack, 'PUT', `/copier/accounts/${follower.id}/follower`, undefined, user.token);
    const { presets } = await api<{ presets: Array<{ rules: unknown }> }>(
      suite.stack,
      'GET',
      '/propfirm/presets',
      undefined,
      user.token,
    );
    await api(suite.stack, 'PUT', `/propfirm/accounts/${follower.id}/rules`, presets[0]?.rules, user.token);
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInPage(page, user);
    await page.goto('/syncdesk');

    // Each control is on screen and is what a click at its centre reaches (not covered, not cut off).
    const reachable = async (name: string | RegExp): Promise<void> => {
      const button = page.getByRole('button', { name }).first();
      await button.scrollIntoViewIfNeeded();
      const box = await button.boundingBox();
      assert.ok(box, `${String(name)} is shown`);
      const hit = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label') ?? null,
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
      assert.match(hit ?? '', typeof name === 'string' ? new RegExp(`^${name}$`) : name);
    };
    const guard = page.getByRole('table', { name: 'Firm rule headroom' });
    await guard.waitFor();
    await reachable(/^Rules of /);
    const card = await page.locator('section[aria-labelledby="prop-guard-title"]').boundingBox();
    const table = await guard.boundingBox();
    assert.ok(
      card && table && table.x + table.width <= card.x + card.width,
      'the firm-rule table fits its card',
    );

    const connection = page.getByTitle('Evaluation accounts opened for the November combine').first();
    assert.equal(await connection.evaluate((element) => getComputedStyle(element).textOverflow), 'ellipsis');
    await page.getByRole('button', { name: /^1x/ }).first().click();
    await reachable(/^Save ratio of /);
    await reachable(/^Cancel ratio edit of /);
    await context.close();
  });

  it('when a crawler or a browser asks for robots.txt and the icons, then the server answers text and images', async () => {
    const robots = await fetch(`${suite.stack.url}/robots.txt`);
    assert.equal(robots.headers.get('content-type'), 'text/plain; charset=utf-8');
    const text = await robots.text();
    assert.ok(text.startsWith('User-agent: *\n'), text);
    assert.ok(text.includes('Disallow: /syncdesk'), text);
    const html = await (await fetch(`${suite.stack.url}/`)).text();
    for (const [href, type] of [
      ['/icon.svg', 'image/svg+xml'],
      ['/favicon-32.png', 'image/png'],
      ['/apple-touch-icon.png', 'image/png'],
      ['/manifest.webmanifest', 'application/manifest+json'],
    ] as const) {
      assert.ok(html.includes(`href=${href}`), `the page links ${href}`);
      const icon = await fetch(`${suite.stack.url}${href}`);
      assert.equal(icon.status, 200, href);
      assert.ok(
        icon.headers.get('content-type')?.startsWith(type),
        `${href}: ${icon.headers.get('content-type')}`,
      );
    }
  });
});
