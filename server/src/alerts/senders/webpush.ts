import type webpush from 'web-push';
import type { AlertPayload } from '../events';
import { isRedirect, networkRetry, type SendOutcome } from './send-outcome';

/**
 * The browsers' push services a subscription may point at: the server posts only to these (and to the operator's
 * PUSH_TEST_HOSTS), so a pasted endpoint cannot make it call another host.
 */
const PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /\.notify\.windows\.com$/,
  /^web\.push\.apple\.com$/,
];

export function isPushEndpoint(raw: string, testHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:' && url.port === '' && PUSH_HOSTS.some((host) => host.test(url.hostname)))
    return true;
  return (url.protocol === 'http:' || url.protocol === 'https:') && testHosts.includes(url.host);
}

export interface Vapid {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The notification the service worker shows: title, body, and the screen a tap opens. */
export function pushMessage(payload: AlertPayload): string {
  return JSON.stringify({ title: payload.title, body: payload.text, url: payload.url });
}

function seconds(value: string | null): number | undefined {
  const parsed = value === null ? NaN : Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
}

/**
 * The library's headers as fetch takes them: strings, without Content-Length. fetch sets the length from the body;
 * given by hand it is refused ("invalid content-length header") once the undici package (a newer one than Node's,
 * loaded by the ProjectX gateway) holds the global dispatcher, so every push from the running server failed.
 */
export function requestHeaders(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * RFC 8030 push with the payload encrypted (RFC 8291, aes128gcm) and a VAPID JWT (RFC 8292), both made by the
 * web-push library; the request itself is ours, so no redirect is followed and a slow service is cut off.
 */
export async function sendWebPush(
  target: PushTarget,
  payload: AlertPayload,
  options: { vapid: Vapid; timeoutMs: number; testHosts: readonly string[] },
): Promise<SendOutcome> {
  if (!isPushEndpoint(target.endpoint, options.testHosts))
    return { kind: 'refused', reason: 'Not a push service endpoint' };
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  // The library loads with the first push: a server that sends none does not hold it (issue 48, idle memory).
  const library = (await import('web-push')).default;
  try {
    details = library.generateRequestDetails(target, pushMessage(payload), {
      vapidDetails: options.vapid,
      TTL: 24 * 3600,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    });
  } catch (error) {
    return { kind: 'refused', reason: error instanceof Error ? error.message : 'bad subscription' };
  }
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers: requestHeaders(details.headers),
      body: details.body === null ? undefined : new Uint8Array(details.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    return networkRetry(error);
  }
  if (isRedirect(response.status))
    return { kind: 'refused', reason: `Push service answered a redirect (${response.status})` };
  if (response.ok) return { kind: 'sent' };
  const reason = `Push service ${response.status}`;
  if (response.status === 429) {
    const after = seconds(response.headers.get('retry-after'));
    return { kind: 'retry', reason, afterMs: after === undefined ? undefined : after * 1000 };
  }
  if (response.status >= 500) return { kind: 'retry', reason };
  // 404/410: the subscription is gone (RFC 8030 §7.3); 400/401/403/413: this request will never pass.
  return { kind: 'refused', reason };
}
