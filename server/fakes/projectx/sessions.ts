import { signGatewayToken, signedHere } from './jwt';
import type { FakeUser } from './model';

interface TokenRecord {
  userName: string;
  expiresAt: number;
  /** A later login of the same user ends this session. */
  ended: boolean;
}

/**
 * Tokens and the single-session rule: a user holds one session at a time, so a second login (or a
 * validate that hands out a new token) ends every earlier token of that user.
 */
export class Sessions {
  readonly users = new Map<string, FakeUser>();
  private readonly tokens = new Map<string, TokenRecord>();
  /** Called with the tokens a new login ended, so the hub can drop their connections. */
  onEnded: (tokens: string[]) => void = () => undefined;
  logins = 0;

  constructor(public tokenLifetimeMs: number) {}

  issue(userName: string): string {
    const ended: string[] = [];
    for (const [token, record] of this.tokens)
      if (record.userName === userName && !record.ended) {
        record.ended = true;
        ended.push(token);
      }
    const token = signGatewayToken(userName, this.tokenLifetimeMs);
    this.tokens.set(token, { userName, expiresAt: Date.now() + this.tokenLifetimeMs, ended: false });
    this.logins += 1;
    if (ended.length > 0) this.onEnded(ended);
    return token;
  }

  /** Renewal keeps the session: the old token stays valid until it expires, like a JWT would. */
  renew(token: string): string {
    const record = this.tokens.get(token)!;
    const fresh = signGatewayToken(record.userName, this.tokenLifetimeMs);
    this.tokens.set(fresh, {
      userName: record.userName,
      expiresAt: Date.now() + this.tokenLifetimeMs,
      ended: false,
    });
    return fresh;
  }

  userOf(token: string | undefined): string | null {
    if (token === undefined || !signedHere(token)) return null;
    const record = this.tokens.get(token);
    if (record === undefined || record.ended || record.expiresAt <= Date.now()) return null;
    return record.userName;
  }

  /** Ends every session of every user (a server-side logout, for tests). */
  endAll(): void {
    const ended: string[] = [];
    for (const [token, record] of this.tokens)
      if (!record.ended) {
        record.ended = true;
        ended.push(token);
      }
    this.onEnded(ended);
  }
}
