/**
 * The futures contracts the product trades (broker notes, section 5): tick sizes, point values, listed
 * months and the mini ↔ micro pairs the Cross setting copies into.
 */

export type ContractRoot = 'ES' | 'MES' | 'NQ' | 'MNQ' | 'CL' | 'MCL' | 'GC' | 'MGC';

export interface ContractSpec {
  root: ContractRoot;
  exchange: 'CME' | 'NYMEX' | 'COMEX';
  tickSize: number;
  tickValue: number;
  pointValue: number;
  /** Listed month codes, in calendar order. */
  months: string;
  cross: ContractRoot;
  /** Where the paper venue starts its price path. */
  startPrice: number;
}

export const CONTRACTS: Readonly<Record<ContractRoot, ContractSpec>> = {
  ES: {
    root: 'ES',
    exchange: 'CME',
    tickSize: 0.25,
    tickValue: 12.5,
    pointValue: 50,
    months: 'HMUZ',
    cross: 'MES',
    startPrice: 6000,
  },
  MES: {
    root: 'MES',
    exchange: 'CME',
    tickSize: 0.25,
    tickValue: 1.25,
    pointValue: 5,
    months: 'HMUZ',
    cross: 'ES',
    startPrice: 6000,
  },
  NQ: {
    root: 'NQ',
    exchange: 'CME',
    tickSize: 0.25,
    tickValue: 5,
    pointValue: 20,
    months: 'HMUZ',
    cross: 'MNQ',
    startPrice: 21000,
  },
  MNQ: {
    root: 'MNQ',
    exchange: 'CME',
    tickSize: 0.25,
    tickValue: 0.5,
    pointValue: 2,
    months: 'HMUZ',
    cross: 'NQ',
    startPrice: 21000,
  },
  CL: {
    root: 'CL',
    exchange: 'NYMEX',
    tickSize: 0.01,
    tickValue: 10,
    pointValue: 1000,
    months: 'FGHJKMNQUVXZ',
    cross: 'MCL',
    startPrice: 70,
  },
  MCL: {
    root: 'MCL',
    exchange: 'NYMEX',
    tickSize: 0.01,
    tickValue: 1,
    pointValue: 100,
    months: 'FGHJKMNQUVXZ',
    cross: 'CL',
    startPrice: 70,
  },
  GC: {
    root: 'GC',
    exchange: 'COMEX',
    tickSize: 0.1,
    tickValue: 10,
    pointValue: 100,
    months: 'GJMQVZ',
    cross: 'MGC',
    startPrice: 2650,
  },
  MGC: {
    root: 'MGC',
    exchange: 'COMEX',
    tickSize: 0.1,
    tickValue: 1,
    pointValue: 10,
    months: 'GJMQVZ',
    cross: 'GC',
    startPrice: 2650,
  },
};

export const CONTRACT_ROOTS = Object.keys(CONTRACTS) as ContractRoot[];
const MONTH_CODES = 'FGHJKMNQUVXZ';

export function isContractRoot(value: string): value is ContractRoot {
  return Object.prototype.hasOwnProperty.call(CONTRACTS, value);
}

/** The root of a contract name: `MESZ6` → `MES`, `ES` → `ES`; undefined for unknown products. */
export function rootOf(symbol: string): ContractRoot | undefined {
  const upper = symbol.toUpperCase();
  if (isContractRoot(upper)) return upper;
  const match = /^([A-Z]+)[FGHJKMNQUVXZ]\d{1,2}$/.exec(upper);
  return match?.[1] !== undefined && isContractRoot(match[1]) ? match[1] : undefined;
}

export function specOf(symbol: string): ContractSpec | undefined {
  const root = rootOf(symbol);
  return root === undefined ? undefined : CONTRACTS[root];
}

/**
 * The front month's Tradovate-style name (root + month code + one-digit year). Contracts roll to the next
 * listed month during the expiry month (a simplification: real rolls happen about a week earlier).
 */
export function frontMonth(root: ContractRoot, date: Date = new Date()): string {
  const spec = CONTRACTS[root];
  let year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  let code = [...spec.months].find((candidate) => MONTH_CODES.indexOf(candidate) > month);
  if (code === undefined) {
    code = spec.months[0] ?? 'Z';
    year += 1;
  }
  return `${root}${code}${year % 10}`;
}

/** The same product's other size, in the same month: `ESZ6` → `MESZ6`. */
export function crossSymbol(symbol: string): string {
  const root = rootOf(symbol);
  if (root === undefined) return symbol;
  const suffix = symbol.toUpperCase().slice(root.length);
  return `${CONTRACTS[root].cross}${suffix}`;
}

/** Rounds a price onto the contract's tick grid. */
export function roundToTick(price: number, tickSize: number): number {
  const ticks = Math.round(price / tickSize);
  const decimals = Math.max(0, -Math.floor(Math.log10(tickSize)));
  return Number((ticks * tickSize).toFixed(decimals + 1));
}
