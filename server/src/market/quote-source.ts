import type { MarketQuote } from '@synctrade/api/types';

/**
 * Where market prices come from. Today the paper venue (`brokers/paper`) is the only source; the market routes
 * depend on this port, not on the venue, so a real data feed can take its place without touching them.
 */
export interface QuoteSource {
  quotes(): MarketQuote[];
}
