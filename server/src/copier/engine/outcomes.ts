import type { Side } from '@synctrade/api/types';

/**
 * What the engine tells a user about, as facts: the copier plugin turns them into the notifications' words
 * (`copier/engine-notices.ts`), so the engine never speaks to people itself.
 */
export type EngineOutcome =
  /** A follower differs from leader × ratio and its auto-sync is off. */
  | { kind: 'out_of_sync'; accountName: string; differences: string }
  /** The daily loss limit stopped a follower (flattened, following off). */
  | { kind: 'risk_stop'; accountName: string; reason: string }
  /** A firm rule acted on a follower: flattened, and stopped following for good or refusing entries for now. */
  | { kind: 'firm_rule'; accountName: string; reason: string; stopped: boolean }
  /** The leader broke its own firm rule: the group copies no entries. */
  | { kind: 'leader_breach'; accountName: string; reason: string }
  /** A follower stayed out of sync or throttled longer than the trader's alert setting (`lagSeconds`). */
  | {
      kind: 'lagging';
      accountName: string;
      state: 'out_of_sync' | 'rate_limited';
      lagSeconds: number;
      reason: string;
    }
  /** A copy waited for the broker's request budget past its deadline and was not sent. */
  | { kind: 'copy_rate_limited'; accountName: string; reason: string }
  /** The broker refused a copy. */
  | { kind: 'copy_failed'; accountName: string; side: Side; qty: number; symbol: string; reason: string }
  /** A broker feed dropped (null: the broker gave no reason). */
  | { kind: 'connection_lost'; reason: string | null }
  /** A broker asks the user to authorize the connection again. */
  | { kind: 'reauth_required'; reason: string };

/** Told of every outcome, for the user it concerns, and the account it is about when it is about one. */
export interface OutcomeListener {
  notify(userId: number, outcome: EngineOutcome, accountId?: number): void;
}
