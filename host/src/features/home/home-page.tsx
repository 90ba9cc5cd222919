import type React from 'react';
import { Page, PageHeader } from '@synctrade/ui';
import { RemoteArea } from '../federation/remote-area';
import { CopyCockpit } from './cockpit/copy-cockpit';
import { GettingStartedGuide } from './getting-started-guide';
import { MarketTiles } from './market-tiles';

/** Home (`/dashboard`): the copier's cockpit first, then the spec's tiles and connections. The greeting is the spec's text, comma and all. */
export function HomePage(): React.JSX.Element {
  return (
    <Page>
      <PageHeader>
        <h1>Welcome back,Trader</h1>
        <GettingStartedGuide />
      </PageHeader>
      <CopyCockpit />
      <MarketTiles />
      <RemoteArea remote="connections" module="ConnectionsSummary" loadingLabel="Loading connections" />
    </Page>
  );
}
