import { BrokerError } from '../types';
import { sleep } from './sleep';

/**
 * Runs one request that leaves us now: a failure that leaves it `uncertain` carries this moment as its
 * `sentAt` (unless a narrower step already stamped it).
 */
export async function leavingNow<T>(request: () => Promise<T>): Promise<T> {
  const sentAt = Date.now();
  try {
    return await request();
  } catch (error: unknown) {
    if (!(error instanceof BrokerError) || error.code !== 'uncertain' || error.sentAt !== undefined)
      throw error;
    throw new BrokerError(error.message, error.code, error.retryAt, sentAt);
  }
}

/**
 * Placements whose answer was lost, and the look-up that must not trust "not found" too early.
 *
 * A request given up on our side (a timeout, a dropped connection) may still be on its way: written to the
 * socket, queued at the broker, handled after we stopped waiting. A look-up that finds nothing right after
 * such a loss proves nothing, and the caller would place the order a second time. So until the request could
 * no longer land the look-up watches the broker's live feed and only then looks again. Tradovate, ProjectX and
 * Rithmic share this: none can be asked "did you get my request?".
 *
 * A request may land up to `requestTimeoutMs` after the moment it would have been given up at its timeout. One
 * given up earlier, because its connection closed a moment after it left, may land just as late: the landing
 * deadline counts from when it left (`BrokerError.sentAt`), not from when we gave up on it.
 */
export class UncertainSends {
  /** By client order id: until when each uncertain placement may still land (epoch ms). */
  private readonly landBy = new Map<string, number>();

  constructor(private readonly requestTimeoutMs: number) {}

  /** Sends a placement; an `uncertain` failure is remembered so the look-up that follows waits for it. */
  async send<T>(clientOrderId: string, placement: () => Promise<T>): Promise<T> {
    try {
      return await placement();
    } catch (error: unknown) {
      if (error instanceof BrokerError && error.code === 'uncertain') this.note(clientOrderId, error.sentAt);
      throw error;
    }
  }

  /**
   * Remembers a placement given up now (its fate unknown). `sentAt`: when its request left us; without it the
   * request is taken as given up at its timeout.
   */
  note(clientOrderId: string, sentAt?: number, now = Date.now()): void {
    // A look-up that never came leaves nothing behind once its request could no longer land.
    for (const [id, at] of this.landBy) if (at < now) this.landBy.delete(id);
    const givenUpAt = sentAt === undefined ? now : Math.max(now, sentAt + this.requestTimeoutMs);
    this.landBy.set(clientOrderId, givenUpAt + this.requestTimeoutMs);
  }

  /**
   * Looks the order up; when nothing is found and its placement was given up, watches `seen` (the live feed's
   * state) until the request could no longer land, then looks up once more. `conclusive` tells a result
   * that ends the search at once (by default any order; ProjectX waits past a rejected earlier attempt).
   */
  async find<T>(
    clientOrderId: string,
    lookUp: () => Promise<T | null>,
    seen: () => boolean,
    conclusive: (found: T | null) => boolean = (found) => found !== null,
  ): Promise<T | null> {
    const found = await lookUp();
    const landBy = this.landBy.get(clientOrderId);
    if (conclusive(found) || landBy === undefined) return found;
    while (Date.now() < landBy && !seen()) await sleep(Math.min(50, Math.max(1, landBy - Date.now())));
    this.landBy.delete(clientOrderId);
    return lookUp();
  }
}
