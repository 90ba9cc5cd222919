const MONTH_CODES = 'FGHJKMNQUVXZ';

/**
 * The product root of a futures contract name: the paper venue quotes front months (`ESZ6`, `MGCJ7`),
 * while a tile stands for the product (`ES`, `MGC`). A name without a month and year is its own root.
 */
export function contractRoot(symbol: string): string {
  const upper = symbol.trim().toUpperCase();
  const match = /^([A-Z]+)([A-Z])(\d{1,2})$/.exec(upper);
  if (match === null) return upper;
  const [, root = upper, month = ''] = match;
  return MONTH_CODES.includes(month) ? root : upper;
}
