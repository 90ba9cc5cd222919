import type React from 'react';
import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '@synctrade/ui';

type SignedInArea = typeof import('./signed-in-area');

let area: Promise<SignedInArea> | undefined;
let loaded: SignedInArea | undefined;

/**
 * Starts loading the signed-in screens (once). The host calls it at start when a token is stored, so a
 * returning trader's layout arrives alongside the rest instead of after it.
 */
export function preloadSignedInArea(): Promise<SignedInArea> {
  area ??= import(/* webpackChunkName: "signed-in-area" */ './signed-in-area').then((module) => {
    loaded = module;
    return module;
  });
  return area;
}

function lazyScreen(pick: (module: SignedInArea) => ComponentType, fullScreen: boolean): React.ComponentType {
  const Screen = lazy(async () => ({ default: pick(await preloadSignedInArea()) }));
  return function SignedInScreen(): React.JSX.Element {
    // Already here: rendered at once. A Suspense fallback, once shown, holds the content back for React's
    // reveal throttle (300 ms), so it is only used when the chunk really is still on its way.
    if (loaded) {
      const Loaded = pick(loaded);
      return <Loaded />;
    }
    return (
      <Suspense fallback={<Spinner fullScreen={fullScreen} label="Loading SyncTrade" />}>
        <Screen />
      </Suspense>
    );
  };
}

// The guard and the layout cover the screen while they load; a page inside the layout only its own area.
export const RequireAuth = lazyScreen((module) => module.RequireAuth, true);
export const ShellLayout = lazyScreen((module) => module.ShellLayout, true);
export const HomePage = lazyScreen((module) => module.HomePage, false);
export const NotificationsPage = lazyScreen((module) => module.NotificationsPage, false);
