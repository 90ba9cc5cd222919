import { configureApi } from '@synctrade/api';
import { readStartupFile } from '../startup/startup-reads';

export interface RuntimeConfig {
  apiBaseUrl?: string;
  feedUrl?: string;
}

/** Reads `/config.json` (written by whoever serves the host) and points the API client at it. */
export async function loadRuntimeConfig(): Promise<void> {
  try {
    const config = (await readStartupFile('/config.json')) as RuntimeConfig;
    configureApi({ apiBaseUrl: config.apiBaseUrl, feedUrl: config.feedUrl });
  } catch (error: unknown) {
    // The build-time defaults still work when the file is missing.
    console.warn('runtime config: using build-time defaults', error);
  }
}
