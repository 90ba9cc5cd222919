import type { FollowerState, Side } from '@synctrade/api/types';
import type { AccountSnapshot, BrokerEvent, BrokerSession } from '../../brokers/types';
import type { OutcomeListener } from './outcomes';
import type { CopyIntent, CopyOutcome, CopySkip, EngineAccount, PlanBounds } from './types';

/** The account the directory answers, for those that implement the ports outside the engine. */
export type { EngineAccount } from './types';

/** The one thing on the hot path that touches storage: a single batch write. */
export interface ClaimResult {
  /** False when this leader event was processed before (a replay): nothing must be sent. */
  fresh: boolean;
  /** Client order ids this call stored; only these may be sent. */
  claimed: ReadonlySet<string>;
}

/** One leader event (or reconciliation) and what it asks of the followers. */
export interface ClaimRequest {
  eventKey: string;
  userId: number;
  /** The follower orders to send. */
  intents: readonly CopyIntent[];
  /** The followers that get nothing, and why: stored with the claim, so a reason never outlives its event. */
  skips: readonly CopySkip[];
  /** The broker's time of the leader event (ms since the epoch), or null for an event the engine made up. */
  eventTime: number | null;
}

/** Where the engine keeps its intents and records (SQL in the server, memory in property tests). */
export interface CopyStore {
  /** Prepares the store (reads back what an earlier run left); the engine calls it before anything else. */
  open(): Promise<void>;
  /** Stores the event, its intents and its skips together, unless the event was claimed before. */
  claim(request: ClaimRequest): Promise<ClaimResult>;
  /** Written behind the hot path, in order. */
  recordOutcome(outcome: CopyOutcome): void;
  recordSkip(skip: CopySkip): void;
  /** Every event of every account (orders, fills) for the orders list and the history. */
  recordBrokerEvent(account: EngineAccount, event: BrokerEvent, role: 'leader' | 'copy' | 'manual'): void;
  /** Intents stored but with no known outcome (the engine stopped between the write and the send). */
  unresolved(accountIds: readonly number[]): Promise<CopyIntent[]>;
  /** Resolves once everything written behind is stored. */
  flush(): Promise<void>;
}

/** Accounts, settings and broker sessions of the users the engine serves. */
export interface AccountDirectory {
  loadUser(userId: number): Promise<EngineAccount[]>;
  /** Users with at least one enabled connection: started when the engine starts. */
  activeUsers(): Promise<number[]>;
  openSession(connectionId: number): Promise<BrokerSession>;
  /**
   * The broker user behind a connection (brokers count requests per user: every connection of one user
   * shares one budget) and the requests per minute the broker allows that user. Asked once the session opened.
   */
  budgetOf(connectionId: number): { brokerUser: string; perMinute: number };
  /** A risk stop turns following off for good (the user turns it on again). */
  stopFollowing(accountId: number, reason: string): Promise<void>;
  /** The follower no longer waits for the leader's next trade (it was brought to leader × ratio). */
  stopWaiting?(accountId: number): Promise<void>;
  /** Stores the contracts now held by hand on a follower (all of them: the last call wins). */
  storeHeldByHand(accountId: number, symbols: readonly string[]): Promise<void>;
  /** The broker feed dropped, came back, or needs a new authorization: shown on the connections list. */
  markConnection?(
    connectionId: number,
    status: 'connected' | 'disconnected' | 'reauth_required',
  ): Promise<void>;
}

/** An order the rules are asked about (planned, or about to go out). */
export interface GatedOrder {
  userId: number;
  accountId: number;
  symbol: string;
  side: Side;
  qty: number;
}

/** What the engine knows of the user's positions when it asks about an order. */
export interface PositionsView {
  /** The user's accounts. */
  accountIds: readonly number[];
  /** An account's positions, copies on their way included. */
  positionsOf(accountId: number): ReadonlyMap<string, number>;
  /** The leader of the account's copy group (null: none); a leader's breach holds back its own group only. */
  leaderOf?(accountId: number): number | null;
}

/** How much of an order may go (more than asked: all of it), and why not all of it. */
export interface OrderGate {
  qty: number;
  reason: string | null;
}

/** A balance reading of an account, with what the rules need to know of the account at that moment. */
export interface BalanceReading {
  account: EngineAccount;
  /** It leads its copy group. */
  leads: boolean;
  /** It follows (an earlier rule of the same reading may just have stopped it). */
  follows: boolean;
  /** Its state on the desk (null: the engine keeps none for it). */
  state: FollowerState | null;
  snapshot: AccountSnapshot;
}

/** What a reading asks of the engine. */
export interface ReadingVerdict {
  /**
   * Close the follower out (working orders canceled), maybe stop it following first. `risk_stop`: its own daily
   * loss limit; `firm_rule`: a prop-firm rule.
   */
  flatten: { kind: 'risk_stop' | 'firm_rule'; reason: string; stopFollowing: boolean } | null;
  /** The group's leader broke its own rule just now: the user is told (entries are refused from now on). */
  leaderBreach: string | null;
}

/**
 * The one place that answers what a follower may hold and send (the follower's own limits, the prop-firm guard, and
 * the engine's composite of both): the bounds every plan stays within, the gate of every order at plan and send
 * time, and the verdict on every balance reading. Nothing else in the engine reads a limit.
 */
export interface RuleGuard {
  /** Reads the user's rules; the engine calls it when it loads the user, so `gate` never waits. */
  prepare(userId: number): Promise<void>;
  /** The largest order and the largest net position (long or short, per contract) plans may reach. */
  boundsOf(account: EngineAccount): PlanBounds;
  gate(order: GatedOrder, view: PositionsView): OrderGate;
  onReading(reading: BalanceReading): ReadingVerdict;
  /**
   * A deadline of the rules came (the flat-by time) for an account: the engine flattens it and answers whether
   * anything was canceled or closed (a leader, or a follower already flat, is left alone). The guard keeps the
   * timers; the engine registers once.
   */
  onDeadline?(listener: (userId: number, accountId: number, reason: string) => Promise<boolean>): void;
  /** Why this leader's group copies no entries now (it broke its own firm rule), or null. */
  leaderBreach?(userId: number, leaderId: number): string | null;
}

/** Where the engine's outcomes go (the copier plugin words them as notifications). */
export type Notifier = OutcomeListener;

/** Told whenever something the desk shows changed for a user. */
export type ChangeListener = (userId: number) => void;

/** A login's request budget as the engine spends it: the broker's last stop, and this process's share of it. */
export interface SharedBudget {
  /** The broker's stop this process saw (epoch ms, 0: none). */
  readonly blockedAt: number;
  /** Spend one share of `nodes`, and wait for the broker's stop any of them saw. */
  share(nodes: number, blockedUntil: number): void;
}

/**
 * What the one deciding where copy groups run (placement: several nodes take, hand over and lose groups) asks of
 * the running engine: open or close a user's group again, wait for it to settle, and the login budgets in use.
 */
export interface GroupControl {
  /** (Re)loads a user's accounts and opens or closes its sessions (none when the group is not run here). */
  refreshUser(userId: number): Promise<void>;
  /** Resolves once the user's queue, sends and looks again are settled. */
  idle(userId: number): Promise<void>;
  /** The request budget of each broker login in use, by broker user. */
  loginBudgets(): ReadonlyMap<string, SharedBudget>;
}
