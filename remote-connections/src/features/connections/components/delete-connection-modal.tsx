import type React from 'react';
import { useState } from 'react';
import type { Connection } from '@synctrade/api';
import { Button, Modal, Row } from '@synctrade/ui';
import { useConnectionStore } from '../store/connection-store';

/** Asks before deleting: a deleted connection's accounts stop copying and leave the Sync Desk. */
export function DeleteConnectionModal({
  connection,
  onClose,
}: {
  connection: Connection | null;
  onClose(): void;
}): React.JSX.Element {
  const removeConnection = useConnectionStore((state) => state.removeConnection);
  const [deleting, setDeleting] = useState(false);

  const confirm = async (): Promise<void> => {
    if (!connection) return;
    setDeleting(true);
    await removeConnection(connection);
    setDeleting(false);
    onClose();
  };

  return (
    <Modal open={connection !== null} title="Delete connection" onClose={onClose}>
      <p>
        Delete <strong>{connection?.connection_name}</strong>? Its accounts stop copying and leave the Sync
        Desk. You can connect the broker again later.
      </p>
      <Row>
        <Button type="button" $variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" $variant="danger" disabled={deleting} onClick={() => void confirm()}>
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </Row>
    </Modal>
  );
}
