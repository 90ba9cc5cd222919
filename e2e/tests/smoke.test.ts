import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newSession } from '../support/browser';
import { useStackAndBrowser } from '../support/suite';

/**
 * The per-remote pipeline's smoke test: the real host with every remote, where `REMOTE_<NAME>_URL` may point one
 * of them at a fresh build. Every route's area renders without an error.
 */
describe('smoke: every remote renders in the real host', () => {
  const suite = useStackAndBrowser();

  for (const path of ['/', '/login', '/forgot-password', '/reset-password?token=x']) {
    it(`when ${path} opens, then its remote renders`, async () => {
      const { page, context } = await newSession(suite.browser, suite.stack.url);
      await page.goto(path);
      await page.waitForSelector('#root h1, #root h2');
      assert.equal(await page.getByText(/is unavailable/).count(), 0);
      await context.close();
    });
  }
});
