import type { BrokerOrder, OrderSide } from '../types';

/** How far from its entry's fill (a pending leg: from its entry's placement) the gateway creates a leg. */
export const NATIVE_LEG_WINDOW_MS = 1_000;
/** Entries remembered per account: legs come within a second, so a few cover any pace of trading. */
const ENTRIES_KEPT = 16;

interface Entry {
  orderId: string;
  symbol: string;
  side: OrderSide;
  qty: number;
  placedAt: number;
  filledAt: number | null;
  stop: string | null;
  target: string | null;
}

/**
 * ProjectX's order model carries no link between a bracket's legs and their entry: with Auto-OCO or Position
 * brackets the gateway creates the stop and the target as two separate open orders when the entry fills (legs
 * waiting for their entry have been seen with status 8). So the legs are recognized by what the gateway does: a
 * stop or a limit on the entry's exit side, same account and contract, the entry's size, created within
 * `NATIVE_LEG_WINDOW_MS` of the entry's fill (of its placement, for a pending leg); one stop and one limit per entry
 * at most. They are then reported with the entry as their parent, so the copy links the pair one-cancels-other on
 * every follower. A stop and a target that a trader's platform places at the fill (an ATM strategy) are the same
 * bracket by intent and are linked alike; an order placed later, on the same side, of another size or contract,
 * or carrying one of our tags stays a plain order.
 */
export class NativeLegs {
  private readonly entries = new Map<string, Entry[]>();

  /** An order seen for the first time that is no leg itself: it may be an entry. */
  notePlaced(order: BrokerOrder, createdAt: number): void {
    const entries = this.entries.get(order.accountExternalId) ?? [];
    entries.push({
      orderId: order.orderId,
      symbol: order.symbol,
      side: order.side,
      qty: order.qty,
      placedAt: createdAt,
      filledAt: null,
      stop: null,
      target: null,
    });
    if (entries.length > ENTRIES_KEPT) entries.shift();
    this.entries.set(order.accountExternalId, entries);
  }

  /** An entry traded (a trade arrived, or its order turned filled): its legs come with its last fill. */
  noteFilled(accountExternalId: string, orderId: string, at: number): void {
    const entry = this.entries.get(accountExternalId)?.find((e) => e.orderId === orderId);
    if (entry !== undefined) entry.filledAt = Math.max(entry.filledAt ?? at, at);
  }

  /**
   * The entry a new order is a gateway leg of, claimed for it; null for any other order. `pending`: the gateway
   * showed the leg waiting for its entry (status 8).
   */
  entryOf(order: BrokerOrder, createdAt: number, pending: boolean): string | null {
    if ((order.type !== 'Stop' && order.type !== 'Limit') || order.clientOrderId !== null) return null;
    const slot = order.type === 'Stop' ? 'stop' : 'target';
    const entries = this.entries.get(order.accountExternalId) ?? [];
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const entry = entries[i]!;
      if (
        entry.symbol !== order.symbol ||
        entry.side === order.side ||
        entry.qty !== order.qty ||
        entry[slot] !== null
      )
        continue;
      const from = pending ? entry.placedAt : entry.filledAt;
      if (from === null || Math.abs(createdAt - from) > NATIVE_LEG_WINDOW_MS) continue;
      entry[slot] = order.orderId;
      return entry.orderId;
    }
    return null;
  }
}
