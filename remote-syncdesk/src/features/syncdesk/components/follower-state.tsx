import type React from 'react';
import { useState } from 'react';
import styled from 'styled-components';
import type { FollowerState as State } from '@synctrade/api';
import { FOLLOWER_STATE_LABEL } from '../types';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { Badge, CellButton } from './desk-styles';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  margin-top: ${({ theme }) => theme.space(1)};
  font-size: 12px;
`;

interface FollowerStateProps {
  id: number;
  name: string;
  isFollower: boolean;
  state: State;
  reason: string | null;
}

/** Why an account is not copying normally, on its own row; an out-of-sync follower gets a one-click Sync. */
export function FollowerState({
  id,
  name,
  isFollower,
  state,
  reason,
}: FollowerStateProps): React.JSX.Element | null {
  const syncFollower = useSyncdeskStore((s) => s.syncFollower);
  const [busy, setBusy] = useState(false);
  if (!state || state === 'ok') return null;
  const label = FOLLOWER_STATE_LABEL[state] ?? state;
  const onSync = async (): Promise<void> => {
    setBusy(true);
    await syncFollower(id);
    setBusy(false);
  };
  return (
    <Box>
      <Badge $tone={state === 'out_of_sync' || state === 'rate_limited' ? 'warning' : 'danger'}>
        {label}
      </Badge>
      {reason && <span>{reason}</span>}
      {state === 'out_of_sync' && isFollower && (
        <CellButton type="button" disabled={busy} aria-label={`Sync ${name}`} onClick={() => void onSync()}>
          Sync
        </CellButton>
      )}
    </Box>
  );
}
