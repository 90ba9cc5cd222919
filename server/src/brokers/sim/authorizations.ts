import { randomBytes, randomInt } from 'node:crypto';

export const CONSENT_TTL_MS = 10 * 60 * 1000;

export interface PendingConsent {
  redirectUri: string;
  environment: string;
}

/**
 * The paper broker's side of the OAuth-style flow: the consent page only accepts a `state` the adapter
 * handed out, and only redirects to the address registered with it, so it is not an open redirect. The server
 * keeps them in the database (`SqlSimAuthorizations`), so any node of a cluster serves the page and the code.
 */
export interface SimConsents {
  expect(state: string, redirectUri: string, environment: string): Promise<void>;
  pending(state: string): Promise<PendingConsent | undefined>;
  /** The user pressed Authorize: the consent is used up and a single-use code is issued. */
  approve(state: string): Promise<{ code: string; redirectUri: string } | undefined>;
  /** Spends a code: the paper login it stands for, once. */
  redeem(code: string): Promise<string | undefined>;
}

export function newSimCode(): { code: string; loginKey: string } {
  return { code: randomBytes(16).toString('hex'), loginKey: String(randomInt(100_000, 1_000_000)) };
}

/** In one process's memory: for engine tests that build a paper adapter without a database. */
export class SimAuthorizations implements SimConsents {
  private readonly consents = new Map<string, PendingConsent & { expiresAt: number }>();
  private readonly codes = new Map<string, { loginKey: string; expiresAt: number }>();

  async expect(state: string, redirectUri: string, environment: string): Promise<void> {
    this.prune();
    this.consents.set(state, { redirectUri, environment, expiresAt: Date.now() + CONSENT_TTL_MS });
  }

  async pending(state: string): Promise<PendingConsent | undefined> {
    const consent = this.consents.get(state);
    return consent !== undefined && consent.expiresAt > Date.now() ? consent : undefined;
  }

  async approve(state: string): Promise<{ code: string; redirectUri: string } | undefined> {
    const consent = await this.pending(state);
    if (consent === undefined) return undefined;
    this.consents.delete(state);
    const { code, loginKey } = newSimCode();
    this.codes.set(code, { loginKey, expiresAt: Date.now() + CONSENT_TTL_MS });
    return { code, redirectUri: consent.redirectUri };
  }

  async redeem(code: string): Promise<string | undefined> {
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
