import type { Side } from '@synctrade/api/types';
import { planMove, targetPosition, type PlannedOrder, type Sizing } from './sizing';
import type { PlanBounds } from './types';

/**
 * Converge, don't replay (ADR 8). A market copy that waited for the broker's request budget is planned again
 * when its turn comes: what goes out is the difference between leader × ratio at that moment and what the
 * follower holds (its broker position plus copies already sent), never the delta planned when the leader's
 * event arrived. A pure decision; the sender acts on it.
 */
export type ConvergeDecision =
  /** The copy as it was planned is still exactly what is needed. */
  | { kind: 'as-planned' }
  /** Nothing (or only the other way, where the follower may not be moved) is needed: it is not sent. */
  | { kind: 'superseded'; reason: string }
  /** Something else is needed: these orders replace it (the first goes now, each with its own stored intent). */
  | { kind: 'replanned'; parts: PlannedOrder[]; reason: string };

export interface ConvergeInput {
  /** The waiting copy. */
  side: Side;
  qty: number;
  /** The leader's position now in its contract: counted, plus fills heard and not counted yet. */
  leaderPosition: number;
  /** The follower's ratio or fixed quantity (`Sizing`). */
  ratio: Sizing;
  /** The follower's plan bounds (`RuleGuard.boundsOf`). */
  bounds: PlanBounds;
  /** The follower's broker position plus copies sent and not filled yet (copies still waiting excluded). */
  held: number;
  /** What the follower's resting mirrors could still add, per side (signed). */
  exposure: { buy: number; sell: number };
  /**
   * The follower may only be moved the way the copy was going (a contract traded by hand, or auto-sync off):
   * the engine does not correct it against that on its own.
   */
  ownDirectionOnly: boolean;
}

export const SUPERSEDED = "Superseded by the leader's later order";

export function convergePlan(input: ConvergeInput): ConvergeDecision {
  const { held, bounds } = input;
  const target = targetPosition(input.leaderPosition, input.ratio, bounds);
  const facts = `the follower holds ${held}, leader × ratio is ${target}`;
  let need = target - held;
  const direction = input.side === 'buy' ? 1 : -1;
  if (need === 0 || (input.ownDirectionOnly && Math.sign(need) !== direction))
    return { kind: 'superseded', reason: `${SUPERSEDED}: ${facts}` };
  // Resting mirrors on the side of the move may still fill: counted as held against the max net position.
  const worst = held + (need > 0 ? input.exposure.buy : input.exposure.sell);
  const limit = bounds.maxNetPosition;
  if (Math.abs(worst + need) > limit && Math.abs(worst + need) > Math.abs(worst)) {
    const capped = Math.sign(worst + need) * limit - worst;
    need = Math.sign(capped) === Math.sign(need) ? capped : 0;
  }
  const parts = planMove(held, held + need, bounds);
  if (parts.length === 0)
    return { kind: 'superseded', reason: `${SUPERSEDED}: max net position (${limit}) reached, ${facts}` };
  const [first] = parts;
  if (parts.length === 1 && first !== undefined && first.side === input.side && first.qty === input.qty)
    return { kind: 'as-planned' };
  const move = parts.map((part) => `${part.side} ${part.qty}`).join(', ');
  return { kind: 'replanned', parts, reason: `${SUPERSEDED}: re-planned as ${move} (${facts})` };
}
