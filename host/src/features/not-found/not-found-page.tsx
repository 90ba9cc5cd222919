import type React from 'react';
import { Link } from 'react-router';
import { Page } from '@synctrade/ui';

export function NotFoundPage(): React.JSX.Element {
  return (
    <Page>
      <h1>Page not found</h1>
      <p>The address you opened does not exist.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </Page>
  );
}
