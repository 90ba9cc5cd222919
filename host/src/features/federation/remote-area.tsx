import type React from 'react';
import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { Spinner } from '@synctrade/ui';
import { remoteNamed } from './remote-catalog';
import { loadedRemoteModule, loadRemoteModule, refreshRemote } from './remote-registry';
import { RemoteErrorBoundary } from './remote-error-boundary';

export interface RemoteAreaProps {
  /** The remote's name in `remotes.json`. */
  remote: string;
  /** The exposed module, without `./`. */
  module?: string;
  /** Spinner text while the remote loads. */
  loadingLabel?: string;
  /** The spinner covers the screen while the remote loads (a page that is the whole screen, the landing). */
  fullScreenLoading?: boolean;
}

/** One remote's area: loads it lazily, shows a spinner meanwhile, and an error with Retry if it fails. */
export function RemoteArea({
  remote,
  module = 'Routes',
  loadingLabel,
  fullScreenLoading = false,
}: RemoteAreaProps): React.JSX.Element {
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(
    () =>
      lazy(async () => {
        // A retry re-registers the remote first so a fixed or moved remote is fetched anew.
        if (attempt > 0) await refreshRemote(remote);
        return loadRemoteModule<ComponentType>(remote, module);
      }),
    [remote, module, attempt],
  );
  const name = remoteNamed(remote)?.displayName ?? remote;
  // Loaded already (the opened page's remote, or one shown before): rendered at once, without a Suspense
  // fallback that would hold it back for React's reveal throttle. A retry always loads anew.
  const Loaded = attempt === 0 ? loadedRemoteModule<ComponentType>(remote, module)?.default : undefined;
  return (
    // Keyed by remote too: two routes rendering RemoteArea at the same place must not share a caught error.
    <RemoteErrorBoundary
      key={`${remote}/${module}/${attempt}`}
      name={name}
      onRetry={() => setAttempt((n) => n + 1)}
    >
      {Loaded ? (
        <Loaded />
      ) : (
        <Suspense
          fallback={<Spinner fullScreen={fullScreenLoading} label={loadingLabel ?? `Loading ${name}`} />}
        >
          <Remote />
        </Suspense>
      )}
    </RemoteErrorBoundary>
  );
}
