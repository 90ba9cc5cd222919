import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Logs which remote failed and at which step, then lets the failure reach the host's loader: the loader turns
 * it into a `RemoteUnavailableError` that only that remote's error boundary shows. Nothing is returned, so the
 * runtime never substitutes a module silently and the shell keeps its own singletons.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'synctrade-remote-fallback',
    async errorLoadRemote({ id, error, lifecycle }) {
      console.error(`remote "${id}" failed during ${lifecycle}`, error);
      return undefined;
    },
  };
}
