import { hasAtMostTwoDecimals } from './amounts';

// Apart from the yup schemas: the Sync Desk checks a ratio as it is typed without loading yup.
/** A follower's ratio: above 0 (spec section 5), in hundredths, so at least 0.01; at most 1000. */
export const RATIO_LIMITS = { min: 0.01, max: 1000 } as const;

/** True for a ratio number within the product's rule (the upper bound included). */
export function isRatioNumber(ratio: number): boolean {
  return ratio >= RATIO_LIMITS.min && ratio <= RATIO_LIMITS.max && hasAtMostTwoDecimals(ratio);
}

/** True when the text typed in the ratio input is a valid ratio. */
export function isValidRatio(value: unknown): boolean {
  if (value === '' || value === null || value === undefined) return false;
  return isRatioNumber(Number(value));
}

/**
 * Whole contracts × a ratio, rounded half up: the copier's sizing of a follower (leader × ratio), the same on the
 * server and in every preview. Worked in whole hundredths of the ratio, because in binary floating point
 * 15 × 4.1 is 61.4999…, which `Math.round` takes to 61 where the half rounds to 62.
 */
export function contractsAtRatio(contracts: number, ratio: number): number {
  const hundredths = Math.round(ratio * 100);
  return Math.floor((2 * contracts * hundredths + 100) / 200);
}
