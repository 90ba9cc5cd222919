import { CONTRACTS } from '@synctrade/market';
import { MARKETS, PriceModel, START_PRICE, type Market } from './price-model';

/** Steps between two anchors of the path; the walk between them is computed (and kept) one block at a time. */
const BLOCK = 1024;
/** How far an anchor may sit from the start price, as a share of it. */
const ANCHOR_RANGE = 0.03;

/** A 32-bit mix of three integers (the seed, the market, the step): the same on every machine. */
function mix(a: number, b: number, c: number): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35) ^ c) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x27d4eb2d) >>> 0;
  return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
}

function startTicks(market: Market): number {
  return Math.round(START_PRICE[market] / CONTRACTS[market].tickSize);
}

/**
 * The paper price of a market at a time step, as a pure function of the seed and the step: every node of a
 * cluster computes the same price for the same moment without talking to the others. Anchors every 1,024
 * steps sit within 3 % of the start price; between two anchors the price walks -2..+2 ticks a step, bent so
 * it ends on the next anchor (a bridge), so the path is continuous and never drifts away.
 */
export class PricePath {
  private readonly blocks = new Map<string, Int32Array>();

  constructor(private readonly seed: number) {}

  ticksAt(market: Market, step: number): number {
    const index = MARKETS.indexOf(market);
    const block = Math.floor(step / BLOCK);
    const within = step - block * BLOCK;
    const walk = this.walk(index, block);
    const from = this.anchor(market, index, block);
    const to = this.anchor(market, index, block + 1);
    const share = within / BLOCK;
    const bridge = (walk[within] as number) - (walk[BLOCK] as number) * share;
    return Math.max(1, Math.round(from + (to - from) * share + bridge));
  }

  private anchor(market: Market, index: number, block: number): number {
    const start = startTicks(market);
    return Math.round(start * (1 + ANCHOR_RANGE * (2 * mix(this.seed, index, -block - 1) - 1)));
  }

  /** Prefix sums of the block's steps (kept for the current and the previous block of each market). */
  private walk(index: number, block: number): Int32Array {
    const key = `${index}:${block}`;
    const known = this.blocks.get(key);
    if (known !== undefined) return known;
    const sums = new Int32Array(BLOCK + 1);
    for (let i = 0; i < BLOCK; i += 1)
      sums[i + 1] = (sums[i] as number) + Math.floor(mix(this.seed, index, block * BLOCK + i) * 5) - 2;
    if (this.blocks.size >= MARKETS.length * 2) {
      const oldest = this.blocks.keys().next().value;
      if (oldest !== undefined) this.blocks.delete(oldest);
    }
    this.blocks.set(key, sums);
    return sums;
  }
}

/**
 * The venue's price model when several nodes run: the price is always the path's at the current step (time
 * divided by the step length), read afresh on every look-up, so two nodes filling at the same moment fill at
 * the same price. The session open is the path's price at the start of the UTC day.
 */
export class PathPriceModel extends PriceModel {
  private readonly path: PricePath;
  private current = Number.NaN;

  constructor(
    seed: number,
    private readonly stepMs: number,
    private readonly now: () => number = Date.now,
  ) {
    super(seed);
    this.path = new PricePath(seed);
    this.refresh();
  }

  override price(root: Parameters<PriceModel['price']>[0]): number {
    this.refresh();
    return super.price(root);
  }

  override step(): Market[] {
    const before = new Map(this.ticks);
    this.refresh();
    return MARKETS.filter((market) => before.get(market) !== this.ticks.get(market));
  }

  /** The path decides: stored prices of an earlier run are not restored. */
  override restore(): void {}

  private refresh(): void {
    const now = this.now();
    const step = Math.floor(now / this.stepMs);
    if (step === this.current) return;
    this.current = step;
    const dayStart = Math.floor(now / 86_400_000) * 86_400_000;
    const openStep = Math.floor(dayStart / this.stepMs);
    for (const market of MARKETS) {
      this.ticks.set(market, this.path.ticksAt(market, step));
      this.opens.set(market, this.path.ticksAt(market, openStep));
    }
  }
}
