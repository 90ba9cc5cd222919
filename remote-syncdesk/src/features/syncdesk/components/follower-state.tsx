import type React from 'react';
import { useState } from 'react';
import styled from 'styled-components';
import type { FollowerThrottle, FollowerState as State } from '@synctrade/api';
import { FOLLOWER_STATE_LABEL } from '../types';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { Badge, CellButton } from './desk-styles';
import { PaceWarning, ThrottleNote } from './throttle-note';

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
  /** Set while the follower waits on its broker login's request limit. */
  throttle?: FollowerThrottle | null;
  paceWarning?: string | null;
}

/**
 * Why an account is not copying normally, on its own row; an out-of-sync follower gets a one-click Sync. A
 * follower waiting on its broker's request limit shows the wait (instead of `ok` or a bare "Rate limited").
 */
export function FollowerState({
  id,
  name,
  isFollower,
  state,
  reason,
  throttle = null,
  paceWarning = null,
}: FollowerStateProps): React.JSX.Element | null {
  const syncFollower = useSyncdeskStore((s) => s.syncFollower);
  const [busy, setBusy] = useState(false);
  // The wait itself says more than the state's badge it replaces.
  const showState = !!state && state !== 'ok' && !(state === 'rate_limited' && throttle);
  if (!showState && !throttle && !paceWarning) return null;
  const label = state && state !== 'ok' ? (FOLLOWER_STATE_LABEL[state] ?? state) : '';
  const onSync = async (): Promise<void> => {
    setBusy(true);
    await syncFollower(id);
    setBusy(false);
  };
  return (
    <Box>
      {showState && (
        <>
          <Badge $tone={state === 'out_of_sync' || state === 'rate_limited' ? 'warning' : 'danger'}>
            {label}
          </Badge>
          {reason && <span>{reason}</span>}
        </>
      )}
      {throttle && <ThrottleNote throttle={throttle} />}
      {paceWarning && <PaceWarning text={paceWarning} />}
      {state === 'out_of_sync' && isFollower && (
        <CellButton type="button" disabled={busy} aria-label={`Sync ${name}`} onClick={() => void onSync()}>
          Sync
        </CellButton>
      )}
    </Box>
  );
}
