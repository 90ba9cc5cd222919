/** Currency symbol plus cash balance with two decimals; the sign goes before the symbol (-$1,250.00). */
export function formatBalance(symbol: string, amount: number): string {
  const digits = Math.abs(amount).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${amount < 0 ? '-' : ''}${symbol}${digits}`;
}
