import { CONTRACTS, roundToTick, type ContractRoot } from '@synctrade/market';
import { seededRandom, type Random } from './random';

/** Minis and micros of one market share one price path, so Cross copies fill at the same price. */
export type Market = 'ES' | 'NQ' | 'CL' | 'GC';
export const MARKETS: readonly Market[] = ['ES', 'NQ', 'CL', 'GC'];

const MARKET_OF: Record<ContractRoot, Market> = {
  ES: 'ES',
  MES: 'ES',
  NQ: 'NQ',
  MNQ: 'NQ',
  CL: 'CL',
  MCL: 'CL',
  GC: 'GC',
  MGC: 'GC',
};

/** Where the paper venue starts each market's price path (about where the market traded in late 2026). */
export const START_PRICE: Record<Market, number> = { ES: 6000, NQ: 21000, CL: 70, GC: 2650 };

export function marketOf(root: ContractRoot): Market {
  return MARKET_OF[root];
}

export interface MarketTicks {
  market: Market;
  ticks: number;
  openTicks: number;
}

/** A random walk on the tick grid: each step moves every market by -2..+2 ticks. */
export class PriceModel {
  private readonly random: Random;
  protected readonly ticks = new Map<Market, number>();
  protected readonly opens = new Map<Market, number>();

  constructor(seed: number) {
    this.random = seededRandom(seed);
    for (const market of MARKETS) {
      const spec = CONTRACTS[market];
      const ticks = Math.round(START_PRICE[market] / spec.tickSize);
      this.ticks.set(market, ticks);
      this.opens.set(market, ticks);
    }
  }

  price(root: ContractRoot): number {
    const market = marketOf(root);
    const spec = CONTRACTS[market];
    return roundToTick((this.ticks.get(market) ?? 0) * spec.tickSize, spec.tickSize);
  }

  openPrice(market: Market): number {
    const spec = CONTRACTS[market];
    return roundToTick((this.opens.get(market) ?? 0) * spec.tickSize, spec.tickSize);
  }

  /** Moves every market one step; returns the markets whose price changed. */
  step(): Market[] {
    const moved: Market[] = [];
    for (const market of MARKETS) {
      const delta = Math.floor(this.random() * 5) - 2;
      if (delta === 0) continue;
      this.ticks.set(market, Math.max(1, (this.ticks.get(market) ?? 1) + delta));
      moved.push(market);
    }
    return moved;
  }

  /** Each market's price and session open in ticks, for the ledger to store. */
  state(): MarketTicks[] {
    return MARKETS.map((market) => ({
      market,
      ticks: this.ticks.get(market) ?? 0,
      openTicks: this.opens.get(market) ?? 0,
    }));
  }

  /** Continues from stored prices after a restart instead of the listing's start price. */
  restore(rows: readonly MarketTicks[]): void {
    for (const row of rows) {
      if (!MARKETS.includes(row.market)) continue;
      this.ticks.set(row.market, row.ticks);
      this.opens.set(row.market, row.openTicks);
    }
  }

  /** Tests and demos set a price outright to trigger limit and stop orders. */
  setPrice(root: ContractRoot, price: number): void {
    const market = marketOf(root);
    this.ticks.set(market, Math.round(price / CONTRACTS[market].tickSize));
  }
}
