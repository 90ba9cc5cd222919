// One formatter, built once: the desk formats thousands of cells a second under load.
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Amounts that round to nothing show as zero, never as `-$0.00`. */
function digits(value: number): string {
  return TWO_DECIMALS.format(Math.abs(value));
}

function isLoss(value: number): boolean {
  return value <= -0.005;
}

/**
 * The product's one money format: `$1,234.50`, `-$20.00`. The minus sign leads, before the currency symbol,
 * so a table can colour a loss by its first character.
 */
export function formatMoney(value: number, symbol = '$'): string {
  return `${isLoss(value) ? '-' : ''}${symbol}${digits(value)}`;
}

/** P&L always carries its sign, so colour is never the only signal: `+$20.00`, `-$5.50`. */
export function formatPnl(value: number, symbol = '$'): string {
  return `${isLoss(value) ? '-' : '+'}${symbol}${digits(value)}`;
}
