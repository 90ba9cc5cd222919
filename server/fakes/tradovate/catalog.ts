/** The contracts the fake venue knows (the product table every SyncTrade broker shares). */
export interface Product {
  name: string;
  exchange: string;
  tickSize: number;
  valuePerPoint: number;
  months: string;
  /** Where the price model starts. */
  basePrice: number;
}

export const products: Product[] = [
  { name: 'ES', exchange: 'CME', tickSize: 0.25, valuePerPoint: 50, months: 'HMUZ', basePrice: 6000 },
  { name: 'MES', exchange: 'CME', tickSize: 0.25, valuePerPoint: 5, months: 'HMUZ', basePrice: 6000 },
  { name: 'NQ', exchange: 'CME', tickSize: 0.25, valuePerPoint: 20, months: 'HMUZ', basePrice: 21000 },
  { name: 'MNQ', exchange: 'CME', tickSize: 0.25, valuePerPoint: 2, months: 'HMUZ', basePrice: 21000 },
  {
    name: 'CL',
    exchange: 'NYMEX',
    tickSize: 0.01,
    valuePerPoint: 1000,
    months: 'FGHJKMNQUVXZ',
    basePrice: 70,
  },
  {
    name: 'MCL',
    exchange: 'NYMEX',
    tickSize: 0.01,
    valuePerPoint: 100,
    months: 'FGHJKMNQUVXZ',
    basePrice: 70,
  },
  { name: 'GC', exchange: 'COMEX', tickSize: 0.1, valuePerPoint: 100, months: 'GJMQVZ', basePrice: 2600 },
  { name: 'MGC', exchange: 'COMEX', tickSize: 0.1, valuePerPoint: 10, months: 'GJMQVZ', basePrice: 2600 },
];

/** Splits a Tradovate contract name (root + month code + one-digit year, e.g. ESZ6) into its product. */
export function productOf(symbol: string): Product | undefined {
  const match = /^([A-Z]+)([FGHJKMNQUVXZ])(\d)$/.exec(symbol);
  if (!match) return undefined;
  const product = products.find((candidate) => candidate.name === match[1]);
  return product && product.months.includes(match[2] ?? '') ? product : undefined;
}

export const roundToTick = (price: number, tickSize: number): number =>
  Number((Math.round(price / tickSize) * tickSize).toFixed(6));
