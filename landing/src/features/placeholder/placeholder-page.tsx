import type React from 'react';
import { Card, Muted, Page, PageHeader } from '@synctrade/ui';

/** Shown until this remote's screens land: names the remote so a composed page shows who rendered it. */
export function PlaceholderPage(): React.JSX.Element {
  return (
    <Page>
      <PageHeader>
        <h1>SyncTrade</h1>
      </PageHeader>
      <Card>
        <p>
          This area is served by the <strong>landing</strong> remote.
        </p>
        <Muted>Its screens are on the way.</Muted>
      </Card>
    </Page>
  );
}
