import { createPublicKey, verify } from 'node:crypto';

export interface VapidClaims {
  aud: string;
  exp: number;
  sub?: string;
}

/**
 * Checks an RFC 8292 `Authorization: vapid t=<JWT>, k=<key>` header: the JWT is ES256 (RFC 7518 §3.4, the
 * signature r||s), signed by the key `k` (uncompressed P-256, base64url), its `aud` the push service's origin and
 * its `exp` at most 24 hours ahead (RFC 8292 §2). Answers the claims or throws with the reason.
 */
export function checkVapid(
  header: string | undefined,
  origin: string,
  nowSeconds: number,
): VapidClaims & { key: string } {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match) throw new Error('no vapid authorization');
  const params = new Map(
    (match[1] ?? '').split(',').map((part) => {
      const [name, ...value] = part.trim().split('=');
      return [name ?? '', value.join('=')] as const;
    }),
  );
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new Error('vapid needs t and k');
  const [head = '', claims = '', signature = ''] = token.split('.');
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as {
    alg?: string;
    typ?: string;
  };
  if (header64.alg !== 'ES256') throw new Error(`JWT alg ${String(header64.alg)} is not ES256`);
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('JWT signature does not verify with k');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Partial<VapidClaims>;
  if (body.aud !== origin) throw new Error(`aud ${String(body.aud)} is not ${origin}`);
  if (typeof body.exp !== 'number' || body.exp <= nowSeconds) throw new Error('JWT expired');
  if (body.exp > nowSeconds + 24 * 3600) throw new Error('exp more than 24 hours ahead');
  return { aud: body.aud, exp: body.exp, sub: body.sub, key };
}
