import type React from 'react';
import { useState } from 'react';
import { Button, Row } from '@synctrade/ui';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { ActionsMenu, type MenuAction } from './actions-menu';

interface AccountsToolbarProps {
  onChangeLeader(): void;
  onOpenGuide(): void;
  onOpenLimitations(): void;
}

type Bulk = 'disable' | 'cancel' | 'flatten';

/** The accounts panel's buttons. A bulk action disables its own button until the server answers. */
export function AccountsToolbar({
  onChangeLeader,
  onOpenGuide,
  onOpenLimitations,
}: AccountsToolbarProps): React.JSX.Element {
  const [busy, setBusy] = useState<Record<Bulk, boolean>>({ disable: false, cancel: false, flatten: false });
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
  ];
  return (
    <Row>
      <Button
        type="button"
        $variant="secondary"
        disabled={busy.disable}
        onClick={() => run('disable', () => store().disableAllFollowers())}
      >
        Disable all followers
      </Button>
      <Button
        type="button"
        $variant="secondary"
        disabled={busy.cancel}
        onClick={() => run('cancel', () => store().cancelAllOrders())}
      >
        Cancel all orders
      </Button>
      <Button
        type="button"
        $variant="danger"
        disabled={busy.flatten}
        onClick={() => run('flatten', () => store().flattenAll())}
      >
        Flatten all
      </Button>
      <Button type="button" $variant="secondary" onClick={onChangeLeader}>
        Change leader
      </Button>
      <ActionsMenu actions={menu} />
    </Row>
  );
}
