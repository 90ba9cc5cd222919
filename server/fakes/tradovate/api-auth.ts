import { type ApiResult, type Body, ok, str } from './api-reads';
import type { FakeContext } from './context';

const fail = (error: string, description: string): ApiResult => ({
  status: 400,
  body: { error, error_description: description },
});

/**
 * `auth/oauthtoken` (OAuthToken / OAuthTokenResponse in Tradovate's OpenAPI): the `authorization_code`
 * exchange and the `refresh_token` grant, JSON or form body, with OAuth-style errors.
 */
export function oauthToken(ctx: FakeContext, body: Body): ApiResult {
  const grant = str(body, 'grant_type');
  if (grant !== 'authorization_code' && grant !== 'refresh_token')
    return fail('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  if (ctx.clientId && str(body, 'client_id') !== ctx.clientId)
    return fail('invalid_client', 'Unknown client_id');
  if (ctx.clientSecret && str(body, 'client_secret') !== ctx.clientSecret)
    return fail('invalid_client', 'Wrong client_secret');
  if (grant === 'refresh_token') {
    const userId = ctx.tokens.userOfRefresh(str(body, 'refresh_token') ?? '');
    if (userId === undefined || ctx.faults.failRenewal)
      return fail('invalid_grant', 'The refresh token is unknown, revoked or expired');
    const token = ctx.tokens.issue(userId);
    return ok({
      access_token: token.accessToken,
      refresh_token: str(body, 'refresh_token'),
      token_type: 'Bearer',
      expires_in: token.lifetimeSec,
    });
  }
  return exchangeCode(ctx, body);
}

function exchangeCode(ctx: FakeContext, body: Body): ApiResult {
  const code = ctx.tokens.takeCode(str(body, 'code') ?? '');
  if (!code) return fail('invalid_grant', 'The code is unknown, used or expired');
  if (code.redirectUri !== str(body, 'redirect_uri'))
    return fail('invalid_grant', 'redirect_uri does not match the authorization request');
  const token = ctx.tokens.issue(code.userId);
  return ok({
    access_token: token.accessToken,
    ...(ctx.refreshTokens ? { refresh_token: ctx.tokens.issueRefresh(code.userId) } : {}),
    token_type: 'Bearer',
    expires_in: token.lifetimeSec,
  });
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
