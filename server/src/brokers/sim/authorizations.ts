import { randomBytes, randomInt } from 'node:crypto';

const TTL_MS = 10 * 60 * 1000;

interface PendingConsent {
  redirectUri: string;
  environment: string;
  expiresAt: number;
}

/**
 * The paper broker's side of the OAuth-style flow: the consent page only accepts a `state` the adapter
 * handed out, and only redirects to the address registered with it, so it is not an open redirect.
 */
export class SimAuthorizations {
  private readonly consents = new Map<string, PendingConsent>();
  private readonly codes = new Map<string, { loginKey: string; expiresAt: number }>();

  expect(state: string, redirectUri: string, environment: string): void {
    this.prune();
    this.consents.set(state, { redirectUri, environment, expiresAt: Date.now() + TTL_MS });
  }

  pending(state: string): PendingConsent | undefined {
    const consent = this.consents.get(state);
    return consent !== undefined && consent.expiresAt > Date.now() ? consent : undefined;
  }

  /** The user pressed Authorize: the consent is used up and a single-use code is issued. */
  approve(state: string): { code: string; redirectUri: string } | undefined {
    const consent = this.pending(state);
    if (consent === undefined) return undefined;
    this.consents.delete(state);
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { loginKey: String(randomInt(100_000, 1_000_000)), expiresAt: Date.now() + TTL_MS });
    return { code, redirectUri: consent.redirectUri };
  }

  redeem(code: string): string | undefined {
    const entry = this.codes.get(code);
    this.codes.delete(code);
    return entry !== undefined && entry.expiresAt > Date.now() ? entry.loginKey : undefined;
  }

  private prune(): void {
    const now = Date.now();
    for (const [state, consent] of this.consents) if (consent.expiresAt <= now) this.consents.delete(state);
    for (const [code, entry] of this.codes) if (entry.expiresAt <= now) this.codes.delete(code);
  }
}
