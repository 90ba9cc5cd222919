import { createHmac, randomBytes, randomUUID } from 'node:crypto';

/**
 * The gateway's session token is a JWT (`Auth/loginKey` → `token`, ~24 h; broker notes "JWT ~24 h", the
 * realtime sample passes it as `access_token`). The fake signs HS256 tokens with a key of its own process, with
 * the claims clients decode (`exp`, `iat`, a name claim) so a client that reads `exp` to plan its renewal works.
 * Written with node:crypto: the ESM-only `jose` cannot load under the CommonJS test runner (as `src/security/jwt.ts`).
 */
const KEY = randomBytes(32);
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export function signGatewayToken(userName: string, lifetimeMs: number): string {
  const iat = Math.floor(Date.now() / 1000);
  const payload = Buffer.from(
    JSON.stringify({
      sub: userName,
      'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name': userName,
      jti: randomUUID(),
      iat,
      exp: iat + Math.max(1, Math.ceil(lifetimeMs / 1000)),
    }),
  ).toString('base64url');
  const signature = createHmac('sha256', KEY).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

/** True for a token this process signed, untouched (the session table decides whether it is still valid). */
export function signedHere(token: string): boolean {
  const [header, payload, signature] = token.split('.');
  if (header !== HEADER || payload === undefined || signature === undefined) return false;
  return createHmac('sha256', KEY).update(`${header}.${payload}`).digest('base64url') === signature;
}
