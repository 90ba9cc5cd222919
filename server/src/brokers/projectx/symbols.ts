/**
 * Contract ids `CON.F.US.<root>.<month><yy>` ↔ our symbols (root + month code + one-digit year, ESZ6).
 * ProjectX names two products by its own roots: the E-mini S&P 500 is `EP`, the E-mini Nasdaq-100 `ENQ`
 * (gateway docs example `CON.F.US.ENQ.H25`); the others keep the exchange root.
 */
const TO_PROJECTX: Record<string, string> = { ES: 'EP', NQ: 'ENQ' };
const FROM_PROJECTX: Record<string, string> = Object.fromEntries(
  Object.entries(TO_PROJECTX).map(([ours, theirs]) => [theirs, ours]),
);

const OURS = /^([A-Z0-9]+?)([FGHJKMNQUVXZ])(\d{1,2})$/;
const THEIRS = /^CON\.F\.([A-Z]+)\.([A-Z0-9]+)\.([FGHJKMNQUVXZ])(\d{2})$/;

/** `MNQM6` → `CON.F.US.MNQ.M26`; the decade is the one that puts the contract nearest after `now`. */
export function toContractId(symbol: string, now: Date = new Date()): string {
  const match = OURS.exec(symbol.toUpperCase());
  if (!match) throw new Error(`Unknown contract ${symbol}`);
  const [, root, month, digits] = match as unknown as [string, string, string, string];
  const year = digits.length === 2 ? Number(digits) : nearestYear(Number(digits), now) % 100;
  return `CON.F.US.${TO_PROJECTX[root] ?? root}.${month}${String(year).padStart(2, '0')}`;
}

/** `CON.F.US.ENQ.H26` → `NQH6`; ids of another shape are kept as they are. */
export function toSymbol(contractId: string): string {
  const match = THEIRS.exec(contractId);
  if (!match) return contractId;
  const [, , root, month, yy] = match as unknown as [string, string, string, string, string];
  return `${FROM_PROJECTX[root] ?? root}${month}${Number(yy) % 10}`;
}

/** A one-digit year means the nearest such year from one year back on (contracts listed up to ~9 years out). */
function nearestYear(digit: number, now: Date): number {
  const base = now.getUTCFullYear() - 1;
  const decade = base - (base % 10);
  const candidate = decade + digit;
  return candidate < base ? candidate + 10 : candidate;
}
