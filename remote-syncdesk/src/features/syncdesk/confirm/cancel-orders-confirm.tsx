import type React from 'react';
import { useState } from 'react';
import { DESK_CONFIRM } from '@synctrade/api';
import { Button, Modal, Muted } from '@synctrade/ui';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { WorkingOrders, workingOrdersOf } from './plan-lists';
import { useWorkingOrders } from './use-working-orders';
import { DialogActions as Actions } from '../components/dialog-parts';

/** Lists every working order Cancel all orders would cancel and asks to confirm. Mount only while open. */
export function CancelOrdersConfirm({ onClose }: { onClose(): void }): React.JSX.Element {
  const cancelAllOrders = useSyncdeskStore((state) => state.cancelAllOrders);
  const working = useWorkingOrders();
  const [sending, setSending] = useState(false);
  const none = working.status === 'ready' && workingOrdersOf(working).length === 0;

  const confirm = async (): Promise<void> => {
    setSending(true);
    await cancelAllOrders();
    setSending(false);
    onClose();
  };

  return (
    <Modal open title={DESK_CONFIRM.cancelOrdersTitle} onClose={onClose}>
      {none ? (
        <Muted>{DESK_CONFIRM.noWorkingOrders}</Muted>
      ) : (
        <>
          <p>{DESK_CONFIRM.cancelOrdersHint}</p>
          <WorkingOrders label="Orders canceled" state={working} />
        </>
      )}
      <Actions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          {DESK_CONFIRM.keepOrders}
        </Button>
        <Button type="button" $variant="danger" disabled={sending || none} onClick={() => void confirm()}>
          {DESK_CONFIRM.confirmCancelOrders}
        </Button>
      </Actions>
    </Modal>
  );
}
