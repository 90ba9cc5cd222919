/** What a channel's service answered to one alert. */
export type SendOutcome =
  | { kind: 'sent'; holdMs?: number }
  /** Try again later: after `afterMs` when the service said so (429 `retry_after`), else with backoff. */
  | { kind: 'retry'; reason: string; afterMs?: number }
  /** Never going to work (a bad chat, a deleted webhook, a redirect): the row fails at once. */
  | { kind: 'refused'; reason: string };

/** A request to a service: no redirect is followed and a slow service is cut off. */
export async function postJson(
  url: string,
  body: unknown,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/** A thrown fetch error (time-out, refused connection) is worth another try. */
export function networkRetry(error: unknown): SendOutcome {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'request failed';
  return { kind: 'retry', reason };
}

export function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}
