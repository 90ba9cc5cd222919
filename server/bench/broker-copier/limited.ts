/**
 * `pnpm bench copier --broker tradovate|projectx --limited`: the copier under the broker's real request limit.
 * The fake enforces its vendor's documented limit; the adapter keeps its own default budget. The leader bursts
 * (`BENCH_LIMITED_RATE` market orders a second, default 20, for `BENCH_LIMITED_SECONDS`, default 3, random sides
 * and sizes from `BENCH_LIMITED_SEED`) while four followers of one login copy at ratios 1, 1, 2 and 3. The fake's
 * own positions are sampled every 100 ms. Printed: the time from the leader's last order until every follower
 * holds leader × ratio, beside the arithmetic minimum; the login's requests beside the minimum; the largest
 * wrong-side exposure seen (a follower on the other side of the leader's position at that moment).
 */
import { CopyEngine } from '../../src/copier/engine/engine';
import { MemoryCopyStore } from '../../src/copier/engine/memory-store';
import { seededRandom } from '../../src/brokers/paper/random';
import type { BrokerAdapter } from '../../src/brokers/types';
import { type BenchLogin, benchDirectory } from './rig';

export const LIMITED_FLAG = '--limited';
export const LIMITED_ACCOUNTS = 4;
const RATIOS = [1, 1, 2, 3];
const RATE = Number(process.env.BENCH_LIMITED_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_LIMITED_SECONDS ?? 3);
const SEED = Number(process.env.BENCH_LIMITED_SEED ?? 39);
const TIMEOUT_MS = Number(process.env.BENCH_LIMITED_TIMEOUT_S ?? 300) * 1000;
const SAMPLE_MS = 100;
/** While waiting for convergence, the positions are printed this often. */
const PROGRESS_MS = 15_000;

/** A follower login's request as the fake counted it. */
export interface LoginRequest {
  at: number;
  /** An order command (place, modify, cancel, liquidate) rather than a read. */
  order: boolean;
}

/** One broker's fake with its real limit on, a leader login and one follower login of four accounts. */
export interface LimitedBench {
  broker: string;
  /** The limit the fake enforces on a login, as a sliding window. */
  limit: { requests: number; windowMs: number };
  adapter: BrokerAdapter;
  leader: BenchLogin;
  follower: BenchLogin;
  /** The leader trades by hand at the fake: `qty` contracts, bought when positive, sold when negative. */
  leaderTrades(qty: number): void;
  /** The fake's net position of an account (signed). */
  position(externalId: string): number;
  /** Every request of the follower login the fake has received so far. */
  followerRequests(): LoginRequest[];
  /** What the fake refused the follower login (penalty tickets, 429s), in words. */
  refusals(): string;
  close(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const signed = (qty: number): string => (qty > 0 ? `+${qty}` : String(qty));

interface Sample {
  at: number;
  leader: number;
  followers: number[];
}

/** Samples the fake's positions until stopped; keeps the worst wrong-side exposure and the time spent there. */
function sampler(bench: LimitedBench): { stop(): void; latest(): Sample; wrongMax: number; wrongMs: number } {
  const read = (): Sample => ({
    at: Date.now(),
    leader: bench.position(bench.leader.accounts[0] ?? ''),
    followers: bench.follower.accounts.map((id) => bench.position(id)),
  });
  const state = { latest: read(), wrongMax: 0, wrongMs: 0 };
  const timer = setInterval(() => {
    const sample = read();
    const wrong = sample.followers.map((qty) => (qty * sample.leader < 0 ? Math.abs(qty) : 0));
    state.wrongMax = Math.max(state.wrongMax, ...wrong);
    state.wrongMs += wrong.filter((qty) => qty > 0).length * (sample.at - state.latest.at);
    state.latest = sample;
  }, SAMPLE_MS);
  return {
    stop: () => clearInterval(timer),
    latest: () => state.latest,
    get wrongMax() {
      return state.wrongMax;
    },
    get wrongMs() {
      return state.wrongMs;
    },
  };
}

const atTarget = (sample: Sample): boolean =>
  sample.followers.every((qty, i) => qty === sample.leader * (RATIOS[i] ?? 1));

/**
 * The least time after the leader's stop before `needed` requests fit in the window, when the window already
 * holds `spent` (their arrival times): 0 if they fit now, else until enough of the oldest have left.
 */
function windowMinimumMs(
  spent: number[],
  needed: number,
  limit: LimitedBench['limit'],
  stopAt: number,
): number {
  const over = spent.length + needed - limit.requests;
  if (over <= 0) return 0;
  const sorted = [...spent].sort((a, b) => a - b);
  return Math.max(0, (sorted[over - 1] ?? stopAt) + limit.windowMs - stopAt);
}

export async function runLimitedBench(setup: () => Promise<LimitedBench>): Promise<void> {
  const bench = await setup();
  const directory = benchDirectory(bench.adapter, bench.leader, [bench.follower], {
    ratioOf: (index) => RATIOS[index] ?? 1,
  });
  const engine = new CopyEngine({
    directory,
    store: new MemoryCopyStore(),
    notifier: { notify: () => undefined },
  });
  const perMinute = (bench.limit.requests * 60_000) / bench.limit.windowMs;
  console.log(
    `Copier under ${bench.broker}'s request limit (${perMinute}/min per login, enforced by the fake): leader ${RATE} market orders/s for ${SECONDS} s, ${LIMITED_ACCOUNTS} followers on one login at ratios ${RATIOS.join(', ')} (seed ${SEED}, ${new Date().toISOString()})`,
  );
  try {
    await engine.start();
    await sleep(1_000);
    const positions = sampler(bench);
    const next = seededRandom(SEED);
    const burstAt = Date.now();
    const orders = Math.round(RATE * SECONDS);
    for (let i = 0; i < orders; i += 1) {
      const qty = 1 + Math.floor(next() * 3);
      bench.leaderTrades(next() < 0.5 ? qty : -qty);
      await sleep(Math.max(0, burstAt + ((i + 1) * 1000) / RATE - Date.now()));
    }
    const stopAt = Date.now();
    const atStop = positions.latest();
    const spent = bench
      .followerRequests()
      .map((request) => request.at)
      .filter((at) => at > stopAt - bench.limit.windowMs);
    let convergedAt: number | null = null;
    let reportAt = stopAt;
    while (Date.now() - stopAt < TIMEOUT_MS) {
      await sleep(SAMPLE_MS);
      const sample = positions.latest();
      if (atTarget(sample)) {
        convergedAt = sample.at;
        break;
      }
      if (sample.at - reportAt >= PROGRESS_MS) {
        reportAt = sample.at;
        console.log(
          `  +${seconds(sample.at - stopAt)}: leader ${signed(sample.leader)}, followers ${sample.followers.map(signed).join(', ')} (targets ${RATIOS.map((ratio) => signed(sample.leader * ratio)).join(', ')})`,
        );
      }
    }
    await sleep(2_000);
    const held = convergedAt !== null && atTarget(positions.latest());
    positions.stop();
    const end = convergedAt ?? Date.now();
    const used = bench.followerRequests().filter((request) => request.at >= burstAt && request.at <= end);
    const leaderFinal = positions.latest().leader;
    const neededAtStop = atStop.followers.filter((qty, i) => qty !== atStop.leader * (RATIOS[i] ?? 1)).length;
    const neededOverall = RATIOS.filter((ratio) => leaderFinal * ratio !== 0).length;
    const minimumMs = windowMinimumMs(spent, neededAtStop, bench.limit, stopAt);
    const final = positions.latest();
    console.log(
      `  leader ${orders} orders, ends at ${signed(leaderFinal)}; targets ${RATIOS.map((ratio) => signed(leaderFinal * ratio)).join(', ')}; followers now ${final.followers.map(signed).join(', ')}`,
    );
    console.log(
      `  time to converge after the leader's last order: ${convergedAt === null ? `not within ${seconds(TIMEOUT_MS)}` : seconds(convergedAt - stopAt)}${held ? ', held 2 s later' : convergedAt === null ? '' : ', NOT held 2 s later'}; arithmetic minimum ${seconds(minimumMs)} (${neededAtStop} requests needed at the stop ÷ ${perMinute}/min, with ${spent.length} of the window's ${bench.limit.requests} already spent)`,
    );
    console.log(
      `  requests of the follower login from the burst to ${convergedAt === null ? 'the end of the wait' : 'convergence'}: ${used.length} (${used.filter((r) => r.order).length} orders, ${used.filter((r) => !r.order).length} reads); minimum ${neededOverall} (one net order per follower whose target is not flat); replaying every leader order would send ${orders * LIMITED_ACCOUNTS}`,
    );
    console.log(
      `  wrong side of the leader: at most ${positions.wrongMax} contracts on one follower, ${seconds(positions.wrongMs)} of follower-time in all (sampled every ${SAMPLE_MS} ms)`,
    );
    console.log(`  refused by the fake: ${bench.refusals()}`);
  } finally {
    await engine.stop();
    await bench.close();
  }
}
