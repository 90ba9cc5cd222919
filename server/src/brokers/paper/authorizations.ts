import { randomBytes, randomInt } from 'node:crypto';

export const CONSENT_TTL_MS = 10 * 60 * 1000;

export interface PendingConsent {
  redirectUri: string;
  environment: string;
}

/**
 * The paper broker's side of the OAuth-style flow: the consent page only accepts a `state` the adapter
 * handed out, and only redirects to the address registered with it, so it is not an open redirect. The server
 * keeps them in the database (`SqlPaperAuthorizations`), so any node of a cluster serves the page and the code.
 */
export interface PaperConsents {
  expect(state: string, redirectUri: string, environment: string): Promise<void>;
  pending(state: string): Promise<PendingConsent | undefined>;
  /** The user pressed Authorize: the consent is used up and a single-use code is issued. */
  approve(state: string): Promise<{ code: string; redirectUri: string } | undefined>;
  /** Spends a code: the paper login it stands for, once. */
  redeem(code: string): Promise<string | undefined>;
}

/** Digits of a paper login: a space of 10^12, and the login is checked unused before it is handed out. */
export const SIM_LOGIN_DIGITS = 12;
/** Draws of a login before giving up (a repeat is one in 10^12 per login held; a second one, never seen). */
export const SIM_LOGIN_DRAWS = 5;

/** A source of paper logins (tests force a repeat). */
export type PaperLoginSource = () => string;

export const randomPaperLogin: PaperLoginSource = () =>
  String(randomInt(10 ** (SIM_LOGIN_DIGITS - 1), 10 ** SIM_LOGIN_DIGITS));

export function newPaperCode(): string {
  return randomBytes(16).toString('hex');
}

/**
 * A login no one holds: drawn from `source` until `claim` takes it (claim answers false when it is taken).
 * Two traders drawing the same login would share its paper accounts.
 */
export async function drawPaperLogin(
  source: PaperLoginSource,
  claim: (login: string) => Promise<boolean>,
): Promise<string> {
  for (let draw = 1; draw <= SIM_LOGIN_DRAWS; draw += 1) {
    const login = source();
    if (await claim(login)) return login;
  }
  throw new Error(`No unused paper login after ${SIM_LOGIN_DRAWS} draws`);
}

/** In one process's memory: for engine tests that build a paper adapter without a database. */
export class PaperAuthorizations implements PaperConsents {
  private readonly logins = new Set<string>();
  constructor(private readonly source: PaperLoginSource = randomPaperLogin) {}
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
    const code = newPaperCode();
    const loginKey = await drawPaperLogin(this.source, async (login) => {
      if (this.logins.has(login)) return false;
      this.logins.add(login);
      return true;
    });
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
