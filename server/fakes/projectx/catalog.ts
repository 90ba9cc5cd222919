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

/** Every month of the given years for every product, as the gateway lists them. */
export function seedContracts(years: number[]): FakeContract[] {
  const contracts: FakeContract[] = [];
  for (const product of PRODUCTS)
    for (const year of years)
      for (const month of MONTHS) {
        const yy = String(year % 100).padStart(2, '0');
        contracts.push({
          id: `CON.F.US.${product.pxRoot}.${month}${yy}`,
          name: `${product.pxRoot}${month}${yy}`,
          description: `${product.description}: ${month}${yy}`,
          tickSize: product.tickSize,
          tickValue: product.tickValue,
          activeContract: true,
          symbolId: `F.US.${product.pxRoot}`,
        });
      }
  return contracts;
}
