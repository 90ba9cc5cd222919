import type React from 'react';
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { DESK_CONFIRM } from '@synctrade/api';
import { Button, Modal, Muted } from '@synctrade/ui';
import { listAccounts } from '../store/merge-accounts';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { flattenPlan } from './desk-plans';
import { PlannedOrders, WorkingOrders, workingOrdersOf } from './plan-lists';
import { useWorkingOrders } from './use-working-orders';
import { DialogActions as Actions } from '../components/dialog-parts';

interface FlattenConfirmProps {
  /** The accounts to flatten: one row's, or every account for Flatten all. */
  accountIds: readonly number[];
  all: boolean;
  onClose(): void;
}

/** Shows the closing orders and the working orders that go before Flatten is sent. Mount only while open. */
export function FlattenConfirm({ accountIds, all, onClose }: FlattenConfirmProps): React.JSX.Element {
  const accounts = useSyncdeskStore(useShallow(listAccounts));
  const flatten = useSyncdeskStore((state) => state.flatten);
  const working = useWorkingOrders();
  const [sending, setSending] = useState(false);
  const closing = flattenPlan(accounts, accountIds);
  const canceling = workingOrdersOf(working, accountIds);
  const nothing = closing.length === 0 && working.status === 'ready' && canceling.length === 0;

  const confirm = async (): Promise<void> => {
    setSending(true);
    await flatten([...accountIds]);
    setSending(false);
    onClose();
  };

  return (
    <Modal open title={all ? DESK_CONFIRM.flattenAllTitle : DESK_CONFIRM.flattenOneTitle} onClose={onClose}>
      {nothing ? (
        <Muted>{DESK_CONFIRM.flattenNothing}</Muted>
      ) : (
        <>
          <p>{DESK_CONFIRM.flattenHint}</p>
          {closing.length > 0 && <PlannedOrders label="Positions closed" orders={closing} />}
          <WorkingOrders label="Orders canceled" state={working} accountIds={accountIds} />
        </>
      )}
      <Actions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" $variant="danger" disabled={sending} onClick={() => void confirm()}>
          {DESK_CONFIRM.confirmFlatten}
        </Button>
      </Actions>
    </Modal>
  );
}
