import { specOf } from '@synctrade/market';
import { BrokerError } from '../types';

/**
 * Rithmic wants a contract as `symbol` + `exchange`. The product's contract names (`ESZ6`, `MESZ6`) are
 * Rithmic's symbols as they are; the exchange comes from the product's contract table, never a guess.
 */
export function instrumentOf(symbol: string): { symbol: string; exchange: string; tickSize: number } {
  const name = symbol.trim().toUpperCase();
  const spec = specOf(name);
  if (spec === undefined || name === spec.root)
    throw new BrokerError(`Rithmic: ${symbol} is not a contract this product trades`, 'rejected');
  return { symbol: name, exchange: spec.exchange, tickSize: spec.tickSize };
}
