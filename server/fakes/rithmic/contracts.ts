/** The few futures the fake prices: point value (USD per point) and tick size, by product code. */
export interface ContractSpec {
  pointValue: number;
  tickSize: number;
}

const SPECS: Record<string, ContractSpec> = {
  ES: { pointValue: 50, tickSize: 0.25 },
  MES: { pointValue: 5, tickSize: 0.25 },
  NQ: { pointValue: 20, tickSize: 0.25 },
  MNQ: { pointValue: 2, tickSize: 0.25 },
  CL: { pointValue: 1000, tickSize: 0.01 },
  MCL: { pointValue: 100, tickSize: 0.01 },
  GC: { pointValue: 100, tickSize: 0.1 },
  MGC: { pointValue: 10, tickSize: 0.1 },
};

/** `ESZ6` → ES; an unknown product trades with point value 1 and tick 0.01 (the fake's choice). */
export function specOf(symbol: string): ContractSpec {
  const product = /^([A-Z0-9]+?)[FGHJKMNQUVXZ]\d{1,2}$/.exec(symbol)?.[1] ?? symbol;
  return SPECS[product] ?? { pointValue: 1, tickSize: 0.01 };
}
