import type React from 'react';
import { useEffect, useState } from 'react';
import { Button, Page, PageHeader, Row } from '@synctrade/ui';
import { useConnectionStore } from '../store/connection-store';
import { useBrokerStore } from '../store/broker-store';
import { useReturnToast } from '../hooks/use-return-toast';
import { AddConnectionDrawer } from './add-connection-drawer';
import { ConnectionsList } from './connections-list';
import { HowToModal } from './how-to-modal';

/** `/connections`: the trader's broker connections, the connect flow and its return. */
export function ConnectionsPage(): React.JSX.Element {
  const fetchConnections = useConnectionStore((state) => state.fetchConnections);
  const fetchBrokers = useBrokerStore((state) => state.fetchBrokers);
  const [guideOpen, setGuideOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useReturnToast();

  useEffect(() => {
    void fetchConnections();
    void fetchBrokers();
  }, [fetchConnections, fetchBrokers]);

  return (
    <Page>
      <PageHeader>
        <h1>Connections Management</h1>
        <Row>
          <Button type="button" $variant="secondary" onClick={() => setGuideOpen(true)}>
            How to add a connection
          </Button>
          <Button type="button" onClick={() => setDrawerOpen(true)}>
            Add Connection
          </Button>
        </Row>
      </PageHeader>
      <ConnectionsList />
      <HowToModal open={guideOpen} onClose={() => setGuideOpen(false)} />
      <AddConnectionDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </Page>
  );
}
