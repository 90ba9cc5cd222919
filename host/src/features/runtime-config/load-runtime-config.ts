import { configureApi } from '@synctrade/api';

export interface RuntimeConfig {
  apiBaseUrl?: string;
  feedUrl?: string;
}

async function fetchJson(url: string): Promise<unknown> {
  // no-store: a moved remote or API must show on the next reload, never from a cache.
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** Reads `/config.json` (written by whoever serves the host) and points the API client at it. */
export async function loadRuntimeConfig(): Promise<void> {
  try {
    const config = (await fetchJson('/config.json')) as RuntimeConfig;
    configureApi({ apiBaseUrl: config.apiBaseUrl, feedUrl: config.feedUrl });
  } catch (error: unknown) {
    // The build-time defaults still work when the file is missing.
    console.warn('runtime config: using build-time defaults', error);
  }
}

export { fetchJson };
