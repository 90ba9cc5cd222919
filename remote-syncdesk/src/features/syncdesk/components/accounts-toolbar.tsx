import type React from 'react';
import { useState } from 'react';
import { Button, Row } from '@synctrade/ui';
import { useShallow } from 'zustand/react/shallow';
import { GroupDialogs } from '../groups/group-bar';
import { shownIds } from '../groups/shown-accounts';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { CancelOrdersConfirm } from '../confirm/cancel-orders-confirm';
import { DisableAllConfirm } from '../confirm/disable-all-confirm';
import { FlattenConfirm } from '../confirm/flatten-confirm';
import { ActionsMenu, type MenuAction } from './actions-menu';

interface AccountsToolbarProps {
  onChangeLeader(): void;
  onOpenGuide(): void;
  onOpenLimitations(): void;
}

type Bulk = 'cancel' | 'flatten';

/** The accounts panel's buttons. A bulk action disables its own button until the server answers. */
export function AccountsToolbar({
  onChangeLeader,
  onOpenGuide,
  onOpenLimitations,
}: AccountsToolbarProps): React.JSX.Element {
  const [busy, setBusy] = useState<Record<Bulk, boolean>>({ cancel: false, flatten: false });
  // Flatten all and Cancel all orders trade, and Disable all followers leaves positions unmanaged: each shows
  // what it will do and asks first.
  const [confirming, setConfirming] = useState<'flatten' | 'cancel' | 'disable' | null>(null);
  const [creatingGroup, setCreatingGroup] = useState(false);
  // Every button acts on the group shown (or on every account).
  const ids = useSyncdeskStore(useShallow(shownIds));
  const run = (key: Bulk, work: () => Promise<unknown>): void => {
    setBusy((state) => ({ ...state, [key]: true }));
    void work().finally(() => setBusy((state) => ({ ...state, [key]: false })));
  };
  const store = useSyncdeskStore.getState;
  const menu: MenuAction[] = [
    { label: 'Refresh accounts', onSelect: () => void store().loadAccounts() },
    { label: 'Refresh orders', onSelect: () => void store().loadOrders() },
    { label: 'SyncDesk Guide', onSelect: onOpenGuide },
    { label: 'Limitations', onSelect: onOpenLimitations },
    { label: 'New copy group', onSelect: () => setCreatingGroup(true) },
  ];
  return (
    <Row>
      <Button type="button" $variant="secondary" onClick={() => setConfirming('disable')}>
        Disable all followers
      </Button>
      <Button
        type="button"
        $variant="secondary"
        disabled={busy.cancel}
        onClick={() => setConfirming('cancel')}
      >
        Cancel all orders
      </Button>
      <Button
        type="button"
        $variant="danger"
        disabled={busy.flatten}
        onClick={() => {
          if (ids.length === 0) run('flatten', () => store().flattenAll());
          else setConfirming('flatten');
        }}
      >
        Flatten all
      </Button>
      <Button type="button" $variant="secondary" onClick={onChangeLeader}>
        Change leader
      </Button>
      <ActionsMenu actions={menu} />
      {confirming === 'flatten' && (
        <FlattenConfirm accountIds={ids} all onClose={() => setConfirming(null)} />
      )}
      {confirming === 'cancel' && <CancelOrdersConfirm onClose={() => setConfirming(null)} />}
      {confirming === 'disable' && <DisableAllConfirm onClose={() => setConfirming(null)} />}
      {creatingGroup && <GroupDialogs dialog="create" group={null} close={() => setCreatingGroup(false)} />}
    </Row>
  );
}
