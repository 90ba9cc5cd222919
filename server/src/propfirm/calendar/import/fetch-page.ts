/** Limits on one publisher fetch. */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  /** Redirects followed, and only to the same host. */
  maxRedirects: number;
}

export const DEFAULT_LIMITS: FetchLimits = { timeoutMs: 15_000, maxBytes: 2_000_000, maxRedirects: 3 };

function checkedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`Not a URL: ${raw}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`Only http(s) is fetched: ${raw}`);
  return url;
}

async function readCapped(response: Response, maxBytes: number, url: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new Error(`${url} is larger than ${maxBytes} bytes`);
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`${url} is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads a publisher's page as text: http(s) only, a time-out over the whole read, a size cap, and redirects
 * followed only within the same host (a mirror or a publisher redirecting elsewhere is refused, not trusted).
 */
export async function fetchPage(raw: string, limits: FetchLimits = DEFAULT_LIMITS): Promise<string> {
  const first = checkedUrl(raw);
  let url = first;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  for (let hop = 0; ; hop++) {
    const response = await fetch(url, { redirect: 'manual', signal, headers: { accept: '*/*' } });
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      await response.body?.cancel();
      if (location === null) throw new Error(`${url.href} answered ${response.status} without a location`);
      const next = checkedUrl(new URL(location, url).href);
      if (next.host !== first.host) throw new Error(`${url.href} redirects to another host (${next.host})`);
      if (hop >= limits.maxRedirects) throw new Error(`${raw}: too many redirects`);
      url = next;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${url.href} answered ${response.status}`);
    }
    return readCapped(response, limits.maxBytes, url.href);
  }
}
