import type { Clock } from './clock';
import type { FollowerStatus } from './types';

/** A follower behind its leader: out of sync, or its copies held back by the broker's request limit. */
export function isLagging(status: FollowerStatus): boolean {
  return (status.state === 'out_of_sync' || status.state === 'rate_limited') && status.chosen !== true;
}

export interface LagWatchOptions {
  clock: Clock;
  /** How long the trader lets a follower lag before an alert (their alert setting); read when a lag starts. */
  lagAlertMs: (userId: number) => Promise<number>;
  /** The follower still lags after that long (its status then). */
  lagged: (accountId: number, lagMs: number) => void;
  log: (error: unknown, context: string) => void;
}

interface Watch {
  cancel: (() => void) | null;
}

/** The lag was alerted: kept until it ends, so one lag is one alert. */
const ALERTED: Watch = { cancel: null };

/**
 * Times each follower's lag: one alert when it has lagged longer than the trader's setting, none when it caught up
 * before. Moving between out of sync and throttled is one lag; a new lag starts a new watch. Lives in memory with
 * the engine's statuses: after a restart reconciliation finds the lag again and its time starts then.
 */
export class LagWatch {
  private readonly watches = new Map<number, Watch>();

  constructor(private readonly options: LagWatchOptions) {}

  /** A follower's status changed to `after`. */
  changed(accountId: number, userId: number, after: FollowerStatus): void {
    if (!isLagging(after)) {
      this.end(accountId);
      return;
    }
    if (this.watches.has(accountId)) return;
    const watch: Watch = { cancel: null };
    this.watches.set(accountId, watch);
    this.options
      .lagAlertMs(userId)
      .then((lagMs) => {
        if (this.watches.get(accountId) !== watch) return;
        watch.cancel = this.options.clock.after(lagMs, () => {
          if (this.watches.get(accountId) !== watch) return;
          this.watches.set(accountId, ALERTED);
          this.options.lagged(accountId, lagMs);
        });
      })
      .catch((error: unknown) => {
        if (this.watches.get(accountId) === watch) this.watches.delete(accountId);
        this.options.log(error, `lag alert setting ${userId}`);
      });
  }

  end(accountId: number): void {
    this.watches.get(accountId)?.cancel?.();
    this.watches.delete(accountId);
  }

  stop(): void {
    for (const accountId of [...this.watches.keys()]) this.end(accountId);
  }
}
