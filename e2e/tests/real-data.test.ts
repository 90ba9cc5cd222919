import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, registerUser, signInPage, type TestUser } from '../support/api';
import { newSession } from '../support/browser';
import { connectPaperThroughUi, deskRow, followOnDesk, waitForDeskQty } from '../support/flows';
import { REPO_ROOT, type Stack } from '../support/stack';
import { useStackAndBrowser } from '../support/suite';
import { moneyCents, parseCsv } from '../support/csv';

interface WireQuote {
  id: number;
  symbol: string;
  price: number;
  change: number;
  dir: 'up' | 'down';
}

/** `20998.25` → `20,998.25`: written here, not taken from the app, so a wrong format fails. */
function money(value: number): string {
  const [whole = '0', cents = '00'] = Math.abs(value).toFixed(2).split('.');
  return `${value < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** What each tile shows: its name, price and change line, read from the page. */
async function readTiles(page: Page): Promise<Record<string, string>> {
  const tiles: Record<string, string> = {};
  for (const root of ['ES', 'NQ', 'CL', 'GC']) {
    tiles[root] = (await page.getByRole('group', { name: `${root} market` }).innerText())
      .replace(/\s+/g, ' ')
      .trim();
  }
  return tiles;
}

/** A tile's price: its contract's tick decimals (gold trades in tenths), written here as for `money`. */
function tilePrice(quote: WireQuote): string {
  const text = money(quote.price);
  return /^M?GC/.test(quote.symbol) ? text.slice(0, -1) : text;
}

function expectedTile(quote: WireQuote): string {
  // A change that rounds to 0.00 % has no direction: no arrow, read as unchanged.
  if (Math.abs(quote.change).toFixed(2) === '0.00')
    return `${quote.symbol} ${tilePrice(quote)} 0.00% unchanged`;
  const sign = quote.change > 0 ? '+' : '';
  return `${quote.symbol} ${tilePrice(quote)} ${quote.dir === 'up' ? '▲' : '▼'} ${sign}${quote.change.toFixed(2)}% ${quote.dir}`;
}

interface DeskRowData {
  id: number;
  accounts: string;
  side: 'long' | 'short' | 'flat';
  balance: number;
  day_pnl: number;
  open_pnl: number;
  qty: number;
}

interface HistoryTrade {
  id: number;
  exit_time: string;
  symbol: string;
  qty: number;
  pnl: number;
  source: 'copier' | 'import';
}

interface StoredNotification {
  id: number;
  title: string;
  message: string;
}

/**
 * The team's sample export sits beside the repository (`../shared/data`); SHARED_DATA_DIR points elsewhere. It is
 * not part of the repository, so a checkout without it skips the journey and says where it looked.
 */
const SAMPLE_CSV = path.resolve(
  process.env.SHARED_DATA_DIR ?? path.join(REPO_ROOT, '..', 'shared', 'data'),
  'tradovate-performance-sample.csv',
);
const NO_SAMPLE = existsSync(SAMPLE_CSV)
  ? false
  : `the sample export is not at ${SAMPLE_CSV} (set SHARED_DATA_DIR to its folder)`;

function sampleCsvPath(): string {
  assert.ok(existsSync(SAMPLE_CSV), `The sample export is missing: ${SAMPLE_CSV}`);
  return SAMPLE_CSV;
}

function userIdOf(user: TestUser): number {
  return (JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as { user_id: number })
    .user_id;
}

/** A number as a cell shows it (`$100,000.00`, `-$12.50`, `+$0.00`, `62.5%`), or NaN for a dash. */
function shownNumber(text: string): number {
  const cleaned = text.replace(/[^0-9.-]/g, '');
  return cleaned === '' || cleaned === '-' ? Number.NaN : Number(cleaned);
}

const cents = (value: number): number => Math.round(value * 100);

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The browser's (and this machine's) local day of an instant, `YYYY-MM-DD`. */
function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function mondayOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  date.setDate(date.getDate() - ((date.getDay() + 6) % 7));
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface PeriodTotals {
  pnlCents: number;
  trades: number;
  wins: number;
  losses: number;
  contracts: number;
}

function totalsBy(trades: HistoryTrade[], keyOf: (t: HistoryTrade) => string): Map<string, PeriodTotals> {
  const totals = new Map<string, PeriodTotals>();
  for (const trade of trades) {
    const key = keyOf(trade);
    const t = totals.get(key) ?? { pnlCents: 0, trades: 0, wins: 0, losses: 0, contracts: 0 };
    t.pnlCents += cents(trade.pnl);
    t.trades += 1;
    if (trade.pnl > 0) t.wins += 1;
    if (trade.pnl < 0) t.losses += 1;
    t.contracts += trade.qty;
    totals.set(key, t);
  }
  return totals;
}

async function deskTable(stack: Stack, user: TestUser): Promise<DeskRowData[]> {
  return api<DeskRowData[]>(stack, 'GET', '/brokers/accounts/table', undefined, user.token);
}

/** The desk row's cells: Side, Balance, Day PnL, Open PnL and Qty, as numbers where they are numbers. */
async function deskCells(
  page: Page,
  id: number,
): Promise<{ side: string; balance: number; day: number; open: number; qty: number }> {
  const cells = await deskRow(page, id).locator('[role="cell"]').allInnerTexts();
  return {
    side: cells[4]!.trim().toLowerCase(),
    balance: shownNumber(cells[5]!),
    day: shownNumber(cells[7]!),
    open: shownNumber(cells[8]!),
    qty: shownNumber(cells[9]!),
  };
}

/** Waits until every desk row shows what `/brokers/accounts/table` answers at the same moment. */
async function expectDeskMatchesApi(page: Page, stack: Stack, user: TestUser): Promise<DeskRowData[]> {
  let last = '';
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const rows = await deskTable(stack, user);
    const mismatches: string[] = [];
    for (const row of rows) {
      const shown = await deskCells(page, row.id);
      const wanted = {
        side: row.side,
        balance: cents(row.balance),
        day: cents(row.day_pnl),
        open: cents(row.open_pnl),
        qty: row.qty,
      };
      const got = {
        side: shown.side,
        balance: cents(shown.balance),
        day: cents(shown.day),
        open: cents(shown.open),
        qty: shown.qty,
      };
      if (JSON.stringify(wanted) !== JSON.stringify(got))
        mismatches.push(`${row.accounts}: api ${JSON.stringify(wanted)} page ${JSON.stringify(got)}`);
    }
    if (mismatches.length === 0) return rows;
    last = mismatches.join('\n');
    await page.waitForTimeout(150);
  }
  assert.fail(`the desk never showed the API's numbers:\n${last}`);
}

async function tradeOnLeader(page: Page, side: 'buy' | 'sell'): Promise<void> {
  const ticket = page.getByRole('form', { name: 'Paper order ticket' });
  await ticket.getByLabel('Side').selectOption(side);
  await ticket.getByRole('button', { name: `${side === 'buy' ? 'Buy' : 'Sell'} 1 ES` }).click();
}

/** Every screen against what the server stored and sends, with real answers end to end. */
describe('real data: every page shows the server’s numbers', () => {
  const suite = useStackAndBrowser();

  it('Home’s four market tiles show the paper venue’s last answer: contract, price, change and direction', async () => {
    const user = await registerUser(suite.stack);
    const { page, context, errors } = await newSession(suite.browser, suite.stack.url);
    await signInPage(page, user);
    let last: WireQuote[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/v1/market/quotes' && response.ok())
        void response.json().then((body: WireQuote[]) => (last = body));
    });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome back,Trader' }).waitFor();

    // Prices move every half second and the page asks every two: wait until the tiles show the last answer.
    let shown: Record<string, string> = {};
    let wanted: Record<string, string> = {};
    for (let attempt = 0; attempt < 100; attempt += 1) {
      wanted = Object.fromEntries(
        last.map((q) => [q.symbol.replace(/[FGHJKMNQUVXZ]\d$/, ''), expectedTile(q)]),
      );
      shown = await readTiles(page);
      if (last.length === 4 && JSON.stringify(shown) === JSON.stringify(wanted)) break;
      await page.waitForTimeout(100);
    }
    assert.deepEqual(shown, wanted);
    for (const [root, text] of Object.entries(shown))
      assert.match(text, new RegExp(`^${root}[FGHJKMNQUVXZ]\\d \\d`));
    assert.deepEqual(errors, []);
    await context.close();
  });

  it(
    'a trader connects, copies at 1x and 2x, imports the sample export, and every page shows the API’s numbers',
    { skip: NO_SAMPLE },
    async () => {
      const csv = readFileSync(sampleCsvPath(), 'utf8');
      const [header, ...lines] = parseCsv(csv);
      const pnlColumn = header!.indexOf('pnl');
      assert.ok(pnlColumn >= 0, 'the sample has a pnl column');
      const csvCents = lines.reduce((sum, line) => sum + moneyCents(line[pnlColumn]!), 0);
      assert.equal(lines.length, 41, 'the sample holds 41 trades');

      const user = await registerUser(suite.stack);
      const userId = userIdOf(user);
      const { page, context, errors } = await newSession(suite.browser, suite.stack.url);
      await signInPage(page, user);

      // Connect the paper broker through its authorize page.
      await connectPaperThroughUi(page, 'Real paper');
      const [leader, one, two] = (await deskTable(suite.stack, user)) as [
        DeskRowData,
        DeskRowData,
        DeskRowData,
      ];

      // Leader, and followers at 1x and 2x, on the desk.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync Desk' }).click();
      await page.getByRole('button', { name: 'Select Leader' }).click();
      await page
        .getByRole('dialog', { name: 'Choose Lead Account' })
        .getByRole('button', { name: 'Set as Lead' })
        .click();
      await deskRow(page, leader.id).getByText('Leader').waitFor();
      for (const follower of [one, two]) {
        await followOnDesk(page, follower.id);
      }
      await deskRow(page, two.id)
        .getByRole('button', { name: /^1x, edit ratio/ })
        .click();
      const ratio = deskRow(page, two.id).getByRole('spinbutton', { name: /^Ratio of/ });
      await ratio.fill('2');
      await ratio.press('Enter');
      await deskRow(page, two.id)
        .getByRole('button', { name: /^2x, edit ratio/ })
        .waitFor();

      // Trade on the leader: 1 ES long, copied as 1 and 2.
      await tradeOnLeader(page, 'buy');
      await waitForDeskQty(page, leader.id, 1);
      await waitForDeskQty(page, one.id, 1);
      await waitForDeskQty(page, two.id, 2);
      const open = await expectDeskMatchesApi(page, suite.stack, user);
      assert.deepEqual(
        [leader, one, two].map((r) => open.find((o) => o.id === r.id)).map((r) => [r?.side, r?.qty]),
        [
          ['long', 1],
          ['long', 1],
          ['long', 2],
        ],
      );
      // Close it: three round trips reach the history.
      await tradeOnLeader(page, 'sell');
      for (const id of [leader.id, one.id, two.id]) await waitForDeskQty(page, id, 0);
      await expectDeskMatchesApi(page, suite.stack, user);

      // Orders panel counts against /copier/order-data.
      const orderData = async () =>
        api<{ total_orders: number; summary: { buy_orders: number; sell_orders: number } }>(
          suite.stack,
          'GET',
          `/copier/order-data/${userId}`,
          undefined,
          user.token,
        );
      let counts = await orderData();
      for (let attempt = 0; attempt < 100 && counts.total_orders < 6; attempt += 1) {
        await page.waitForTimeout(150);
        counts = await orderData();
      }
      assert.equal(counts.total_orders, 6, 'two leader orders and four copies');
      await page.getByRole('button', { name: 'Actions' }).click();
      await page.getByRole('menuitem', { name: 'Refresh orders' }).click();
      await page.getByRole('tab', { name: `All Orders (${counts.total_orders})` }).waitFor();
      await page.getByRole('tab', { name: `Buy Orders (${counts.summary.buy_orders})` }).waitFor();
      await page.getByRole('tab', { name: `Sell Orders (${counts.summary.sell_orders})` }).waitFor();
      assert.equal(
        await page.getByRole('table', { name: 'Orders' }).getByRole('row').count(),
        counts.total_orders + 1,
      );

      // Import the sample export on the history dashboard.
      await page.goto('/trade-history/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Dashboard Management' }).waitFor();
      await page.getByRole('button', { name: 'Import Data' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import Data' });
      await dialog.getByLabel('CSV file').setInputFiles(sampleCsvPath());
      await dialog.getByRole('button', { name: 'Import 41 trades' }).click();
      await dialog
        .getByText('41 imported, 0 duplicates skipped (already imported).')
        .waitFor({ timeout: 20_000 });
      await dialog.getByRole('button', { name: 'Close' }).click();

      const trades = (
        await api<{ trades: HistoryTrade[] }>(
          suite.stack,
          'GET',
          `/copier/trade-history/${userId}`,
          undefined,
          user.token,
        )
      ).trades;
      const imported = trades.filter((t) => t.source === 'import');
      assert.equal(imported.length, 41);
      assert.equal(
        imported.reduce((sum, t) => sum + cents(t.pnl), 0),
        csvCents,
        'imported P&L = the CSV’s pnl column',
      );
      assert.equal(trades.filter((t) => t.source === 'copier').length, 3);

      // Dashboard cards and table against sums of /copier/trade-history.
      const totalCents = trades.reduce((sum, t) => sum + cents(t.pnl), 0);
      const days = totalsBy(trades, (t) => localDay(t.exit_time));
      const winningDays = [...days.values()].filter((d) => d.pnlCents > 0).length;
      await page.getByRole('heading', { name: `Completed Trades${trades.length}` }).waitFor();
      const pnlCard = page.getByRole('region', { name: 'P & L' });
      await pnlCard.getByText(`${trades.length} trades`).waitFor();
      assert.equal(cents(shownNumber(await pnlCard.locator('p').first().innerText())), totalCents);
      const dayWin = page.getByRole('region', { name: 'Day Win %' });
      await dayWin.getByText(`${winningDays} of ${days.size} days won`).waitFor();
      assert.equal(
        shownNumber(await dayWin.locator('p').first().innerText()),
        Math.round((winningDays / days.size) * 1000) / 10,
      );
      assert.equal(await page.getByRole('table').first().getByRole('row').count(), trades.length + 1);

      // Daily and weekly cards: each one's P&L, trades, wins, losses and contracts.
      const checkPeriods = async (route: string, totals: Map<string, PeriodTotals>): Promise<void> => {
        await page.goto(route);
        await page.getByRole('article').first().waitFor();
        assert.equal(await page.getByRole('article').count(), totals.size, `${route}: one card per period`);
        const cards = await page.getByRole('article').all();
        const shown: PeriodTotals[] = [];
        for (const card of cards) {
          const values = await card.locator('dd').allInnerTexts();
          shown.push({
            pnlCents: cents(shownNumber(values[0]!)),
            trades: Number(values[1]),
            wins: Number(values[3]),
            losses: Number(values[4]),
            contracts: Number(values[6]),
          });
        }
        const newestFirst = [...totals.entries()].sort(([a], [b]) => (a < b ? 1 : -1)).map(([, t]) => t);
        assert.deepEqual(shown, newestFirst, route);
      };
      await checkPeriods('/trade-history/daily', days);
      await checkPeriods(
        '/trade-history/weekly',
        totalsBy(trades, (t) => mondayOf(localDay(t.exit_time))),
      );

      // Notifications: what the server stored, each one listed.
      const stored = (
        await api<{ notifications: StoredNotification[] }>(
          suite.stack,
          'GET',
          '/notifications',
          undefined,
          user.token,
        )
      ).notifications;
      await page.goto('/notifications');
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      if (stored.length === 0) await page.getByText('No notifications yet').waitFor();
      for (const item of stored) {
        await page.getByRole('heading', { level: 2, name: item.title }).first().waitFor();
        await page.getByText(item.message, { exact: true }).first().waitFor();
      }
      assert.equal(await page.getByRole('listitem').count(), stored.length);

      // Home: the connection count and four priced tiles.
      await page.goto('/dashboard');
      await page.getByText('1 Connection', { exact: true }).waitFor();
      for (const root of ['ES', 'NQ', 'CL', 'GC']) {
        const tile = page.getByRole('group', { name: `${root} market` });
        await tile.getByText(new RegExp(`^${root}[FGHJKMNQUVXZ]\\d$`)).waitFor();
        assert.ok(shownNumber(await tile.locator('strong').innerText()) > 0, `${root} has a price`);
      }

      // Profile and connections open with the same user.
      await page.goto('/profile');
      assert.equal(await page.getByLabel('Email').inputValue(), user.email);
      await page.goto('/connections');
      await page.getByRole('row').filter({ hasText: 'Real paper' }).getByText('Connected').waitFor();

      assert.deepEqual(errors, []);
      await context.close();
    },
  );
});
