/**
 * Numbers a trader types: money in whole cents, a ratio in hundredths. A value with more decimals (1e-320, a
 * cent's thousandth) means nothing to a broker or a ledger, so it is refused rather than stored.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Number(value.toFixed(2)) === value;
}

/** The message for money with more than two decimals, naming the field. */
export function wholeCentsMessage(label: string): string {
  return `${label} must be in whole cents`;
}
