import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from '../support/axe';
import { newSession } from '../support/browser';
import { useStackAndBrowser } from '../support/suite';

/** Opens / and waits until the brief full-screen spinner is gone. */
async function openLanding(page: Page): Promise<void> {
  await page.goto('/');
  await page.locator('#root h1').waitFor();
  await page.getByText('Loading SyncTrade').waitFor({ state: 'detached' });
}

const progressWidth = (page: Page): Promise<string> =>
  page.locator('#reviews [role="progressbar"] > div').evaluate((bar) => (bar as HTMLElement).style.width);

const shownNames = (page: Page): Promise<string[]> =>
  page.locator('#reviews-list li strong').allTextContents();

describe('landing: the public page in the composed product', () => {
  const suite = useStackAndBrowser();

  it('when / opens, then the title and description are set and every top-bar anchor reaches its section', async () => {
    const { page, context, errors } = await newSession(suite.browser, suite.stack.url);
    await openLanding(page);
    assert.match(await page.title(), /SyncTrade/);
    assert.match((await page.locator('meta[name="description"]').getAttribute('content')) ?? '', /100 ms/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, id] of [
      ['FAQ', 'faq'],
      ['Pricing', 'pricing'],
      ['Reviews', 'reviews'],
      ['About', 'about'],
      ['Features', 'features'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL((url) => url.hash === `#${id}`);
      await page.waitForFunction((target) => {
        const box = document.getElementById(target)?.getBoundingClientRect();
        return Boolean(box && box.top >= 0 && box.top < window.innerHeight / 2);
      }, id);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('when / loads, then nothing shifts (cumulative layout shift well under 0.1)', async () => {
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await page.addInitScript(() => {
      const store = window as unknown as { cls: number };
      store.cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) store.cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await openLanding(page);
    await page.locator('#faq').scrollIntoViewIfNeeded();
    const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
    assert.ok(cls < 0.1, `layout shift ${cls}`);
    await context.close();
  });

  it('when next and previous are pressed, then the carousel wraps around and the progress follows', async () => {
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await openLanding(page);
    const first = await shownNames(page);
    assert.equal(first.length, 3);
    assert.equal(await progressWidth(page), '20%');
    await page.getByRole('button', { name: 'Previous testimonial' }).click();
    assert.equal(await progressWidth(page), '100%');
    assert.equal((await shownNames(page))[1], first[0]);
    for (let i = 0; i < 2; i += 1) await page.getByRole('button', { name: 'Next testimonial' }).click();
    assert.equal(await progressWidth(page), '40%');
    assert.equal((await shownNames(page))[0], first[1]);
    await context.close();
  });

  it('when the FAQ is used, then the third item is open at start and one item at most stays open', async () => {
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await openLanding(page);
    const faq = page.locator('#faq');
    const expanded = (): Promise<number> => faq.locator('button[aria-expanded="true"]').count();
    assert.equal(await faq.locator('button').nth(2).getAttribute('aria-expanded'), 'true');
    await faq.getByText(/Monthly plans start at \$99\/month/).waitFor();
    await faq.locator('button').nth(0).click();
    assert.equal(await expanded(), 1);
    await faq.locator('button').nth(0).click();
    assert.equal(await expanded(), 0);
    await context.close();
  });

  it('when Start Free Trial is pressed, then the Sign Up card of /login opens', async () => {
    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await openLanding(page);
    await page.getByRole('banner').getByRole('link', { name: 'Start Free Trial' }).click();
    await page.getByRole('heading', { name: 'Start trading efficiently' }).waitFor();
    await context.close();
  });

  it('when a phone opens the mobile menu, then it opens, closes, and its Login goes to /login', async () => {
    const context = await suite.browser.newContext({
      baseURL: suite.stack.url,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await openLanding(page);
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').count(), 0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#landing-mobile-menu');
    await menu.getByRole('link', { name: 'Pricing' }).waitFor();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(overflow, false, 'no horizontal scrolling on a phone');
    await context.close();
  });

  for (const theme of ['dark', 'light']) {
    it(`when / is checked with axe in the ${theme} theme, then it has no serious or critical violation`, async () => {
      const { page, context } = await newSession(suite.browser, suite.stack.url);
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
      await openLanding(page);
      assert.deepEqual(await seriousA11yViolations(page), []);
      await context.close();
    });
  }
});
