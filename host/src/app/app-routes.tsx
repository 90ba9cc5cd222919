import type React from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RedirectIfSignedIn } from '../features/auth/redirect-if-signed-in';
import { REMOTES, type RemoteIdentity } from '../features/federation/remote-catalog';
import { RemoteArea } from '../features/federation/remote-area';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { HomePage, NotificationsPage, RequireAuth, ShellLayout } from './lazy-signed-in-area';

const PUBLIC_REMOTES = REMOTES.filter((remote) => remote.access === 'public');
const SIGNED_IN_REMOTES = REMOTES.filter((remote) => remote.access === 'signed-in');

/** A public page's area: the landing is the whole screen, and a signed-in trader skips the sign-in form. */
function publicArea(remote: RemoteIdentity, path: string): React.JSX.Element {
  // The landing's loading spinner continues the start-up one (spec section 2).
  const area = <RemoteArea key={remote.name} remote={remote.name} fullScreenLoading={path === '/'} />;
  return path === '/login' ? <RedirectIfSignedIn>{area}</RedirectIfSignedIn> : area;
}

/**
 * The route table of the spec (section 2): each route resolves to the package that owns it. The remotes and
 * their paths come from the product's one list of remotes (shared/config/remotes.json); a signed-in remote owns
 * everything under its path.
 */
export function AppRoutes(): React.JSX.Element {
  return (
    <Routes>
      {PUBLIC_REMOTES.flatMap((remote) =>
        remote.paths.map((path) => <Route key={path} path={path} element={publicArea(remote, path)} />),
      )}
      <Route element={<RequireAuth />}>
        <Route element={<ShellLayout />}>
          <Route path="/dashboard" element={<HomePage />} />
          <Route path="/trade-history" element={<Navigate to="/trade-history/dashboard" replace />} />
          {SIGNED_IN_REMOTES.flatMap((remote) =>
            remote.paths.map((path) => (
              <Route
                key={path}
                path={`${path}/*`}
                element={<RemoteArea key={remote.name} remote={remote.name} />}
              />
            )),
          )}
          <Route path="/notifications" element={<NotificationsPage />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
