// Apart from the yup schemas: the Sync Desk checks a ratio as it is typed without loading yup.
/** True when the text typed in the ratio input is a valid ratio (greater than 0, at most 1000). */
export function isValidRatio(value: unknown): boolean {
  if (value === '' || value === null || value === undefined) return false;
  const ratio = Number(value);
  return Number.isFinite(ratio) && ratio > 0 && ratio <= 1000;
}
