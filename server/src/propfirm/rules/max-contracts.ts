import { rootOf } from '@synctrade/market';
import type { PropRules } from '../types';

const MICROS = new Set(['MES', 'MNQ', 'MCL', 'MGC']);

/** Units a contract counts for: a mini is `microsPerMini` units, a micro one. */
export function unitsPerContract(symbol: string, microsPerMini: number): number {
  const root = rootOf(symbol);
  return root !== undefined && MICROS.has(root) ? 1 : microsPerMini;
}

export interface SizeCheck {
  /** What the order may keep of its quantity (0: refused). */
  qty: number;
  reason: string | null;
}

/**
 * Clips an order so the account holds at most the firm's max contracts, minis and micros counted together by
 * the firm's equivalence. Orders that reduce what is held always pass.
 * @param positions the account's signed positions by contract, copies on their way included.
 */
export function checkMaxContracts(
  rules: PropRules['maxContracts'],
  positions: ReadonlyMap<string, number>,
  order: { symbol: string; signedQty: number },
): SizeCheck {
  const qty = Math.abs(order.signedQty);
  if (!rules.enabled || qty === 0) return { qty, reason: null };
  const perMini = Math.max(1, Math.floor(rules.microsPerMini));
  const maxUnits = rules.minis * perMini;
  let otherUnits = 0;
  for (const [symbol, held] of positions)
    if (symbol !== order.symbol) otherUnits += Math.abs(held) * unitsPerContract(symbol, perMini);
  const weight = unitsPerContract(order.symbol, perMini);
  const held = positions.get(order.symbol) ?? 0;
  const after = held + order.signedQty;
  if (Math.abs(after) <= Math.abs(held)) return { qty, reason: null };
  const fitsAbs = Math.max(0, Math.floor((maxUnits - otherUnits) / weight));
  if (Math.abs(after) <= fitsAbs) return { qty, reason: null };
  const allowedAfter = Math.sign(after) * fitsAbs;
  const move = allowedAfter - held;
  const kept = Math.sign(move) === Math.sign(order.signedQty) ? Math.abs(move) : 0;
  const limit = perMini === 1 ? `${rules.minis} contracts` : `${rules.minis} minis (${maxUnits} micros)`;
  return {
    qty: Math.min(kept, qty),
    reason:
      kept === 0
        ? `Max contracts: the account already holds its firm's limit of ${limit}`
        : `Max contracts: clipped from ${qty} to ${Math.min(kept, qty)} to stay within ${limit}`,
  };
}
