import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startStack, type Stack, type StackOptions } from './stack';

/** The server and the browser a test file shares; set once the file's first `before` hook has run. */
export interface Suite {
  stack: Stack;
  browser: Browser;
}

/**
 * Starts the composed product and a browser before the tests of the calling `describe`, and stops both after
 * them. Hooks the file adds later run after these, so they can use `suite.stack` already.
 */
export function useStackAndBrowser(options: StackOptions = {}): Suite {
  const suite = {} as Suite;
  before(async () => {
    suite.stack = await startStack(options);
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.stack?.stop();
  });
  return suite;
}
