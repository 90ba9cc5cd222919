import { BrokerError } from '../types';
import { sleep } from './sleep';

/**
 * Placements whose answer was lost, and the look-up that must not trust "not found" too early.
 *
 * A request given up on our side (a timeout, a dropped connection) may still be on its way: written to the
 * socket, queued at the broker, handled after we stopped waiting. A look-up that finds nothing right after
 * such a loss proves nothing, and the caller would place the order a second time. So until the request could
 * no longer land (`landingGraceMs` after it was given up) the look-up watches the broker's live feed and only
 * then looks again. Tradovate and ProjectX share this: neither can ask the broker "did you get my request?".
 */
export class UncertainSends {
  /** When each uncertain placement was given up, by client order id. */
  private readonly givenUp = new Map<string, number>();

  constructor(private readonly landingGraceMs: number) {}

  /** Sends a placement; an `uncertain` failure is remembered so the look-up that follows waits for it. */
  async send<T>(clientOrderId: string, placement: () => Promise<T>): Promise<T> {
    try {
      return await placement();
    } catch (error: unknown) {
      if (error instanceof BrokerError && error.code === 'uncertain') this.note(clientOrderId);
      throw error;
    }
  }

  /** Remembers a placement given up now (its fate unknown). */
  note(clientOrderId: string, now = Date.now()): void {
    // A look-up that never came leaves nothing behind once its request could no longer land.
    for (const [id, at] of this.givenUp) if (at + this.landingGraceMs < now) this.givenUp.delete(id);
    this.givenUp.set(clientOrderId, now);
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
    const givenUpAt = this.givenUp.get(clientOrderId);
    if (conclusive(found) || givenUpAt === undefined) return found;
    const landBy = givenUpAt + this.landingGraceMs;
    while (Date.now() < landBy && !seen()) await sleep(Math.min(50, Math.max(1, landBy - Date.now())));
    this.givenUp.delete(clientOrderId);
    return lookUp();
  }
}
