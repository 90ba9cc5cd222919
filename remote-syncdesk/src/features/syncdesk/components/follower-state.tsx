import type React from 'react';
import { useState } from 'react';
import styled from 'styled-components';
import type { SyncAccount } from '@synctrade/api';
import { FOLLOWER_STATE_LABEL } from '../types';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { Badge, CellButton } from './desk-styles';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  margin-top: ${({ theme }) => theme.space(1)};
  white-space: normal;
  font-size: 12px;
  max-width: 260px;
`;

/** Why an account is not copying normally, on its own row; an out-of-sync follower gets a one-click Sync. */
export function FollowerState({ account }: { account: SyncAccount }): React.JSX.Element | null {
  const syncFollower = useSyncdeskStore((state) => state.syncFollower);
  const [busy, setBusy] = useState(false);
  if (!account.state || account.state === 'ok') return null;
  const label = FOLLOWER_STATE_LABEL[account.state] ?? account.state;
  const onSync = async (): Promise<void> => {
    setBusy(true);
    await syncFollower(account.id);
    setBusy(false);
  };
  return (
    <Box>
      <Badge $tone={account.state === 'out_of_sync' || account.state === 'rate_limited' ? 'warning' : 'danger'}>
        {label}
      </Badge>
      {account.state_reason && <span>{account.state_reason}</span>}
      {account.state === 'out_of_sync' && account.is_follower && (
        <CellButton type="button" disabled={busy} aria-label={`Sync ${account.accounts}`} onClick={() => void onSync()}>
          Sync
        </CellButton>
      )}
    </Box>
  );
}
