import { BrokerError, type BrokerCredentials, type Environment } from '../types';
import type { TradovateConfig, TradovateTimings } from './config';
import { asRecord, isRecord, optNumber, optString, preview } from './json';

export function buildAuthorizeUrl(
  config: TradovateConfig,
  params: { state: string; environment: Environment; redirectUri: string },
): string {
  const url = new URL(config.oauthUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', params.redirectUri);
  url.searchParams.set('state', params.state);
  return url.toString();
}

/** Exchanges the consent page's code for a token (JSON body; the token URL is the live host's by default). */
export async function exchangeCode(
  config: TradovateConfig,
  timings: TradovateTimings,
  params: { code: string; redirectUri: string },
): Promise<BrokerCredentials> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        grant_type: 'authorization_code',
        code: params.code,
        redirect_uri: params.redirectUri,
        client_id: config.clientId,
        client_secret: config.clientSecret,
      }),
      signal: AbortSignal.timeout(timings.requestTimeoutMs),
    });
    text = await response.text();
  } catch (error: unknown) {
    const why = error instanceof Error ? error.message : String(error);
    throw new BrokerError(`Tradovate's token service is unreachable (${why})`, 'unavailable');
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new BrokerError(
      `Tradovate's token service sent a malformed reply: ${preview(text)}`,
      'unavailable',
    );
  }
  if (isRecord(data) && (data.error !== undefined || data.errorText !== undefined)) {
    const reason =
      optString(data, 'error_description') ?? optString(data, 'errorText') ?? optString(data, 'error');
    throw new BrokerError(
      `Tradovate refused the authorization: ${reason ?? 'unknown error'}`,
      'unauthorized',
    );
  }
  if (response.status === 429)
    throw new BrokerError(
      'Tradovate rate limit reached during authorization',
      'rate_limited',
      Date.now() + 60_000,
    );
  if (!response.ok)
    throw new BrokerError(`Tradovate's token service answered HTTP ${response.status}`, 'unauthorized');
  return credentialsFromToken(asRecord(data, 'token reply'));
}

/** Reads both shapes: OAuth `{access_token, expires_in}` and Tradovate's `{accessToken, expirationTime}`. */
export function credentialsFromToken(
  data: Record<string, unknown>,
  previous?: BrokerCredentials,
): BrokerCredentials {
  const accessToken = optString(data, 'access_token') ?? optString(data, 'accessToken');
  if (!accessToken)
    throw new BrokerError(`Tradovate sent a token reply without a token: ${preview(data)}`, 'unauthorized');
  const expiresIn = optNumber(data, 'expires_in');
  const expirationTime = optString(data, 'expirationTime');
  const expiresAt =
    expiresIn !== undefined
      ? Date.now() + expiresIn * 1000
      : expirationTime && Number.isFinite(Date.parse(expirationTime))
        ? Date.parse(expirationTime)
        : Date.now() + 80 * 60 * 1000;
  const refreshToken = optString(data, 'refresh_token') ?? previous?.refreshToken;
  const userId = optNumber(data, 'userId');
  return {
    accessToken,
    expiresAt,
    ...(refreshToken ? { refreshToken } : {}),
    ...(userId !== undefined
      ? { brokerUserId: String(userId) }
      : previous?.brokerUserId
        ? { brokerUserId: previous.brokerUserId }
        : {}),
  };
}
