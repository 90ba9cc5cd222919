import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteOfPage } from './page-remotes';
import { fetchRemotes, type RemoteEntry } from './remote-manifest';

let known = new Map<string, RemoteEntry>();

/** Registers every remote of `remotes.json`. A failure leaves the shell up: each area reports its own error. */
export async function registerRuntimeRemotes(): Promise<void> {
  try {
    const remotes = await fetchRemotes();
    known = new Map(remotes.map((remote) => [remote.name, remote]));
    registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
  } catch (error: unknown) {
    console.error('remotes.json could not be loaded', error);
  }
}

let startup: Promise<void> | undefined;

/**
 * The registration of the page's start, done once: the entry begins it and, as soon as the list is there,
 * fetches the remote of the opened page (its remoteEntry and the chunks of its routes) while the shell's own
 * code is still loading; the shell waits for the same registration before its first render.
 */
export function registerRemotesAtStartup(pathname: string): Promise<void> {
  startup ??= registerRuntimeRemotes().then(() => preloadPageRemote(pathname));
  return startup;
}

function preloadPageRemote(pathname: string): void {
  const remote = remoteOfPage(pathname);
  if (!remote || !known.has(remote)) return;
  // Only downloads: the remote runs when its area renders, and a failure is reported by that area.
  preloadRemote([{ nameOrAlias: remote, exposes: ['Routes'] }]).catch((error: unknown) => {
    console.warn(`could not preload the ${remote} remote`, error);
  });
}

/**
 * Before a retry: reads `remotes.json` again (the remote may have moved or been rolled back) and registers the
 * remote anew with `force`, which drops the federation runtime's cached failure.
 */
export async function refreshRemote(name: string): Promise<void> {
  try {
    const remotes = await fetchRemotes();
    const fresh = remotes.find((remote) => remote.name === name);
    if (fresh) known.set(name, fresh);
  } catch (error: unknown) {
    console.warn('remotes.json could not be reloaded; retrying with the known entry', error);
  }
  const remote = known.get(name);
  if (remote) registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : `The ${remote} remote could not be loaded`);
    this.name = 'RemoteUnavailableError';
  }
}

/** Loads `<remote>/<module>` and returns its default export. */
export async function loadRemoteModule<T>(remote: string, module: string): Promise<{ default: T }> {
  if (!known.has(remote))
    throw new RemoteUnavailableError(remote, new Error(`${remote} is not in remotes.json`));
  try {
    const loaded = await loadRemote<{ default: T }>(`${remote}/${module}`);
    if (!loaded || typeof loaded !== 'object' || !('default' in loaded)) {
      throw new Error(`${remote}/${module} has no default export`);
    }
    return loaded;
  } catch (error: unknown) {
    throw new RemoteUnavailableError(remote, error);
  }
}

/** For tests: what the registry knows. */
export function knownRemotes(): RemoteEntry[] {
  return [...known.values()];
}
