import { randomBytes } from 'node:crypto';

interface Grant {
  userId: number;
  expiresAt: number;
}

interface Code {
  userId: number;
  redirectUri: string;
  clientId: string;
}

/** Access tokens and single-use OAuth codes of the fake; lifetimes are configurable to exercise renewal. */
export class TokenStore {
  private readonly tokens = new Map<string, Grant>();
  private readonly codes = new Map<string, Code>();
  private readonly refreshTokens = new Map<string, number>();

  constructor(public lifetimeSec: number) {}

  issue(
    userId: number,
    lifetimeSec = this.lifetimeSec,
  ): { accessToken: string; expiresAt: number; lifetimeSec: number } {
    const accessToken = `tv-${randomBytes(18).toString('base64url')}`;
    const expiresAt = Date.now() + lifetimeSec * 1000;
    this.tokens.set(accessToken, { userId, expiresAt });
    return { accessToken, expiresAt, lifetimeSec };
  }

  /** The user behind a live token, or undefined when the token is unknown, expired or revoked. */
  userOf(token: string | undefined): number | undefined {
    if (!token) return undefined;
    const grant = this.tokens.get(token);
    if (!grant || grant.expiresAt <= Date.now()) return undefined;
    return grant.userId;
  }

  revokeAllOf(userId: number): void {
    for (const [token, grant] of this.tokens) if (grant.userId === userId) this.tokens.delete(token);
    for (const [token, owner] of this.refreshTokens) if (owner === userId) this.refreshTokens.delete(token);
  }

  /** Ends one access token (the socket it authorized was closed past the connection quota). */
  revoke(token: string): void {
    this.tokens.delete(token);
  }

  issueRefresh(userId: number): string {
    const token = `rt-${randomBytes(18).toString('base64url')}`;
    this.refreshTokens.set(token, userId);
    return token;
  }

  userOfRefresh(token: string): number | undefined {
    return this.refreshTokens.get(token);
  }

  newCode(code: Code): string {
    const value = `code-${randomBytes(12).toString('base64url')}`;
    this.codes.set(value, code);
    return value;
  }

  /** Codes are single use. */
  takeCode(value: string): Code | undefined {
    const code = this.codes.get(value);
    this.codes.delete(value);
    return code;
  }
}

export function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match?.[1]?.trim();
}
