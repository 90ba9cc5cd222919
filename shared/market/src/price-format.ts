import { specOf } from './contracts';

const formats = new Map<string, Intl.NumberFormat>();

function formatWith(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
    formats.set(key, format);
  }
  return format;
}

/** The decimals a contract's prices carry: its tick's (ES 0.25 → 2, CL 0.01 → 2, GC 0.1 → 1). */
export function priceDecimals(tickSize: number): number {
  const text = String(tickSize);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * A price as every screen shows it for its contract: grouped, with the decimals of the contract's tick
 * (`6,004.75`, `6,000.00` for ES; `2,650.1` for GC). A contract the product does not list keeps 2 to 4 decimals.
 */
export function formatContractPrice(symbol: string, price: number): string {
  const spec = specOf(symbol);
  if (spec === undefined) return formatWith(2, 4).format(price);
  const decimals = priceDecimals(spec.tickSize);
  return formatWith(decimals, decimals).format(price);
}
