import type { FakeContract } from './model';

/**
 * ProjectX names some products by its own roots (the E-mini S&P 500 is `EP`, the E-mini Nasdaq `ENQ`);
 * the rest keep the exchange root. Contract ids are `CON.F.US.<root>.<month><yy>`.
 */
const PRODUCTS: Array<{
  root: string;
  pxRoot: string;
  tickSize: number;
  tickValue: number;
  description: string;
}> = [
  { root: 'ES', pxRoot: 'EP', tickSize: 0.25, tickValue: 12.5, description: 'E-mini S&P 500' },
  { root: 'MES', pxRoot: 'MES', tickSize: 0.25, tickValue: 1.25, description: 'Micro E-mini S&P 500' },
  { root: 'NQ', pxRoot: 'ENQ', tickSize: 0.25, tickValue: 5, description: 'E-mini NASDAQ-100' },
  { root: 'MNQ', pxRoot: 'MNQ', tickSize: 0.25, tickValue: 0.5, description: 'Micro E-mini Nasdaq-100' },
  { root: 'CL', pxRoot: 'CL', tickSize: 0.01, tickValue: 10, description: 'Crude Oil' },
  { root: 'MCL', pxRoot: 'MCL', tickSize: 0.01, tickValue: 1, description: 'Micro Crude Oil' },
  { root: 'GC', pxRoot: 'GC', tickSize: 0.1, tickValue: 10, description: 'Gold' },
  { root: 'MGC', pxRoot: 'MGC', tickSize: 0.1, tickValue: 1, description: 'Micro Gold' },
];

const MONTHS = 'FGHJKMNQUVXZ';

/** The third Friday of a month, 21:00 UTC (equity index futures' last trading day; the fake uses it for all). */
function thirdFriday(year: number, monthIndex: number): number {
  const first = new Date(Date.UTC(year, monthIndex, 1)).getUTCDay();
  const day = 1 + ((5 - first + 7) % 7) + 14;
  return Date.UTC(year, monthIndex, day, 21);
}

/**
 * Every month of the given years for every product; a month past its last trading day is expired
 * (`activeContract: false`) as of `now`.
 */
export function seedContracts(years: number[], now: number = Date.now()): FakeContract[] {
  const contracts: FakeContract[] = [];
  for (const product of PRODUCTS)
    for (const year of years)
      for (const [monthIndex, month] of [...MONTHS].entries()) {
        const expiresAt = thirdFriday(year, monthIndex);
        const yy = String(year % 100).padStart(2, '0');
        contracts.push({
          id: `CON.F.US.${product.pxRoot}.${month}${yy}`,
          name: `${product.pxRoot}${month}${yy}`,
          description: `${product.description}: ${month}${yy}`,
          tickSize: product.tickSize,
          tickValue: product.tickValue,
          activeContract: expiresAt > now,
          symbolId: `F.US.${product.pxRoot}`,
          root: product.root,
          expiresAt,
        });
      }
  return contracts;
}

/** The contract as the API shows it (the fake's own fields left out). */
export function contractView(contract: FakeContract): Record<string, unknown> {
  const { symbolId: _symbolId, root: _root, expiresAt: _expiresAt, ...view } = contract;
  return view;
}

/**
 * `Contract/search`: the gateway matches the text against the contract's name and its product (a search for `ES`
 * finds the E-mini S&P listed as `EP`, and `MES` too), and lists only months still trading.
 */
export function searchContracts(contracts: Iterable<FakeContract>, searchText: string): FakeContract[] {
  const text = searchText.trim().toUpperCase();
  return [...contracts].filter(
    (c) =>
      c.activeContract &&
      (text === '' || c.name.includes(text) || c.id.includes(text) || c.root.includes(text)),
  );
}
