import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, connectPaperBroker, registerUser, signInPage, type TestUser } from '../support/api';
import { seriousA11yViolations } from '../support/axe';
import { newSession } from '../support/browser';
import { paperDeskUser } from '../support/desk';
import type { Stack } from '../support/stack';
import { useStackAndBrowser } from '../support/suite';

interface HistoryTrade {
  id: number;
  symbol: string;
  side: 'buy' | 'sell';
  qty: number;
  avgEntry: number;
  avgExit: number;
  pnl: number;
  source: string;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The user id claim of a token (what the page reads too). */
function userIdOf(user: TestUser): number {
  const payload = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as {
    user_id: number;
  };
  return payload.user_id;
}

async function history(stack: Stack, user: TestUser): Promise<HistoryTrade[]> {
  return (
    await api<{ trades: HistoryTrade[] }>(
      stack,
      'GET',
      `/copier/trade-history/${userIdOf(user)}`,
      undefined,
      user.token,
    )
  ).trades;
}

/** A small Tradovate Performance export of our own: BOM, CRLF, a bracketed loss and a thousands separator. */
const PERFORMANCE_CSV =
  '\uFEFFsymbol,_priceFormat,_priceFormatType,_tickSize,buyFillId,sellFillId,qty,buyPrice,sellPrice,pnl,boughtTimestamp,soldTimestamp,duration\r\n' +
  'MNQZ6,-2,0,0.25,7001,7002,2,21000.00,21010.25,$41.00,11/02/2026 09:30:00,11/02/2026 09:34:21,4min 21sec\r\n' +
  'ESZ6,-2,0,0.25,7004,7003,1,6010.00,6006.00,$(200.00),11/02/2026 10:15:00,11/02/2026 10:11:00,4min\r\n' +
  'GCZ6,-1,0,0.1,7007,7008,10,2000.0,2001.2,"$1,200.00",11/03/2026 13:00:00,11/03/2026 14:02:00,1h 2min\r\n';

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/trade-history/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Dashboard Management' }).waitFor();
  await page.getByRole('heading', { name: /Completed Trades/ }).waitFor();
}

async function completedCount(page: Page, expected: number): Promise<void> {
  await page
    .getByRole('heading', { name: `Completed Trades${expected.toLocaleString('en-US')}` })
    .waitFor({ timeout: 15_000 });
}

async function importFile(page: Page, name: string, text: string, expectedText: string): Promise<void> {
  await page.getByRole('button', { name: 'Import Data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Data' });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await dialog.getByRole('button', { name: /^Import \d+ trades$/ }).click();
  await dialog.getByText(expectedText).waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('trade history: copied trades, import, export, accessibility', () => {
  const suite = useStackAndBrowser();

  it('when trades are copied on the paper broker, then the dashboard lists them with correct P&L', async () => {
    const user = await registerUser(suite.stack);
    await connectPaperBroker(suite.stack, user);
    const accounts = await api<{ id: number }[]>(
      suite.stack,
      'GET',
      '/brokers/accounts/table',
      undefined,
      user.token,
    );
    const [leader, follower] = accounts as [{ id: number }, { id: number }];
    await api(suite.stack, 'PUT', `/copier/accounts/${leader.id}/master`, undefined, user.token);
    await api(suite.stack, 'PUT', `/copier/accounts/${follower.id}/follower`, undefined, user.token);
    for (const side of ['buy', 'sell'] as const) {
      await api(
        suite.stack,
        'POST',
        '/sim/orders',
        { account_id: leader.id, contract: 'ES', side, qty: 1, order_type: 'Market' },
        user.token,
      );
    }
    // The leader's round trip and the follower's copy.
    let trades: HistoryTrade[] = [];
    for (let tries = 0; tries < 60 && trades.length < 2; tries += 1) {
      trades = await history(suite.stack, user);
      if (trades.length < 2) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.equal(trades.length, 2, 'leader and follower each closed one trade');
    for (const trade of trades) {
      const points = (trade.avgExit - trade.avgEntry) * (trade.side === 'buy' ? 1 : -1);
      assert.equal(trade.pnl, Math.round(points * trade.qty * 50 * 100) / 100, 'ES: points × qty × $50');
    }

    const { page, context, errors } = await newSession(suite.browser, suite.stack.url);
    await signInPage(page, user);
    await openDashboard(page);
    await completedCount(page, 2);
    const rows = page.getByRole('table').getByRole('row');
    assert.equal(await rows.count(), 3);
    for (const trade of trades) {
      await page
        .getByRole('cell', { name: money.format(trade.pnl), exact: true })
        .first()
        .waitFor();
    }
    const net = trades.reduce((sum, t) => sum + t.pnl, 0);
    await page.getByRole('region', { name: 'P & L' }).getByText(money.format(net), { exact: true }).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('when the same CSV is imported twice, then the second import adds nothing; export reads back the same trades', async () => {
    const user = await registerUser(suite.stack);
    const { page, context, errors } = await newSession(suite.browser, suite.stack.url);
    await signInPage(page, user);
    await openDashboard(page);
    await page.getByText('No completed trades found').waitFor();

    await importFile(
      page,
      'Performance.csv',
      PERFORMANCE_CSV,
      '3 imported, 0 duplicates skipped (already imported).',
    );
    await completedCount(page, 3);
    await importFile(
      page,
      'Performance.csv',
      PERFORMANCE_CSV,
      '0 imported, 3 duplicates skipped (already imported).',
    );
    await completedCount(page, 3);
    const stored = await history(suite.stack, user);
    assert.deepEqual(
      stored.map((t) => [t.symbol, t.side, t.qty, t.pnl]).sort(),
      [
        ['ESZ6', 'sell', 1, -200],
        ['GCZ6', 'buy', 10, 1200],
        ['MNQZ6', 'buy', 2, 41],
      ].sort(),
    );
    await page.getByRole('cell', { name: '-$200.00', exact: true }).waitFor();

    // Export, and compare the file with the stored trades.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'trade-history_all-time.csv');
    const exported = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = exported.trimEnd().split('\r\n');
    assert.equal(
      lines[0],
      'external_id,account,symbol,side,qty,entry_time,exit_time,entry_price,exit_price,pts,pnl,duration_seconds,journal',
    );
    assert.equal(lines.length, stored.length + 1);
    for (const trade of stored) {
      const line = lines.find((l) => l.startsWith(`synctrade:${trade.id},`));
      assert.ok(line, `trade ${trade.id} is exported`);
      const cells = line.split(',');
      assert.deepEqual(
        [cells[2], cells[3], Number(cells[4]), Number(cells[10])],
        [trade.symbol, trade.side, trade.qty, trade.pnl],
      );
    }

    // The export is our own import format: another user reads it back to the same trades.
    const other = await registerUser(suite.stack);
    const second = await newSession(suite.browser, suite.stack.url);
    await signInPage(second.page, other);
    await openDashboard(second.page);
    await importFile(
      second.page,
      'export.csv',
      exported,
      '3 imported, 0 duplicates skipped (already imported).',
    );
    const readBack = await history(suite.stack, other);
    const key = (t: HistoryTrade): string =>
      [t.symbol, t.side, t.qty, t.avgEntry, t.avgExit, t.pnl].join('|');
    assert.deepEqual(readBack.map(key).sort(), stored.map(key).sort());
    await second.context.close();

    assert.deepEqual(errors, []);
    await context.close();
  });

  it("when a Fills file names the trader's account and another at 390 px, then the preview fits the dialog and each account's trades land where it says", async () => {
    const { user, rows } = await paperDeskUser<{ id: number; account_name: string }>(suite, 2);
    const [mine, chosen] = rows as [
      { id: number; account_name: string },
      { id: number; account_name: string },
    ];
    const fills = [
      'Fill ID,Timestamp,Account,B/S,Quantity,Price,Contract',
      `8001,11/02/2026 09:30:00,${mine.account_name},Buy,1,6000.00,ESZ6`,
      '8002,11/02/2026 09:31:00,OTHER-9,Sell,2,21000.00,MNQZ6',
      `8003,11/02/2026 09:32:00,${mine.account_name},Sell,1,6001.00,ESZ6`,
      '8004,11/02/2026 09:33:00,OTHER-9,Buy,2,20990.00,MNQZ6',
    ].join('\r\n');
    const { page, context, errors } = await newSession(suite.browser, suite.stack.url);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInPage(page, user);
    await openDashboard(page);
    await page.getByRole('button', { name: 'Import Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Data' });
    await dialog.getByLabel('Account these trades were made on').selectOption(String(chosen.id));
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'Fills.csv', mimeType: 'text/csv', buffer: Buffer.from(fills) });
    const named = dialog.getByRole('group', { name: 'Accounts named in the file' });
    // The trader's account of the same name is found; the other name goes to the account chosen above.
    assert.equal(await named.getByLabel(`${mine.account_name} (1 trade)`).inputValue(), String(mine.id));
    assert.equal(await named.getByLabel('OTHER-9 (1 trade)').inputValue(), '');
    const preview = dialog.getByRole('table', { name: 'Preview of the first trades' });
    await preview.getByText('6,000.00 → 6,001.00').waitFor();
    const sideways = await preview.evaluate((table) => {
      const wrap = table.parentElement as HTMLElement;
      return [wrap.scrollWidth - wrap.clientWidth, document.documentElement.scrollWidth - window.innerWidth];
    });
    assert.deepEqual(sideways, [0, 0], 'the preview and the page do not scroll sideways');
    await dialog.getByRole('button', { name: 'Import 2 trades' }).click();
    await dialog
      .getByText('2 imported, 0 duplicates skipped (already imported).')
      .waitFor({ timeout: 20_000 });
    const scoped = async (accountId: number) =>
      (
        await api<{ trades: HistoryTrade[] }>(
          suite.stack,
          'GET',
          `/copier/trade-history/${userIdOf(user)}?account_id=${accountId}`,
          undefined,
          user.token,
        )
      ).trades.map((t) => [t.symbol, t.side, t.qty, t.pnl]);
    assert.deepEqual(await scoped(mine.id), [['ESZ6', 'buy', 1, 50]]);
    assert.deepEqual(await scoped(chosen.id), [['MNQZ6', 'sell', 2, 40]]);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("when trades are imported, then Daily and Weekly show each day's and week's figures as the server adds them up", async () => {
    // Mid-day UTC, Tuesday to Thursday: the same days and weeks in any browser time zone from UTC-8 to UTC+7.
    // The figures below are written out by hand from this table.
    const table: [string, number, number][] = [
      ['2026-11-10T15:00:00Z', 120, 2],
      ['2026-11-10T16:00:00Z', -45.5, 1],
      ['2026-11-11T15:00:00Z', 0, 3],
      ['2026-11-12T15:00:00Z', 30.25, 1],
      ['2026-11-17T15:00:00Z', -80, 4],
    ];
    const user = await registerUser(suite.stack);
    const trades = table.map(([exit, pnl, qty], i) => ({
      symbol: 'ESZ6',
      side: 'buy',
      qty,
      entry_time: new Date(Date.parse(exit) - 120_000).toISOString(),
      exit_time: exit,
      entry_price: 6000,
      exit_price: 6000 + pnl / (50 * qty),
      pnl,
      external_id: `periods-${i}`,
    }));
    await api(suite.stack, 'POST', '/copier/trade-history/import', { trades }, user.token);
    const { page, context, errors } = await newSession(suite.browser, suite.stack.url);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/copier/trade-history/')) asked.push(new URL(request.url()).search);
    });
    await signInPage(page, user);
    const cards = async (path: string): Promise<Record<string, string[]>> => {
      await page.goto(path);
      await page.getByRole('article').first().waitFor();
      const shown: Record<string, string[]> = {};
      for (const card of await page.getByRole('article').all())
        shown[(await card.getAttribute('aria-label')) ?? ''] = await card.locator('dd').allInnerTexts();
      return shown;
    };
    // P&L, Trades, Win rate, Wins, Losses, Profit Factor, Total Contracts.
    assert.deepEqual(await cards('/trade-history/daily'), {
      'Tue, Nov 17, 2026': ['-$80.00', '1', '0%', '0', '1', '0.00', '4'],
      'Thu, Nov 12, 2026': ['$30.25', '1', '100%', '1', '0', '∞', '1'],
      'Wed, Nov 11, 2026': ['$0.00', '1', '— · 1 breakeven', '0', '0', '—', '3'],
      'Tue, Nov 10, 2026': ['$74.50', '2', '50%', '1', '1', '2.64', '3'],
    });
    assert.deepEqual(await cards('/trade-history/weekly'), {
      'Week of Nov 16, 2026 – Nov 22, 2026': ['-$80.00', '1', '0%', '0', '1', '0.00', '4'],
      'Week of Nov 9, 2026 – Nov 15, 2026': ['$104.75', '4', '66.7% · 1 breakeven', '2', '1', '3.30', '7'],
    });
    // The cards came from the per-day figures: every request asked for the paged form, none for every trade.
    assert.ok(asked.length > 0);
    assert.deepEqual(
      asked.filter((search) => !search.includes('limit=')),
      [],
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('when the history pages are open with data, in both themes, then axe finds nothing serious', async () => {
    const user = await registerUser(suite.stack);
    await api(
      suite.stack,
      'POST',
      '/copier/trade-history/import',
      {
        trades: [
          {
            symbol: 'ESZ6',
            side: 'buy',
            qty: 1,
            entry_time: '2026-11-02T14:30:00Z',
            exit_time: '2026-11-02T14:40:00Z',
            entry_price: 6000,
            exit_price: 6004,
            pnl: 200,
            external_id: 'a11y-1',
          },
          {
            symbol: 'NQZ6',
            side: 'sell',
            qty: 2,
            entry_time: '2026-11-03T15:00:00Z',
            exit_time: '2026-11-03T15:05:00Z',
            entry_price: 21000,
            exit_price: 21010,
            pnl: -400,
            external_id: 'a11y-2',
          },
        ],
      },
      user.token,
    );
    for (const theme of ['dark', 'light']) {
      const { page, context, errors } = await newSession(suite.browser, suite.stack.url);
      await signInPage(page, user);
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
      await openDashboard(page);
      await completedCount(page, 2);
      assert.deepEqual(await seriousA11yViolations(page), [], `dashboard, ${theme}`);
      await page.getByRole('button', { name: 'All Time' }).click();
      await page.getByRole('dialog', { name: 'Date range' }).waitFor();
      assert.deepEqual(await seriousA11yViolations(page), [], `range picker, ${theme}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Add note for ESZ6 Buy at', exact: false }).first().click();
      await page.getByRole('dialog', { name: 'Trade journal' }).waitFor();
      assert.deepEqual(await seriousA11yViolations(page), [], `trade journal, ${theme}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Import Data' }).click();
      await page.getByRole('dialog', { name: 'Import Data' }).getByLabel('CSV file').waitFor();
      assert.deepEqual(await seriousA11yViolations(page), [], `import dialog, ${theme}`);
      await page.keyboard.press('Escape');
      for (const [path, heading] of [
        ['/trade-history/daily', 'Daily'],
        ['/trade-history/weekly', 'Weekly'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page
          .getByRole('button', { name: /^Journal for/ })
          .first()
          .waitFor();
        assert.deepEqual(await seriousA11yViolations(page), [], `${heading}, ${theme}`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
