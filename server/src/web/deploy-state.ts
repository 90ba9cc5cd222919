import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What `pnpm deploy:remote` wrote: per remote, the version `remotes.json` points at and the versions deployed
 * before it (newest last), so `pnpm rollback:remote` can step back. Versions live in immutable folders
 * `<deployDir>/remotes/<name>/<version>/`.
 */
export interface DeployState {
  remotes: Record<string, { current: string; history: string[] }>;
}

const VERSION = /^[A-Za-z0-9._-]+$/;

export function isSafeVersion(version: string): boolean {
  return VERSION.test(version) && version !== '.' && version !== '..';
}

/** Reads the state file; a missing or unreadable file means nothing was deployed (the build folders serve). */
export async function readDeployState(deployDir: string): Promise<DeployState> {
  try {
    const raw: unknown = JSON.parse(await readFile(path.join(deployDir, 'state.json'), 'utf8'));
    const remotes = (raw as { remotes?: unknown }).remotes;
    if (!remotes || typeof remotes !== 'object') return { remotes: {} };
    const clean: DeployState['remotes'] = {};
    for (const [name, entry] of Object.entries(remotes as Record<string, unknown>)) {
      const { current, history } = (entry ?? {}) as { current?: unknown; history?: unknown };
      if (typeof current === 'string' && isSafeVersion(current)) {
        clean[name] = {
          current,
          history: Array.isArray(history) ? history.filter((v): v is string => typeof v === 'string') : [],
        };
      }
    }
    return { remotes: clean };
  } catch {
    return { remotes: {} };
  }
}
