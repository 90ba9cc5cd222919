/**
 * A stand-in for the federation runtime in component tests: remotes are registered in memory and "load" as
 * modules the test provides. The real runtime is exercised by the browser tests.
 */
type Factory = () => Promise<unknown>;

const registered = new Map<string, string>();
const modules = new Map<string, Factory>();
export const registerCalls: { name: string; entry: string; force: boolean }[] = [];

export function registerRemotes(
  remotes: { name: string; entry: string }[],
  options?: { force?: boolean },
): void {
  for (const remote of remotes) {
    registered.set(remote.name, remote.entry);
    registerCalls.push({ ...remote, force: Boolean(options?.force) });
  }
}

export async function loadRemote<T>(id: string): Promise<T> {
  const factory = modules.get(id);
  if (!factory) throw new Error(`remote module ${id} is unreachable`);
  return (await factory()) as T;
}

export function registerPlugins(): void {}

export async function preloadRemote(): Promise<void> {}

/** Test control: what `loadRemote(id)` resolves to (or how it fails). */
export function provideRemoteModule(id: string, factory: Factory): void {
  modules.set(id, factory);
}

export function resetRuntimeDouble(): void {
  registered.clear();
  modules.clear();
  registerCalls.length = 0;
}

export type ModuleFederationRuntimePlugin = { name: string };
