/**
 * The follower position the copy engine's documentation promises (server/docs/copy-engine.md), written from
 * its words and nothing else (the tests must not ask the engine what the engine should do): leader × ratio,
 * rounded half away from zero (a long and a short of the same size round alike), then held within the
 * follower's max net position.
 *
 * Ratios are decimals with at most four places; the product is worked out in whole ten-thousandths so a
 * half is a half (1.5 × 3 = 4.5 exactly, not 4.4999…).
 */
export function expectedFollowerPosition(leader: number, ratio: number, maxNetPosition: number): number {
  const SCALE = 10_000;
  const ratioUnits = Math.round(ratio * SCALE);
  const magnitudeUnits = Math.abs(leader) * ratioUnits;
  const whole = Math.floor(magnitudeUnits / SCALE);
  const remainder = magnitudeUnits - whole * SCALE;
  const rounded = remainder * 2 >= SCALE ? whole + 1 : whole;
  const held = Math.min(rounded, maxNetPosition);
  if (held === 0) return 0;
  return leader < 0 ? -held : held;
}
