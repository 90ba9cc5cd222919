import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { registerUser, signInPage } from '../support/api';
import { launchBrowser, newSession } from '../support/browser';
import { REPO_ROOT, startStack, type Stack } from '../support/stack';
import { serveStaticOrigin, type StaticOrigin } from '../support/static-origin';
import { useStackAndBrowser } from '../support/suite';

/**
 * The Import Data dialog parses the CSV in a Web Worker. The worker's script is a chunk of the trade history
 * remote, so it lives on the remote's origin: the same as the page's when the server serves the remote, another
 * one when the remote comes from a CDN (where browsers refuse `new Worker(url)` and the dialog starts it from a
 * blob). Both must parse in the worker, not fall back to the page.
 */

/** Two round trips of a Tradovate Performance export (a long winner, a short loser in brackets). */
const CSV =
  '\uFEFFsymbol,_priceFormat,_priceFormatType,_tickSize,buyFillId,sellFillId,qty,buyPrice,sellPrice,pnl,boughtTimestamp,soldTimestamp,duration\r\n' +
  'MNQZ6,-2,0,0.25,8001,8002,2,21000.00,21010.25,$41.00,11/02/2026 09:30:00,11/02/2026 09:34:21,4min 21sec\r\n' +
  'ESZ6,-2,0,0.25,8004,8003,1,6010.00,6006.00,$(200.00),11/02/2026 10:15:00,11/02/2026 10:11:00,4min\r\n';

interface ImportRun {
  workerUrls: string[];
  marks: string[];
  errors: string[];
}

/** Imports CSV through the dialog and answers which workers started and where the file was parsed. */
async function importThroughDialog(browser: Browser, stack: Stack): Promise<ImportRun> {
  const user = await registerUser(stack);
  const { page, context, errors } = await newSession(browser, stack.url);
  const workerUrls: string[] = [];
  page.on('worker', (worker) => workerUrls.push(worker.url()));
  await signInPage(page, user);
  await page.goto('/trade-history/dashboard');
  await page.getByRole('heading', { name: 'Completed Trades0' }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Import Data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Data' });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'Performance.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await dialog.getByText('Tradovate Performance export').waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Import 2 trades' }).click();
  await dialog.getByText('2 imported, 0 duplicates skipped (already imported).').waitFor({ timeout: 20_000 });
  const marks = await parseMarks(page);
  await context.close();
  return { workerUrls, marks, errors };
}

async function parseMarks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .map((mark) => mark.name)
      .filter((name) => name.startsWith('csv-import:')),
  );
}

describe('CSV import worker: the remote served by the product', () => {
  const suite = useStackAndBrowser();

  it('when a file is chosen, then a worker from the same origin parses it and its trades import', async () => {
    const run = await importThroughDialog(suite.browser, suite.stack);
    assert.deepEqual(run.marks, ['csv-import:parsed-in-worker']);
    assert.equal(run.workerUrls.length, 1, `workers seen: ${run.workerUrls.join(', ')}`);
    assert.equal(new URL(run.workerUrls[0]!).origin, suite.stack.url);
    assert.match(run.workerUrls[0]!, /\/static\/js\/csv-parser\.worker\.js$/);
    assert.deepEqual(run.errors, []);
  });
});

describe('CSV import worker: the remote served from another origin (a CDN)', () => {
  let origin: StaticOrigin;
  let stack: Stack;
  let browser: Browser;
  before(async () => {
    origin = await serveStaticOrigin(path.join(REPO_ROOT, 'remote-history', 'dist'));
    stack = await startStack({
      env: { REMOTE_TRADE_HISTORY_URL: `${origin.url}/mf-manifest.json`, CSP_SCRIPT_ORIGINS: origin.url },
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    await origin?.stop();
  });

  it('when a file is chosen, then the worker starts from a blob, loads its script from the remote origin and parses it', async () => {
    const run = await importThroughDialog(browser, stack);
    // The remote really came from the other origin, worker script included.
    assert.ok(origin.requested.includes('/mf-manifest.json'), origin.requested.join(', '));
    assert.ok(
      origin.requested.includes('/static/js/csv-parser.worker.js'),
      `requested from the remote origin: ${origin.requested.join(', ')}`,
    );
    assert.equal(run.workerUrls.length, 1, `workers seen: ${run.workerUrls.join(', ')}`);
    assert.match(run.workerUrls[0]!, new RegExp(`^blob:${stack.url}/`));
    assert.deepEqual(run.marks, ['csv-import:parsed-in-worker']);
    assert.deepEqual(run.errors, []);
  });
});
