import { expectedFollowerPosition } from '../../support/expected-position';
import { DEFAULT_RISK } from '../../../src/copier/engine/types';

/** Where the positions are read (the broker fake's own books, never the engine's). */
export interface VenueView {
  leader(): number;
  follower(id: number): number;
}

/**
 * Watches a copy group under the broker's real request limit while the leader trades: samples the positions at
 * the fake continuously and checks every follower order as it reaches the fake.
 * - At every sample, a follower on the other side of the leader holds no more than leader × ratio held on its
 *   side within the last `lagMs` (one order on its way or waiting for its turn explains it; a replayed stale
 *   delta does not: it takes the follower past anything the leader recently held).
 * - No order, as it arrives, takes its follower further from leader × ratio than it is (against the leader's
 *   position at any moment of the last `inFlightMs`: the engine decided on a reading at most that old).
 */
export class LimitWatch {
  readonly violations: string[] = [];
  private readonly history: Array<{ at: number; leader: number }> = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly venue: VenueView,
    private readonly ratios: ReadonlyMap<number, number>,
    private readonly lagMs: number,
    private readonly inFlightMs: number,
  ) {}

  start(everyMs = 10): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** One follower order reaching the fake, before it fills. */
  onOrder(followerId: number, signedQty: number): void {
    const ratio = this.ratios.get(followerId);
    if (ratio === undefined) return;
    const now = Date.now();
    this.record(now);
    const held = this.venue.follower(followerId);
    const fits = this.recent(now, this.inFlightMs).some(({ leader }) => {
      const target = expectedFollowerPosition(leader, ratio, DEFAULT_RISK.maxNetPosition);
      return Math.abs(held + signedQty - target) <= Math.abs(held - target);
    });
    if (!fits)
      this.violations.push(
        `order ${signedQty} to follower ${followerId} holding ${held} moved it away from leader × ${ratio} (leader ${this.history.at(-1)?.leader})`,
      );
  }

  private sample(): void {
    const now = Date.now();
    const leader = this.record(now);
    for (const [id, ratio] of this.ratios) {
      const held = this.venue.follower(id);
      if (held === 0 || leader === 0 || Math.sign(held) === Math.sign(leader)) continue;
      const explained = this.recent(now, this.lagMs).some(
        (h) =>
          Math.sign(h.leader) === Math.sign(held) &&
          Math.abs(expectedFollowerPosition(h.leader, ratio, DEFAULT_RISK.maxNetPosition)) >= Math.abs(held),
      );
      if (!explained)
        this.violations.push(
          `follower ${id} at ${held} opposite the leader at ${leader} beyond what the leader held on that side in the last ${this.lagMs} ms`,
        );
    }
  }

  private record(now: number): number {
    const leader = this.venue.leader();
    if (this.history.at(-1)?.leader !== leader) this.history.push({ at: now, leader });
    return leader;
  }

  /** The leader's positions held at some moment of the last `ms` (the one before the span included). */
  private recent(now: number, ms: number): Array<{ at: number; leader: number }> {
    const from = this.history.findLastIndex((h) => h.at <= now - ms);
    return this.history.slice(Math.max(0, from));
  }
}
