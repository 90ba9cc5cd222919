import { fetchJson } from './fetch-json';

/** What the shell reads before its first screen. */
const STARTUP_FILES = ['/config.json', '/remotes.json'] as const;

const started = new Map<string, Promise<unknown>>();

/**
 * Called first thing by the entry, so both files are on their way (together) while the shell's own code and
 * its shared libraries are still downloading, instead of after.
 */
export function startStartupReads(): void {
  for (const url of STARTUP_FILES) {
    const read = fetchJson(url);
    // Its reader reports a failure; this only keeps a read nobody took from being an unhandled rejection.
    read.catch(() => undefined);
    started.set(url, read);
  }
}

/** The read of `url` started at start-up, taken once; any later read (a Retry) fetches anew. */
export function readStartupFile(url: string): Promise<unknown> {
  const read = started.get(url);
  started.delete(url);
  return read ?? fetchJson(url);
}
