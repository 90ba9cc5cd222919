import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteOfPage } from './page-remotes';
import { fetchRemotes, type RemoteEntry } from './remote-manifest';

let known = new Map<string, RemoteEntry>();
/** `<remote>/<module>` → the module, once loaded in this page. */
const loadedModules = new Map<string, { default: unknown }>();

/** Registers every remote of `remotes.json`. A failure leaves the shell up: each area reports its own error. */
export async function registerRuntimeRemotes(): Promise<void> {
  try {
    const remotes = await fetchRemotes();
    known = new Map(remotes.map((remote) => [remote.name, remote]));
    // Modules loaded under an earlier list may not be what this one points at.
    loadedModules.clear();
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
  // Only downloads: the remote runs when the shell is ready (loadPageRemote), and a failure is its area's.
  preloadRemote([{ nameOrAlias: remote, exposes: ['Routes'] }]).catch((error: unknown) => {
    console.warn(`could not preload the ${remote} remote`, error);
  });
}

/**
 * Loads the opened page's remote, for the shell to wait for before its first render: its area then renders it
 * at once, with no Suspense fallback, which once shown would hold the page back for React's reveal throttle
 * (300 ms). Settles either way: a failure is left for the area to show, with Retry.
 */
export async function loadPageRemote(pathname: string): Promise<void> {
  const remote = remoteOfPage(pathname);
  if (!remote || !known.has(remote)) return;
  await loadRemoteModule(remote, 'Routes').catch(() => undefined);
}

/**
 * Lets the opened page's remote ask for its first data while the shell renders: a loaded `Routes` module may
 * export `preload()`, which is called once, after the runtime config is read (the API's address is known).
 * A failure there is the remote's to show when it renders; it never stops the shell.
 */
export function startPageData(pathname: string): void {
  const remote = remoteOfPage(pathname);
  const routes = remote ? loadedModules.get(`${remote}/Routes`) : undefined;
  const preload = (routes as { preload?: unknown } | undefined)?.preload;
  if (typeof preload !== 'function') return;
  try {
    preload();
  } catch (error: unknown) {
    console.warn(`the ${remote} remote could not start its data`, error);
  }
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
  for (const key of loadedModules.keys()) if (key.startsWith(`${name}/`)) loadedModules.delete(key);
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
    loadedModules.set(`${remote}/${module}`, loaded);
    return loaded;
  } catch (error: unknown) {
    throw new RemoteUnavailableError(remote, error);
  }
}

/** `<remote>/<module>` if it has loaded in this page already, else undefined. */
export function loadedRemoteModule<T>(remote: string, module: string): { default: T } | undefined {
  return loadedModules.get(`${remote}/${module}`) as { default: T } | undefined;
}

/** For tests: what the registry knows. */
export function knownRemotes(): RemoteEntry[] {
  return [...known.values()];
}
