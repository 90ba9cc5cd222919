/** Timings of the ProjectX adapter; tests shorten them. */
export interface ProjectXTimings {
  requestTimeoutMs: number;
  /** Tokens live 24 h; they are renewed (`Auth/validate`) this long before they expire. */
  tokenLifetimeMs: number;
  renewBeforeMs: number;
  /** How far back `Order/search` and `Trade/search` look when resolving a tag or catching up after a reconnect. */
  historyLookbackMs: number;
  /** Hub reconnect delays; the last one repeats until the hub is back. */
  reconnectDelaysMs: number[];
  hubKeepAliveMs: number;
  hubServerTimeoutMs: number;
  /** A bracket step kept by the adapter that failed (lost answer, rate limit) is tried again after this. */
  bracketRetryMs: number;
  /**
   * How often the session compares its state with the gateway's by REST, to notice hub events dropped on a
   * live connection; a check is put off while the request window lacks room for it beside the engine's share.
   */
  missedEventsCheckMs: number;
  /** The check reads twice this far apart and applies only what did not change (see missed-events.ts). */
  missedEventsConfirmMs: number;
}

export const defaultTimings: ProjectXTimings = {
  requestTimeoutMs: 10_000,
  tokenLifetimeMs: 24 * 3600_000,
  renewBeforeMs: 3600_000,
  historyLookbackMs: 24 * 3600_000,
  reconnectDelaysMs: [0, 1_000, 2_000, 5_000, 10_000, 30_000],
  hubKeepAliveMs: 15_000,
  hubServerTimeoutMs: 30_000,
  bracketRetryMs: 2_000,
  missedEventsCheckMs: 30_000,
  missedEventsConfirmMs: 2_000,
};

/**
 * The gateway allows 200 requests per 60 s per token; the copy engine spends at most this many per minute on
 * orders, leaving the rest to the adapter's own reads (snapshots, look-ups, token renewals).
 */
export const ENGINE_REQUESTS_PER_MINUTE = 150;
export const GATEWAY_REQUESTS_PER_WINDOW = 200;
export const GATEWAY_WINDOW_MS = 60_000;
