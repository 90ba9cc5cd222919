import type { Clock } from './clock';
import type { FollowerStatus, EngineAccount } from './types';
import type { CopyMetrics } from './metrics';
import type { AccountDirectory, CopyStore, Notifier, RuleGuard } from './ports';
import type { LiveAccount, SessionEntry, UserGroup } from './state';

export interface EngineSettings {
  /** After a mirrored leader order fills, wait this long before checking the followers' positions. */
  mirrorSettleMs: number;
  /** The first leg of a leader bracket waits this long for its sibling, to be copied with it as one linked pair. */
  bracketPairMs: number;
  /** Look-ups and resends after an uncertain send, at most. */
  sendRetries: number;
  /**
   * A copy acknowledged this recently may not show in the broker's positions yet (Tradovate answers placeorder
   * before the fill reaches its feed): reconciliation waits this long and looks again before correcting.
   */
  copySettleMs: number;
  /** A broker session that could not open is tried again after this long, doubling up to a minute. */
  sessionRetryMs: number;
  /**
   * Every this often each copy group is compared with leader × ratio: followers off are corrected (auto-sync
   * on) or shown out of sync (auto-sync off), so the desk never says ok for a follower that is off for longer.
   * 0: only on events (tests drive it themselves).
   */
  autoSyncMs: number;
}

/** The engine's shared state and services, handed to the parts that copy, mirror and reconcile. */
export interface EngineContext {
  readonly accounts: Map<number, EngineAccount>;
  readonly live: Map<number, LiveAccount>;
  readonly sessions: ReadonlyMap<number, SessionEntry>;
  readonly groups: Map<number, UserGroup>;
  readonly store: CopyStore;
  readonly directory: AccountDirectory;
  readonly notifier: Notifier;
  /** The follower's rules, its own limits and the firm's: plan bounds, order gates, reading verdicts. */
  readonly guard: RuleGuard;
  readonly metrics: CopyMetrics;
  readonly settings: EngineSettings;
  /** The engine's one clock: latencies, settle waits, auto-sync, retries. */
  readonly clock: Clock;
  log(error: unknown, context: string): void;
  /** What happened as expected but is worth a trace (a race's normal end): logged below error level. */
  note(message: string, context: string): void;
  changed(userId: number): void;
  setStatus(accountId: number, status: FollowerStatus): void;
  /** The contracts held by hand on this follower changed: stores them (they outlive a restart). */
  heldByHandChanged(accountId: number): void;
  /** Runs a job of the user's copy group after the ones already queued. */
  enqueue(userId: number, job: () => Promise<void>): Promise<void>;
  /** Runs a firm rule's close-out ahead of the user's waiting jobs (behind the running one). */
  enqueueFirst(userId: number, job: () => Promise<void>): Promise<void>;
}
