import type React from 'react';
import { Link, useLocation } from 'react-router';
import { LandingPage } from '../features/landing';
import { InfoPageView, infoPageAt } from '../features/pages';

/**
 * The remote's screens: the landing at `/` and the public text pages (legal, contact, guides). The host
 * mounts the remote at several paths of its own (shared/config/remotes.json), so the page is chosen by the
 * whole address rather than by nested routes relative to one mount point.
 */
export default function LandingRoutes(): React.JSX.Element {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return <LandingPage />;
  const page = infoPageAt(path);
  if (page) return <InfoPageView page={page} />;
  return (
    <main>
      <h1>Page not found</h1>
      <p>The address you opened does not exist.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </main>
  );
}
