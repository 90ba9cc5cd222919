import { createHmac, timingSafeEqual } from 'node:crypto';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** HS256 access tokens with the spec's `user_id` claim, the session id in `sid`, `iat` and `exp`. */
export interface TokenSigner {
  sign(claims: AccessClaims): Promise<string>;
  /** Null for anything not HS256-signed by us, expired or malformed. The algorithm is pinned: `none` is refused. */
  verify(token: string): Promise<AccessClaims | null>;
}

// Written with node:crypto instead of a JWT library: the one algorithm we accept is fixed here, and the
// ESM-only `jose` cannot load under the CommonJS test runner.
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Tokens already verified, with their claims and expiry: a signed-in browser sends the same token with every
 * request, and its signature check and decoding were a sixth of a small read's server time. Only tokens that
 * passed every check are kept, so junk cannot fill it; the oldest go first past the cap.
 */
const VERIFIED_CAP = 10_000;

export function createTokenSigner(secret: string, ttlSeconds: number): TokenSigner {
  const mac = (input: string): Buffer => createHmac('sha256', secret).update(input).digest();
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  const check = (token: string): { claims: AccessClaims; expiresAtMs: number } | null => {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
    const header = decodeJson(headerPart);
    if (!header || header.alg !== 'HS256') return null;
    // Compared as text: base64url decoding forgives padding, stray characters and unused trailing bits, so
    // only the one canonical spelling of the signature is accepted.
    const expected = Buffer.from(mac(`${headerPart}.${payloadPart}`).toString('base64url'));
    const given = Buffer.from(signaturePart);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const payload = decodeJson(payloadPart);
    if (!payload) return null;
    const { user_id: userId, sid: sessionId, exp } = payload;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
    if (typeof userId !== 'number' || !Number.isInteger(userId) || typeof sessionId !== 'string') return null;
    return { claims: { userId, sessionId }, expiresAtMs: exp * 1000 };
  };
  return {
    async sign({ userId, sessionId }) {
      const now = Math.floor(Date.now() / 1000);
      const payload = Buffer.from(
        JSON.stringify({ user_id: userId, sid: sessionId, iat: now, exp: now + ttlSeconds }),
      ).toString('base64url');
      return `${HEADER}.${payload}.${mac(`${HEADER}.${payload}`).toString('base64url')}`;
    },
    async verify(token) {
      const now = Date.now();
      let entry = verified.get(token);
      if (entry === undefined) {
        const checked = check(token);
        if (checked === null || checked.expiresAtMs <= now) return null;
        if (verified.size >= VERIFIED_CAP) verified.delete(verified.keys().next().value as string);
        verified.set(token, checked);
        entry = checked;
      } else if (entry.expiresAtMs <= now) {
        verified.delete(token);
        return null;
      }
      return { ...entry.claims };
    },
  };
}
