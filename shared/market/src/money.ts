/** Rounds to `decimals` places; -0 becomes 0, so a scratch reads as 0 and compares equal to it. */
export function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale || 0;
}

/** Money is kept to the cent wherever the product stores or shows it, as broker statements do. */
export function roundMoney(value: number): number {
  return roundTo(value, 2);
}
