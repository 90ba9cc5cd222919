/**
 * Fault switches of the fake: each arms a number of upcoming requests, optionally only those whose
 * endpoint contains `match` (e.g. `placeorder`). Tests arm them through the handle or `POST /__control/fault`.
 */
export interface FaultRule {
  remaining: number;
  match?: string;
}

export interface PenaltyRule extends FaultRule {
  /** Seconds the caller must wait before resending with the ticket. */
  pTime: number;
  captcha: boolean;
}

export interface Faults {
  /** Starts a 429 lockout of the caller's user (its configured length, or `retryAfterSec` when given). */
  http429: (FaultRule & { retryAfterSec?: number }) | null;
  socket429: FaultRule | null;
  /** HTTP or socket 423: Tradovate's warning; the request is not handled. */
  warning423: FaultRule | null;
  penalty: PenaltyRule | null;
  /** The order is executed, then the connection dies before the answer. */
  dropAfterAccept: FaultRule | null;
  slow: (FaultRule & { ms: number }) | null;
  /**
   * The request reaches the venue `ms` late (stuck on its way: written to the connection, queued), then is
   * handled as usual: a caller that gave up on it meanwhile must not conclude it never came.
   */
  lateArrival: (FaultRule & { ms: number }) | null;
  /** Business rejection (HTTP 200) for the next commands: failureReason/failureText, errorText or violations. */
  reject: (FaultRule & { body: Record<string, unknown> }) | null;
  /** The command is executed, then answered with a body that is not JSON. */
  garbage: FaultRule | null;
  duplicateEvents: boolean;
  /** Slip a malformed `props` event (a fill without its fields) before the next operation's events. */
  malformedEvent: boolean;
  /** Send every `props` entity wrapped in an array (Tradovate does both). */
  arrayEntities: boolean;
  failRenewal: boolean;
  /** `props` events of these users are held back (a feed lagging behind REST), delivered once released. */
  holdEventsOf: number[];
}

export const noFaults = (): Faults => ({
  http429: null,
  socket429: null,
  warning423: null,
  penalty: null,
  dropAfterAccept: null,
  slow: null,
  lateArrival: null,
  reject: null,
  garbage: null,
  duplicateEvents: false,
  malformedEvent: false,
  arrayEntities: false,
  failRenewal: false,
  holdEventsOf: [],
});

/** Consumes one use of a rule if it applies to this endpoint. */
export function trip<T extends FaultRule>(rule: T | null, endpoint: string): T | null {
  if (!rule || rule.remaining <= 0) return null;
  if (rule.match && !endpoint.includes(rule.match)) return null;
  rule.remaining -= 1;
  return rule;
}

export const commandEndpoints = [
  'order/placeorder',
  'order/placeoso',
  'order/placeoco',
  'order/modifyorder',
  'order/cancelorder',
  'order/liquidateposition',
];
export const isCommand = (endpoint: string): boolean => commandEndpoints.includes(endpoint);
