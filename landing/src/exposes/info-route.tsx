import type React from 'react';
import { Link } from 'react-router';
import { InfoPageView, infoPageAt } from '../features/pages';

/**
 * A public text page (legal, contact, guides) by its address, or "Page not found". Loaded only when such an
 * address is opened: the pages' text would otherwise weigh on the landing's first load (about 6 KB of gzip).
 */
export default function InfoRoute({ path }: { path: string }): React.JSX.Element {
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
