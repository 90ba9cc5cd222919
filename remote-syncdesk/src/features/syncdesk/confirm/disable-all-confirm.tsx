import type React from 'react';
import { useState } from 'react';
import { DESK_CONFIRM } from '@synctrade/api';
import { Button, Modal } from '@synctrade/ui';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { DialogActions as Actions } from '../components/dialog-parts';

/**
 * Asks before Disable all followers: copying stops but nothing is closed, so the trader must know that open
 * positions are left unmanaged. Mount only while open.
 */
export function DisableAllConfirm({ onClose }: { onClose(): void }): React.JSX.Element {
  const disableAllFollowers = useSyncdeskStore((state) => state.disableAllFollowers);
  const [sending, setSending] = useState(false);

  const confirm = async (): Promise<void> => {
    setSending(true);
    await disableAllFollowers();
    setSending(false);
    onClose();
  };

  return (
    <Modal open title={DESK_CONFIRM.disableAllTitle} onClose={onClose}>
      <p>{DESK_CONFIRM.disableAllHint}</p>
      <Actions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          {DESK_CONFIRM.keepCopying}
        </Button>
        <Button type="button" $variant="danger" disabled={sending} onClick={() => void confirm()}>
          {DESK_CONFIRM.confirmDisableAll}
        </Button>
      </Actions>
    </Modal>
  );
}
