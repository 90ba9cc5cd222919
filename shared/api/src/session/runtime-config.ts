/** Where the API and the realtime feed live. Build-time defaults, overridable by the host's runtime config. */
export interface ApiConfig {
  /** Base of every call, `/api/v1` on the API host. */
  apiBaseUrl: string;
  /** The realtime accounts feed (WebSocket). */
  feedUrl: string;
}

declare const process: { env: Record<string, string | undefined> } | undefined;

function buildTimeEnv(name: string): string | undefined {
  // Webpack's DefinePlugin replaces `process.env.X`; in jest it is Node's own environment.
  try {
    return typeof process === 'undefined' ? undefined : process.env[name];
  } catch {
    return undefined;
  }
}

function defaultFeedUrl(): string {
  if (typeof window === 'undefined') return 'ws://localhost:3000/ws/accounts';
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/ws/accounts`;
}

const config: ApiConfig = {
  apiBaseUrl: buildTimeEnv('API_BASE_URL') || '/api/v1',
  feedUrl: buildTimeEnv('FEED_URL') || '',
};

/** Applies the runtime configuration (the host calls it with what `config.json` says). */
export function configureApi(overrides: Partial<ApiConfig>): void {
  if (overrides.apiBaseUrl) config.apiBaseUrl = overrides.apiBaseUrl;
  if (overrides.feedUrl) config.feedUrl = overrides.feedUrl;
}

export function apiConfig(): ApiConfig {
  return { apiBaseUrl: config.apiBaseUrl, feedUrl: config.feedUrl || defaultFeedUrl() };
}
