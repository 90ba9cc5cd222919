import type { Side } from '@synctrade/api/types';
import { contractsAtRatio } from '@synctrade/api/validation';
import { rootOf } from '@synctrade/market';
import type { EngineAccount, PlanBounds } from './types';

/** How a follower is sized: a ratio, or a follower (its ratio, or its fixed quantity when it has one). */
export type Sizing = number | Pick<EngineAccount, 'ratio' | 'fixedQty'>;

/**
 * The follower position that mirrors a leader position: leader × ratio, rounded half away from zero (so
 * long and short round alike), or the fixed quantity on the leader's side (flat with the leader), then held
 * within the follower's max net position.
 */
export function targetPosition(leaderPosition: number, sizing: Sizing, bounds: PlanBounds): number {
  const scaled = unboundedTarget(leaderPosition, sizing);
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

/** The target before the follower's limits: what `targetPosition` caps. */
export function unboundedTarget(leaderPosition: number, sizing: Sizing): number {
  if (typeof sizing !== 'number' && sizing.fixedQty != null)
    return Math.sign(leaderPosition) * sizing.fixedQty;
  const ratio = typeof sizing === 'number' ? sizing : sizing.ratio;
  return Math.sign(leaderPosition) * contractsAtRatio(Math.abs(leaderPosition), ratio);
}

/** The follower copies the leader's fills only (as market orders): its copy mode, or a fixed quantity. */
export function copiesFillsOnly(account: Pick<EngineAccount, 'fixedQty' | 'copyMode'>): boolean {
  return account.fixedQty != null || account.copyMode === 'fills';
}

/** The follower takes copies of this contract of its own (its contract filter allows it). */
export function takesContract(account: Pick<EngineAccount, 'contracts'>, symbol: string): boolean {
  const filter = account.contracts ?? [];
  if (filter.length === 0) return true;
  const root = rootOf(symbol);
  return root !== undefined && filter.includes(root);
}

/** Why a follower gets nothing in a contract its filter leaves out. */
export const notInContracts = (symbol: string): string =>
  `Not copied: ${rootOf(symbol) ?? symbol} is not among this follower's contracts`;

/** `buy` 3 → +3, `sell` 3 → -3. */
export function signed(side: Side, qty: number): number {
  return side === 'buy' ? qty : -qty;
}
