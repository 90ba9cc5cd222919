import type React from 'react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, ErrorPanel, Page, PageHeader, Row, Spinner } from '@synctrade/ui';
import { useBrokerStore, useConnectionStore } from '../../connections';
import { AccountFirms } from '../../prop-firms';
import { AccountsSection } from './accounts-section';
import { DetailsTable } from './details-table';
import { SupportedBrokersModal } from './supported-brokers-modal';

/** `/connections/:id`: one connection, its accounts and which of them are enabled. */
export function DetailsPage(): React.JSX.Element {
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const details = useConnectionStore((state) => state.details);
  const status = useConnectionStore((state) => state.detailsStatus);
  const error = useConnectionStore((state) => state.detailsError);
  const fetchDetails = useConnectionStore((state) => state.fetchDetails);
  const fetchBrokers = useBrokerStore((state) => state.fetchBrokers);
  const [brokersOpen, setBrokersOpen] = useState(false);

  useEffect(() => {
    void fetchDetails(id);
    void fetchBrokers();
  }, [id, fetchDetails, fetchBrokers]);

  const shown = details?.connection.id === id ? details : null;

  return (
    <Page>
      <Row>
        <Button type="button" $variant="ghost" onClick={() => navigate('/connections')}>
          <span aria-hidden="true">&larr;</span> Back
        </Button>
      </Row>
      <PageHeader>
        {/* The trader named the connection; its number is an internal id they never chose. */}
        <h1>{shown ? `Connection details: ${shown.connection.connection_name}` : 'Connection details'}</h1>
        <Button type="button" $variant="secondary" onClick={() => setBrokersOpen(true)}>
          Supported brokers
        </Button>
      </PageHeader>
      {!shown && status === 'error' && (
        <ErrorPanel
          title="Connection details could not be loaded"
          message={error ?? ''}
          onRetry={() => void fetchDetails(id)}
        />
      )}
      {!shown && status !== 'error' && <Spinner label="Loading connection details" />}
      {shown && (
        <>
          <DetailsTable details={shown} />
          <AccountsSection details={shown} />
          <AccountFirms accounts={shown.accounts} />
        </>
      )}
      <SupportedBrokersModal open={brokersOpen} onClose={() => setBrokersOpen(false)} />
    </Page>
  );
}
