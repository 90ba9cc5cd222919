import { GATEWAY_REQUESTS_PER_WINDOW, GATEWAY_WINDOW_MS } from './config';

/**
 * The gateway's budget as the adapter counts it: a sliding window per ProjectX user (every session and
 * connection of the same user and host shares it), so the adapter stops before the gateway's 429.
 */
export class RequestWindow {
  private readonly sent: number[] = [];
  /** The gateway said 429: nothing before this time. */
  private blockedUntil = 0;

  constructor(
    private readonly limit = GATEWAY_REQUESTS_PER_WINDOW,
    private readonly windowMs = GATEWAY_WINDOW_MS,
  ) {}

  /** Counts a request and answers 0, or answers when one may go (epoch ms) without counting it. */
  take(now = Date.now()): number {
    while (this.sent.length > 0 && this.sent[0]! <= now - this.windowMs) this.sent.shift();
    if (now < this.blockedUntil) return this.blockedUntil;
    if (this.sent.length >= this.limit) return this.sent[0]! + this.windowMs;
    this.sent.push(now);
    return 0;
  }

  /** Requests that may still go now without waiting (none while a 429 holds). */
  free(now = Date.now()): number {
    while (this.sent.length > 0 && this.sent[0]! <= now - this.windowMs) this.sent.shift();
    return now < this.blockedUntil ? 0 : Math.max(0, this.limit - this.sent.length);
  }

  /** When a request may go (epoch ms), without counting one. */
  nextAt(now = Date.now()): number {
    while (this.sent.length > 0 && this.sent[0]! <= now - this.windowMs) this.sent.shift();
    if (now < this.blockedUntil) return this.blockedUntil;
    return this.sent.length >= this.limit ? this.sent[0]! + this.windowMs : now;
  }

  block(until: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, until);
  }
}

export class RequestWindows {
  private readonly windows = new Map<string, RequestWindow>();

  constructor(private readonly limit = GATEWAY_REQUESTS_PER_WINDOW) {}

  forUser(key: string): RequestWindow {
    let window = this.windows.get(key);
    if (window === undefined) {
      window = new RequestWindow(this.limit);
      this.windows.set(key, window);
    }
    return window;
  }
}
