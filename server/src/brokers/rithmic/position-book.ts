import type { BrokerEvent, BrokerPosition } from '../types';

/** The PnL plant's figure for one contract of one account (450), with the day's filled quantities it counts. */
export interface GatewayPosition {
  net: number;
  avgPrice: number;
  /** `fill_buy_qty` / `fill_sell_qty`: contracts bought and sold today as the gateway counted them. */
  buys?: number;
  sells?: number;
}

interface Entry {
  position: BrokerPosition;
  /** When our own last fill of it was applied (for a figure without counts: it may be older). */
  lastFillAt: number;
  /** The last figure with counts, and our fills it did not include yet (negative: it counted fills still to come). */
  base?: { net: number; buys: number; sells: number };
  pendingBuy: number;
  pendingSell: number;
}

/**
 * Net positions from two sources that race: our own fills (order plant, 352) and the PnL plant's figures (450),
 * on separate sockets. A 450 counts the day's filled quantities, so it says which fills it includes: a figure
 * that arrives before the fill it already counts does not move the position twice (the fill then only catches
 * up), and one that arrives after our fills does not move it back. A figure without counts is trusted only once
 * our own fills of the contract are `settleMs` old.
 */
export class PositionBook {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly settleMs: number) {}

  list(): BrokerPosition[] {
    return [...this.entries.values()].map((entry) => ({ ...entry.position }));
  }

  /** One of our fills (never a replayed one: the PnL plant's snapshot at the same connect counts those). */
  fill(accountId: string, symbol: string, delta: number, price: number, now = Date.now()): BrokerEvent[] {
    const entry = this.entryOf(accountId, symbol);
    const old = entry.position.netPos;
    let net = old + delta;
    if (entry.base !== undefined) {
      if (delta > 0) entry.pendingBuy += delta;
      else entry.pendingSell -= delta;
      net = withPending(entry.base.net, entry);
    }
    entry.lastFillAt = now;
    return this.set(entry, net, averageAfter(entry.position, net, price));
  }

  /** A 450 (live or snapshot). */
  figure(accountId: string, symbol: string, figure: GatewayPosition, now = Date.now()): BrokerEvent[] {
    const known = this.entries.get(key(accountId, symbol));
    const entry = known ?? this.entryOf(accountId, symbol);
    const { buys, sells } = figure;
    if (buys === undefined || sells === undefined) {
      if (
        known !== undefined &&
        known.position.netPos !== figure.net &&
        now - known.lastFillAt < this.settleMs
      )
        return [];
      entry.base = undefined;
      entry.pendingBuy = 0;
      entry.pendingSell = 0;
      return this.set(entry, figure.net, figure.net === 0 ? 0 : figure.avgPrice);
    }
    const base = entry.base;
    if (base !== undefined && buys >= base.buys && sells >= base.sells) {
      entry.pendingBuy -= buys - base.buys;
      entry.pendingSell -= sells - base.sells;
    } else {
      // The first figure with counts (or a new trading day's): what our fills add beyond it, if fresher.
      const ours =
        known !== undefined && now - known.lastFillAt < this.settleMs ? known.position.netPos : figure.net;
      entry.pendingBuy = Math.max(0, ours - figure.net);
      entry.pendingSell = Math.max(0, figure.net - ours);
    }
    entry.base = { net: figure.net, buys, sells };
    const net = withPending(figure.net, entry);
    const avg = net === figure.net ? figure.avgPrice : entry.position.avgPrice;
    return this.set(entry, net, net === 0 ? 0 : avg);
  }

  private entryOf(accountId: string, symbol: string): Entry {
    const k = key(accountId, symbol);
    let entry = this.entries.get(k);
    if (entry === undefined) {
      entry = {
        position: { accountExternalId: accountId, symbol, netPos: 0, avgPrice: 0 },
        lastFillAt: 0,
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

function key(accountId: string, symbol: string): string {
  return `${accountId}|${symbol}`;
}

/** The average open price after a fill moved the position from `old` to `net` at `price`. */
function averageAfter(old: BrokerPosition, net: number, price: number): number {
  if (net === 0) return 0;
  if (old.netPos === 0 || Math.sign(net) !== Math.sign(old.netPos)) return price;
  if (Math.abs(net) > Math.abs(old.netPos))
    return (old.avgPrice * Math.abs(old.netPos) + price * Math.abs(net - old.netPos)) / Math.abs(net);
  return old.avgPrice;
}
