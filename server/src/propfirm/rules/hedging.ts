import { CONTRACTS, rootOf } from '@synctrade/market';
import type { PropRules } from '../types';

const MICROS = new Set(['MES', 'MNQ', 'MCL', 'MGC']);

/** The product a contract tracks: NQ and MNQ are one underlying. */
export function underlyingOf(symbol: string): string {
  const root = rootOf(symbol);
  if (root === undefined) return symbol.toUpperCase();
  return MICROS.has(root) ? CONTRACTS[root].cross : root;
}

export interface HedgeConflict {
  accountId: number;
  symbol: string;
  /** Signed position held there. */
  held: number;
}

export type HedgeCheck =
  { ok: true } | { ok: false; action: 'refuse' | 'close_first'; conflicts: HedgeConflict[]; reason: string };

/**
 * An order that opens or adds in one direction while another of the user's accounts at the same firm holds
 * the other direction on the same underlying. Orders that only reduce pass.
 * @param others positions of the user's other accounts at the same firm.
 */
export function checkHedge(
  rules: PropRules['hedging'],
  order: { symbol: string; signedQty: number; held: number },
  others: ReadonlyArray<{ accountId: number; positions: ReadonlyMap<string, number> }>,
): HedgeCheck {
  if (!rules.enabled || order.signedQty === 0) return { ok: true };
  const after = order.held + order.signedQty;
  if (Math.abs(after) <= Math.abs(order.held) && Math.sign(after) !== -Math.sign(order.held))
    return { ok: true };
  const direction = Math.sign(after);
  const underlying = underlyingOf(order.symbol);
  const conflicts: HedgeConflict[] = [];
  for (const other of others)
    for (const [symbol, held] of other.positions)
      if (held !== 0 && Math.sign(held) === -direction && underlyingOf(symbol) === underlying)
        conflicts.push({ accountId: other.accountId, symbol, held });
  if (conflicts.length === 0) return { ok: true };
  return {
    ok: false,
    action: rules.action,
    conflicts,
    reason: `No hedging: another of your accounts at this firm holds ${underlying} the other way`,
  };
}
