import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, newSession } from '../support/browser';
import { startStack, type Stack } from '../support/stack';

/**
 * The per-remote pipeline's smoke test: the real host with every remote, where `REMOTE_<NAME>_URL` may point one
 * of them at a fresh build. Every route's area renders without an error.
 */
describe('smoke: every remote renders in the real host', () => {
  let stack: Stack;
  let browser: Browser;
  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  for (const path of ['/', '/login', '/forgot-password', '/reset-password?token=x']) {
    it(`when ${path} opens, then its remote renders`, async () => {
      const { page, context } = await newSession(browser, stack.url);
      await page.goto(path);
      await page.waitForSelector('#root h1, #root h2');
      assert.equal(await page.getByText(/is unavailable/).count(), 0);
      await context.close();
    });
  }
});
