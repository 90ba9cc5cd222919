import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Chromium's own background traffic is refused by this closed network; these flags keep it quiet.
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far. */
  errors: string[];
}

/**
 * A fresh browser context (its own storage) with one page whose errors are collected. The shell's service worker is
 * blocked unless asked for: requests it handles pass by `page.route`, which the tests use to cut remotes off.
 */
export async function newSession(
  browser: Browser,
  baseURL: string,
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Session> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1366, height: 900 },
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}
