import type React from 'react';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useStore } from 'zustand';
import { authStore, errorMessage, getProfile, isCanceled, latestSignal, statusOf } from '@synctrade/api';
import { notify } from '@synctrade/ui';

/**
 * Fetches the profile each time a protected page mounts (spec section 2). Its own action: a page that loads
 * the profile for itself (Profile) must not be cancelled by this check, whichever of the two starts first.
 */
function useProfileOnMount(pathname: string): void {
  useEffect(() => {
    const { setUser, setLoading } = authStore.getState();
    setLoading(true);
    getProfile({ signal: latestSignal('profileOnMount') })
      .then((profile) => setUser(profile))
      .catch((error: unknown) => {
        if (isCanceled(error)) return;
        // 401/403 already cleared the session and left for /login; anything else is worth telling.
        const status = statusOf(error);
        if (status !== 401 && status !== 403) notify.error(errorMessage(error, 'profileLoad'));
      })
      .finally(() => setLoading(false));
  }, [pathname]);
}

function ProtectedOutlet(): React.JSX.Element {
  const { pathname } = useLocation();
  useProfileOnMount(pathname);
  return <Outlet />;
}

/** Protected pages need a stored access token; without one, go to /login keeping path and query as `from`. */
export function RequireAuth(): React.JSX.Element {
  const token = useStore(authStore, (state) => state.token);
  const sessionEnded = useStore(authStore, (state) => state.sessionEnded);
  const location = useLocation();
  // After logout or a revoked session the spec sends the user to /login itself, not back where they were.
  if (!token && sessionEnded) return <Navigate to="/login" replace />;
  if (!token) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace />;
  }
  return <ProtectedOutlet />;
}
