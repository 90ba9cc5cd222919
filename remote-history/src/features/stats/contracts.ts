/** Dollars per full point of each contract root (the contract table of the broker notes, plus common ones). */
const POINT_VALUE: Record<string, number> = {
  ES: 50,
  MES: 5,
  NQ: 20,
  MNQ: 2,
  CL: 1000,
  MCL: 100,
  GC: 100,
  MGC: 10,
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

const CONTRACT_NAME = /^([A-Z0-9]{1,4}?)([FGHJKMNQUVXZ])(\d{1,2})$/;

/** The product root of a Tradovate contract name: `MNQZ6` → `MNQ`; a bare root is returned as is. */
export function contractRoot(symbol: string): string {
  const name = symbol.trim().toUpperCase();
  const match = CONTRACT_NAME.exec(name);
  return match?.[1] && match[1] in POINT_VALUE ? match[1] : name in POINT_VALUE ? name : (match?.[1] ?? name);
}

/** Dollars per point for a contract name or root, or null when the contract is unknown. */
export function pointValue(symbol: string): number | null {
  return POINT_VALUE[contractRoot(symbol)] ?? null;
}
