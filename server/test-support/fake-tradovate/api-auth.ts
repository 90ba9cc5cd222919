import { type ApiResult, type Body, ok, str } from './api-reads';
import type { FakeContext } from './context';

/** `auth/oauthtoken`: the code exchange (JSON or form body), with OAuth-style errors. */
export function exchangeCode(ctx: FakeContext, body: Body): ApiResult {
  const fail = (error: string, description: string): ApiResult => ({
    status: 400,
    body: { error, error_description: description },
  });
  if (str(body, 'grant_type') !== 'authorization_code')
    return fail('unsupported_grant_type', 'grant_type must be authorization_code');
  if (ctx.clientId && str(body, 'client_id') !== ctx.clientId)
    return fail('invalid_client', 'Unknown client_id');
  if (ctx.clientSecret && str(body, 'client_secret') !== ctx.clientSecret)
    return fail('invalid_client', 'Wrong client_secret');
  const code = ctx.tokens.takeCode(str(body, 'code') ?? '');
  if (!code) return fail('invalid_grant', 'The code is unknown, used or expired');
  if (code.redirectUri !== str(body, 'redirect_uri'))
    return fail('invalid_grant', 'redirect_uri does not match the authorization request');
  const token = ctx.tokens.issue(code.userId);
  return ok({ access_token: token.accessToken, token_type: 'Bearer', expires_in: token.lifetimeSec });
}

/** `auth/renewaccesstoken`: a new token for a still-valid one (or a refusal when the switch is on). */
export function renewToken(ctx: FakeContext, userId: number | undefined): ApiResult {
  if (userId === undefined || ctx.faults.failRenewal)
    return { status: 401, body: { errorText: 'Access is denied: the token cannot be renewed' } };
  const token = ctx.tokens.issue(userId);
  const user = ctx.venue.users.get(userId);
  return ok({
    accessToken: token.accessToken,
    expirationTime: new Date(token.expiresAt).toISOString(),
    userId,
    name: user?.name,
    userStatus: 'Active',
    hasLive: true,
  });
}
