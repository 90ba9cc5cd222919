import type { BrokerEvent, BrokerPosition } from '../types';

/** The PnL plant's figure for one contract of one account (450), with the day's filled quantities it counts. */
export interface GatewayPosition {
  net: number;
  avgPrice: number;
  /** `fill_buy_qty` / `fill_sell_qty`: contracts bought and sold today as the gateway counted them (proto3: 0 when absent). */
  buys: number;
  sells: number;
  /** A row of the snapshot read at a (re)connect (402/403), not a live push. */
  snapshot: boolean;
}

interface Entry {
  position: BrokerPosition;
  /** The last figure, and our fills it did not count (negative: it counted fills whose notification is still to come). */
  base: { net: number; buys: number; sells: number };
  pendingBuy: number;
  pendingSell: number;
}

/**
 * Net positions from two sources that race: our own fills (order plant, 352) and the PnL plant's figures (450),
 * on separate sockets. A 450 counts the day's filled quantities, so it says which fills it includes: a figure
 * that arrives before the fill it already counts does not move the position twice (the fill then only catches
 * up), and one that arrives before our fills does not move it back. The snapshot read at a (re)connect is the
 * base (every fill before it is in it: replayed fills never move a position); a contract it did not list had no
 * fill today, so its counts start from zero.
 */
export class PositionBook {
  private readonly entries = new Map<string, Entry>();

  list(): BrokerPosition[] {
    return [...this.entries.values()].map((entry) => ({ ...entry.position }));
  }

  /** One of our fills (never a replayed one: the PnL plant's snapshot at the same connect counts those). */
  fill(accountId: string, symbol: string, delta: number, price: number): BrokerEvent[] {
    const entry = this.entryOf(accountId, symbol);
    if (delta > 0) entry.pendingBuy += delta;
    else entry.pendingSell -= delta;
    const net = withPending(entry.base.net, entry);
    return this.set(entry, net, averageAfter(entry.position, net, price));
  }

  /** A 450 (a live push, or a snapshot row). */
  figure(accountId: string, symbol: string, figure: GatewayPosition): BrokerEvent[] {
    const entry = this.entryOf(accountId, symbol);
    const { base } = entry;
    if (figure.snapshot || figure.buys < base.buys || figure.sells < base.sells) {
      // A (re)connect's snapshot counts every fill so far; counts going down are a new trading day.
      entry.pendingBuy = 0;
      entry.pendingSell = 0;
    } else {
      entry.pendingBuy -= figure.buys - base.buys;
      entry.pendingSell -= figure.sells - base.sells;
    }
    entry.base = { net: figure.net, buys: figure.buys, sells: figure.sells };
    const net = withPending(figure.net, entry);
    const avg = net === figure.net ? figure.avgPrice : entry.position.avgPrice;
    return this.set(entry, net, net === 0 ? 0 : avg);
  }

  private entryOf(accountId: string, symbol: string): Entry {
    const k = `${accountId}|${symbol}`;
    let entry = this.entries.get(k);
    if (entry === undefined) {
      entry = {
        position: { accountExternalId: accountId, symbol, netPos: 0, avgPrice: 0 },
        base: { net: 0, buys: 0, sells: 0 },
        pendingBuy: 0,
        pendingSell: 0,
      };
      this.entries.set(k, entry);
    }
    return entry;
  }

  private set(entry: Entry, net: number, avgPrice: number): BrokerEvent[] {
    if (entry.position.netPos === net && entry.position.avgPrice === avgPrice) return [];
    entry.position = { ...entry.position, netPos: net, avgPrice };
    return [{ kind: 'position', position: { ...entry.position } }];
  }
}

/** The gateway's net and our fills it does not count yet (a negative count is a fill still to come: none of ours). */
function withPending(net: number, entry: Entry): number {
  return net + Math.max(0, entry.pendingBuy) - Math.max(0, entry.pendingSell);
}

/** The average open price after a fill moved the position from `old` to `net` at `price`. */
function averageAfter(old: BrokerPosition, net: number, price: number): number {
  if (net === 0) return 0;
  if (old.netPos === 0 || Math.sign(net) !== Math.sign(old.netPos)) return price;
  if (Math.abs(net) > Math.abs(old.netPos))
    return (old.avgPrice * Math.abs(old.netPos) + price * Math.abs(net - old.netPos)) / Math.abs(net);
  return old.avgPrice;
}
