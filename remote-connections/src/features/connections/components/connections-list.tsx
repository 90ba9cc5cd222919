import type React from 'react';
import { useState } from 'react';
import { EMPTY, type Connection } from '@synctrade/api';
import { EmptyState, ErrorPanel, Spinner, CardTable, TableWrap } from '@synctrade/ui';
import { useConnectionStore } from '../store/connection-store';
import { ConnectionRow } from './connection-row';
import { DeleteConnectionModal } from './delete-connection-modal';

/** The connections table with its loading, failure and empty states. */
export function ConnectionsList(): React.JSX.Element {
  const connections = useConnectionStore((state) => state.connections);
  const status = useConnectionStore((state) => state.status);
  const error = useConnectionStore((state) => state.error);
  const fetchConnections = useConnectionStore((state) => state.fetchConnections);
  const [toDelete, setToDelete] = useState<Connection | null>(null);

  // A reload after an action keeps the table in place; only the first load shows the spinner.
  if (status === 'loading' && connections.length === 0) return <Spinner label="Loading connections" />;
  if (status === 'error' && connections.length === 0) {
    return (
      <ErrorPanel
        title="Connections could not be loaded"
        message={error ?? ''}
        onRetry={() => void fetchConnections()}
      />
    );
  }
  if (status === 'success' && connections.length === 0) return <EmptyState title={EMPTY.connections} />;

  return (
    <>
      <TableWrap>
        <CardTable>
          <caption className="sr-only">Your broker connections</caption>
          <thead>
            <tr>
              <th scope="col">Names</th>
              <th scope="col">Status</th>
              <th scope="col">Enabled</th>
              <th scope="col">Broker</th>
              <th scope="col">Accounts</th>
              <th scope="col">Details</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {connections.map((connection) => (
              <ConnectionRow key={connection.id} connection={connection} onDelete={setToDelete} />
            ))}
          </tbody>
        </CardTable>
      </TableWrap>
      <DeleteConnectionModal connection={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
