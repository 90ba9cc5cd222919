import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { registerUser, signInPage } from '../support/api';
import { newSession } from '../support/browser';
import { useStackAndBrowser } from '../support/suite';

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

function expectedTile(quote: WireQuote): string {
  const sign = quote.change > 0 ? '+' : '';
  return `${quote.symbol} ${money(quote.price)} ${quote.dir === 'up' ? '▲' : '▼'} ${sign}${quote.change.toFixed(2)}% ${quote.dir}`;
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
});
