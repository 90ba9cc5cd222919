import type { Side } from '@synctrade/api/types';
import type { PlanBounds } from './types';

/**
 * The follower position that mirrors a leader position: leader × ratio, rounded half away from zero (so
 * long and short round alike), then held within the follower's max net position.
 */
export function targetPosition(leaderPosition: number, ratio: number, bounds: PlanBounds): number {
  const scaled = Math.sign(leaderPosition) * Math.round(Math.abs(leaderPosition) * ratio);
  const capped = Math.max(-bounds.maxNetPosition, Math.min(bounds.maxNetPosition, scaled));
  return capped === 0 ? 0 : capped;
}

export interface PlannedOrder {
  side: Side;
  qty: number;
  exit: boolean;
}

/**
 * Orders that take a follower from `from` to `to`: the part that closes first (an exit), then the part
 * that opens (an entry), each cut into parts no larger than the max contracts per order.
 */
export function planMove(from: number, to: number, bounds: PlanBounds): PlannedOrder[] {
  const delta = to - from;
  if (delta === 0) return [];
  const side: Side = delta > 0 ? 'buy' : 'sell';
  const closing =
    from !== 0 && Math.sign(delta) !== Math.sign(from) ? Math.min(Math.abs(from), Math.abs(delta)) : 0;
  const opening = Math.abs(delta) - closing;
  const cap = Math.max(1, bounds.maxContractsPerOrder);
  const parts: PlannedOrder[] = [];
  for (const [qty, exit] of [
    [closing, true],
    [opening, false],
  ] as const) {
    for (let left = qty; left > 0; left -= cap) parts.push({ side, qty: Math.min(cap, left), exit });
  }
  return parts;
}

/** `buy` 3 → +3, `sell` 3 → -3. */
export function signed(side: Side, qty: number): number {
  return side === 'buy' ? qty : -qty;
}
