import type React from 'react';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { LandingPage } from '../features/landing';

const InfoRoute = lazy(() => import('./info-route'));

/**
 * The remote's screens: the landing at `/` and the public text pages (legal, contact, guides). The host
 * mounts the remote at several paths of its own (shared/config/remotes.json), so the page is chosen by the
 * whole address rather than by nested routes relative to one mount point.
 */
export default function LandingRoutes(): React.JSX.Element {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return <LandingPage />;
  return (
    <Suspense fallback={<main aria-busy="true" />}>
      <InfoRoute path={path} />
    </Suspense>
  );
}
