import { http } from '@synctrade/api/session';
import type { MarketQuote } from '../types/entities';
import type { CallOptions } from './call-options';

// Served by the server's `market/` module.

/** Live prices of the paper venue (ES, NQ, CL, GC) for Home's market tiles. */
export async function getMarketQuotes(options: CallOptions = {}): Promise<MarketQuote[]> {
  return (await http.get<MarketQuote[]>('/market/quotes', options)).data;
}
