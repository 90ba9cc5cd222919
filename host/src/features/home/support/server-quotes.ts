import type { MarketQuote } from '@synctrade/api';
import { MarketQuoteSchema } from '@synctrade/api/schemas';
import { serverShaped } from '@synctrade/test-utils';

/**
 * An answer of the real server's `GET /market/quotes`, captured as it came (front-month names, percent change
 * rounded to two decimals, one market down). Tiles tested against a hand-made `{ symbol: 'ES' }` passed while
 * the page showed dashes: keep this one as the server sends it.
 */
export const SERVER_QUOTES: MarketQuote[] = (
  [
    { id: 1, symbol: 'ESZ6', price: 6000, change: 0, dir: 'up' },
    { id: 2, symbol: 'NQZ6', price: 20998.25, change: -0.01, dir: 'down' },
    { id: 3, symbol: 'CLZ6', price: 70.02, change: 0.03, dir: 'up' },
    { id: 4, symbol: 'GCZ6', price: 2650.2, change: 0.01, dir: 'up' },
  ] satisfies MarketQuote[]
).map((quote) => serverShaped(MarketQuoteSchema, quote, 'captured quote'));
