/**
 * What this node last learned about sign-in tries that are over their limit, so that a guessing burst is
 * refused without reaching the database (on the embedded one, 200 refused tries held every other tenant's
 * statements for up to 300 ms). The database stays the truth: this memory only answers "no" where the
 * database would, for no longer than it would.
 *
 * - An address over its limit on one account stays over until its oldest failure leaves the window: only a
 *   sign-in from that address clears it sooner, and that address is refused. So it is kept until then.
 * - An account over its limit for unknown addresses may fall below it sooner, when a known address signs in
 *   (its failures stop counting), maybe on another node: kept at most ACCOUNT_MEMORY_MS.
 */
export const ACCOUNT_MEMORY_MS = 30_000;
/** Entries kept at most; the oldest go first (a refusal forgotten is only asked of the database again). */
export const MAX_REMEMBERED = 10_000;

export type RefusalKind = 'pair' | 'account';

export class LoginRefusals {
  private readonly pairs = new Map<string, number>();
  private readonly accounts = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Remembers a refusal the database decided, free again after `seconds`. */
  remember(kind: RefusalKind, email: string, ip: string, seconds: number): void {
    const freeAt = this.now() + seconds * 1000;
    if (kind === 'pair') keep(this.pairs, pairKey(email, ip), freeAt);
    else keep(this.accounts, email, Math.min(freeAt, this.now() + ACCOUNT_MEMORY_MS));
  }

  /** Seconds until this address may try this account again, when it is remembered as over its limit. */
  pairRefusal(email: string, ip: string): number | null {
    return this.secondsLeft(this.pairs, pairKey(email, ip));
  }

  /** Seconds until unknown addresses may try this account again, when it is remembered as over its limit. */
  accountRefusal(email: string): number | null {
    return this.secondsLeft(this.accounts, email);
  }

  /** A sign-in succeeded: this address's failures and the account's count changed. */
  forget(email: string, ip: string): void {
    this.pairs.delete(pairKey(email, ip));
    this.accounts.delete(email);
  }

  private secondsLeft(entries: Map<string, number>, key: string): number | null {
    const freeAt = entries.get(key);
    if (freeAt === undefined) return null;
    const left = freeAt - this.now();
    if (left <= 0) {
      entries.delete(key);
      return null;
    }
    return Math.max(1, left / 1000);
  }
}

function pairKey(email: string, ip: string): string {
  return `${ip} ${email}`;
}

function keep(entries: Map<string, number>, key: string, freeAt: number): void {
  entries.delete(key);
  entries.set(key, freeAt);
  while (entries.size > MAX_REMEMBERED) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    entries.delete(oldest);
  }
}
