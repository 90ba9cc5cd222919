/**
 * The futures contracts the product trades (broker notes, "Contracts the simulator and the Cross column need"):
 * tick sizes, point values, listed months and the mini ↔ micro pairs the Cross setting copies into.
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
  /** The other size of the same market. */
  cross: ContractRoot;
}

const QUARTERLY = 'HMUZ';
const EVERY_MONTH = 'FGHJKMNQUVXZ';
const GOLD_MONTHS = 'GJMQVZ';

export const CONTRACTS: Readonly<Record<ContractRoot, ContractSpec>> = {
  ES: {
    root: 'ES',
    exchange: 'CME',
    tickSize: 0.25,
    tickValue: 12.5,
    pointValue: 50,
    months: QUARTERLY,
    cross: 'MES',
  },
  MES: {
    root: 'MES',
    exchange: 'CME',
    tickSize: 0.25,
    tickValue: 1.25,
    pointValue: 5,
    months: QUARTERLY,
    cross: 'ES',
  },
  NQ: {
    root: 'NQ',
    exchange: 'CME',
    tickSize: 0.25,
    tickValue: 5,
    pointValue: 20,
    months: QUARTERLY,
    cross: 'MNQ',
  },
  MNQ: {
    root: 'MNQ',
    exchange: 'CME',
    tickSize: 0.25,
    tickValue: 0.5,
    pointValue: 2,
    months: QUARTERLY,
    cross: 'NQ',
  },
  CL: {
    root: 'CL',
    exchange: 'NYMEX',
    tickSize: 0.01,
    tickValue: 10,
    pointValue: 1000,
    months: EVERY_MONTH,
    cross: 'MCL',
  },
  MCL: {
    root: 'MCL',
    exchange: 'NYMEX',
    tickSize: 0.01,
    tickValue: 1,
    pointValue: 100,
    months: EVERY_MONTH,
    cross: 'CL',
  },
  GC: {
    root: 'GC',
    exchange: 'COMEX',
    tickSize: 0.1,
    tickValue: 10,
    pointValue: 100,
    months: GOLD_MONTHS,
    cross: 'MGC',
  },
  MGC: {
    root: 'MGC',
    exchange: 'COMEX',
    tickSize: 0.1,
    tickValue: 1,
    pointValue: 10,
    months: GOLD_MONTHS,
    cross: 'GC',
  },
};

/** The contracts the product trades, minis before their micros (the paper venue and the order ticket list these). */
export const CONTRACT_ROOTS = Object.keys(CONTRACTS) as ContractRoot[];

/**
 * Products a broker's export may carry that the product does not trade: only their dollars per point are
 * needed, to value imported fills (CME Group contract specifications).
 */
const IMPORTED_POINT_VALUES: Readonly<Record<string, number>> = {
  YM: 5,
  MYM: 0.5,
  RTY: 50,
  M2K: 5,
  SI: 5000,
  SIL: 1000,
  NG: 10000,
  ZB: 1000,
  ZN: 1000,
  ZF: 1000,
  '6E': 125000,
};

export function isContractRoot(value: string): value is ContractRoot {
  return Object.prototype.hasOwnProperty.call(CONTRACTS, value);
}

function isKnownRoot(value: string): boolean {
  return isContractRoot(value) || Object.prototype.hasOwnProperty.call(IMPORTED_POINT_VALUES, value);
}

// Lazy root: the shortest root followed by a month code and a one- or two-digit year (`6EZ6` → `6E`).
const CONTRACT_NAME = /^([A-Z0-9]{1,4}?)([FGHJKMNQUVXZ])(\d{1,2})$/;

/**
 * The product root of a Tradovate contract name: `MNQZ6` → `MNQ`, `gcj27` → `GC`; a bare root is returned as
 * is, and a name without a month code and year stays whole (`ABA6`: "A" is no month code).
 */
export function contractRoot(symbol: string): string {
  const name = symbol.trim().toUpperCase();
  const match = CONTRACT_NAME.exec(name);
  if (match?.[1] !== undefined && isKnownRoot(match[1])) return match[1];
  if (isKnownRoot(name)) return name;
  return match?.[1] ?? name;
}

/** The root of a contract the product trades: `MESZ6` → `MES`, `ES` → `ES`; undefined for other products. */
export function rootOf(symbol: string): ContractRoot | undefined {
  const root = contractRoot(symbol);
  return isContractRoot(root) ? root : undefined;
}

export function specOf(symbol: string): ContractSpec | undefined {
  const root = rootOf(symbol);
  return root === undefined ? undefined : CONTRACTS[root];
}

/** Dollars per point for a contract name or root, or null when the product is unknown. */
export function pointValue(symbol: string): number | null {
  const root = contractRoot(symbol);
  return isContractRoot(root) ? CONTRACTS[root].pointValue : (IMPORTED_POINT_VALUES[root] ?? null);
}

/**
 * The front month's Tradovate-style name (root + month code + one-digit year). Contracts roll to the next
 * listed month during the expiry month (a simplification: real rolls happen about a week earlier).
 */
export function frontMonth(root: ContractRoot, date: Date = new Date()): string {
  const spec = CONTRACTS[root];
  let year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  let code = [...spec.months].find((candidate) => EVERY_MONTH.indexOf(candidate) > month);
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
  const suffix = symbol.trim().toUpperCase().slice(root.length);
  return `${CONTRACTS[root].cross}${suffix}`;
}

/** Rounds a price onto the contract's tick grid. */
export function roundToTick(price: number, tickSize: number): number {
  const ticks = Math.round(price / tickSize);
  const decimals = Math.max(0, -Math.floor(Math.log10(tickSize)));
  return Number((ticks * tickSize).toFixed(decimals + 1));
}
