import type { FollowerState, OrderStatus, OrderType, Side } from '@synctrade/api/types';
import type { OcoSibling, VenueOrderType } from '../../brokers/types';

/** A follower's limits; see DEFAULT_RISK. */
export interface RiskLimits {
  /** No single order sent to the follower's broker is larger: bigger copies go out in parts. */
  maxContractsPerOrder: number;
  /** The follower's net position in one contract never goes beyond this, long or short. */
  maxNetPosition: number;
  /** Realized + open P&L since 18:00 New York below minus this: flatten and stop following. 0: off. */
  dailyLossLimit: number;
}

export const DEFAULT_RISK: RiskLimits = { maxContractsPerOrder: 50, maxNetPosition: 100, dailyLossLimit: 0 };

/** What every plan for a follower stays within: the tightest of its rules (see `RuleGuard.boundsOf`). */
export type PlanBounds = Pick<RiskLimits, 'maxContractsPerOrder' | 'maxNetPosition'>;

/** What the engine knows of one broker account: identity, role and settings. */
export interface EngineAccount {
  id: number;
  userId: number;
  connectionId: number;
  externalId: string;
  name: string;
  /** The trader's copy group the account belongs to: it follows that group's leader only. Absent: group 0. */
  groupId?: number;
  isLeader: boolean;
  isFollower: boolean;
  ratio: number;
  cross: boolean;
  autoSync: boolean;
  /**
   * Contracts it holds on the leader's side whenever the leader holds a position, instead of leader × ratio (copied on
   * the leader's fills only). Absent or null: leader × ratio.
   */
  fixedQty?: number | null;
  /** mirror: the leader's working orders are mirrored (absent: mirror); fills: its fills only, as market orders. */
  copyMode?: 'mirror' | 'fills';
  /** Only these contract roots are copied into it (its own contract, after Cross); absent or empty: every one. */
  contracts?: readonly string[];
  /** The account and its connection are both enabled. */
  enabled: boolean;
  risk: RiskLimits;
  /**
   * The user kept this follower's positions when the leader changed: it is not corrected (shown out of sync)
   * until the new leader's next trade, which brings it to leader × ratio.
   */
  waitsForLeaderTrade?: boolean;
  /** Contracts a person traded by hand on this follower, as stored (see `LiveAccount.heldByHand`). */
  heldByHand?: readonly string[];
}

/** One follower order the engine means to send, stored before it is sent. */
export interface CopyIntent {
  clientOrderId: string;
  eventKey: string;
  userId: number;
  accountId: number;
  symbol: string;
  side: Side;
  qty: number;
  type: OrderType;
  price: number | null;
  stopPrice: number | null;
  /** Exits (orders that reduce the position) go before entries when the budget is short. */
  exit: boolean;
  /** The leader order a working-order mirror copies, if any. */
  leaderOrderId: string | null;
  /**
   * The leader order's own type where it is more than `type` says (a StopLimit, a TrailingStop), and a trailing
   * stop's trail in points: each follower's broker places it as itself, or says what it sent instead.
   */
  venueType?: VenueOrderType;
  trail?: number;
  /** A bracket leg sent with its sibling leg, one-cancels-other (the sibling is an intent of its own). */
  oco?: OcoSibling;
  /** Why the engine sends it on its own, not for a leader event (a firm rule's flatten): shown in the orders list. */
  reason?: string;
}

/** A decision not to send (recorded so the desk and the orders list show why). */
export interface CopySkip {
  eventKey: string;
  userId: number;
  accountId: number;
  symbol: string;
  side: Side;
  qty: number;
  type: OrderType;
  price: number | null;
  status: Extract<OrderStatus, 'Rejected' | 'Canceled'>;
  reason: string;
}

export interface CopyOutcome {
  clientOrderId: string;
  status: OrderStatus;
  brokerOrderId: string | null;
  reason: string | null;
  /** Leader event received → follower order sent / acknowledged, in ms. */
  sentMs: number | null;
  ackMs: number | null;
  /**
   * It replaces an outcome recorded as unknown (the answer and the look-up were lost): its reason, even none,
   * replaces the stored one.
   */
  correctsUnknown?: boolean;
}

export interface FollowerStatus {
  state: FollowerState;
  reason: string | null;
  /** The trader chose this state (contracts held by hand, waiting for the leader's next trade): no lag alert. */
  chosen?: true;
}
