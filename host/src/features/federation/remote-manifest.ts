import { readStartupFile } from '../startup/startup-reads';

export interface RemoteEntry {
  name: string;
  /** URL of the remote's `mf-manifest.json`. */
  entry: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Parses `remotes.json`: either `{ "auth": "https://…/mf-manifest.json" }` or
 * `{ "remotes": [{ "name": "auth", "entry": "…" }] }`. Entries that are not valid are dropped with a warning.
 */
export function parseRemotes(data: unknown): RemoteEntry[] {
  const list: unknown[] =
    data && typeof data === 'object' && Array.isArray((data as { remotes?: unknown }).remotes)
      ? (data as { remotes: unknown[] }).remotes
      : data && typeof data === 'object'
        ? Object.entries(data as Record<string, unknown>).map(([name, entry]) => ({ name, entry }))
        : [];
  return list.flatMap((item) => {
    const { name, entry } = (item ?? {}) as { name?: unknown; entry?: unknown };
    if (typeof name === 'string' && NAME.test(name) && typeof entry === 'string' && entry.length > 0) {
      return [{ name, entry }];
    }
    console.warn('remotes.json: ignoring an invalid entry', item);
    return [];
  });
}

/** The remote list: the read started at start-up the first time, a fresh one after (a Retry). */
export async function fetchRemotes(): Promise<RemoteEntry[]> {
  return parseRemotes(await readStartupFile('/remotes.json'));
}
