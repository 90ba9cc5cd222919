import type React from 'react';
import { memo, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import type { FollowerThrottle, FollowerState as State } from '@synctrade/api';
import { Switch } from '@synctrade/ui';
import styled from 'styled-components';
import { FlattenConfirm } from '../confirm/flatten-confirm';
import { LazyCopySettingsDialog } from '../groups/lazy-dialogs';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { CellButton, LeaderMark } from './desk-styles';
import { FollowerState } from './follower-state';
import { SlidersIcon, StarIcon } from './icons';
import { RatioEditor } from './ratio-editor';
import { RatioRoundingHint } from './ratio-rounding-hint';

function useBusy(): [boolean, (work: () => Promise<unknown>) => void] {
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<unknown>): void => {
    setBusy(true);
    void work().finally(() => setBusy(false));
  };
  return [busy, run];
}

interface IdentityProps {
  id: number;
  name: string;
  accountId: string;
  connectionName: string;
  isMaster: boolean;
  isFollower: boolean;
  state: State;
  stateReason: string | null;
  throttle: FollowerThrottle | null;
  paceWarning: string | null;
}

/** Follow, ID, Connection and Accounts cells; re-rendered only when one of these fields changes. */
export const RowIdentity = memo(function RowIdentity(props: IdentityProps): React.JSX.Element {
  const [busy, run] = useBusy();
  const { toggleFollower } = useSyncdeskStore.getState();
  return (
    <>
      <div role="cell" data-label="Follow">
        {props.isMaster ? (
          <LeaderMark>
            <StarIcon />
            <span className="sr-only">Leader</span>
          </LeaderMark>
        ) : (
          <Switch
            checked={props.isFollower}
            label={`Follow ${props.name}`}
            disabled={busy}
            onChange={() => run(() => toggleFollower(props.id))}
          />
        )}
      </div>
      <div role="cell" data-label="ID">
        <span className="clip" title={String(props.accountId)}>
          {props.accountId}
        </span>
      </div>
      <div role="cell" data-label="Connection">
        <span className="clip" title={props.connectionName}>
          {props.connectionName}
        </span>
      </div>
      <div role="cell" className="wrap name">
        {props.name}
        <FollowerState
          id={props.id}
          name={props.name}
          isFollower={props.isFollower}
          state={props.state}
          reason={props.stateReason}
          throttle={props.throttle}
          paceWarning={props.paceWarning}
        />
      </div>
    </>
  );
});

interface SettingsProps {
  id: number;
  name: string;
  isMaster: boolean;
  ratio: number;
  cross: boolean;
  /** Copy settings that differ from the defaults, in words (fixed 2 · ES, NQ), or null. */
  copySummary?: string | null;
}

// Beside the ratio: a follower's own copy settings, summed up when they differ from the defaults.
const SettingsButton = styled(CellButton)`
  margin-left: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(1)};
  min-width: 0;
  max-width: 100%;
  font-size: 12px;
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

/** Ratio, Cross and the row's Flatten; re-rendered only when these fields change. */
export const RowSettings = memo(function RowSettings({
  id,
  name,
  isMaster,
  ratio,
  cross,
  copySummary = null,
}: SettingsProps): React.JSX.Element {
  const { setCross } = useSyncdeskStore.getState();
  const [crossing, runCross] = useBusy();
  // The row's Flatten shows the closing order and the orders it cancels, and asks first.
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  return (
    <>
      <div role="cell" data-label="Ratio">
        {isMaster ? (
          '—'
        ) : (
          <>
            <RatioEditor accountId={id} ratio={ratio} name={name} />
            <RatioRoundingHint ratio={ratio} />
            <SettingsButton
              type="button"
              aria-label={`Copy settings of ${name}`}
              title={copySummary ?? 'Copy settings: ratio, fixed quantity, copy mode, contracts'}
              onClick={() => setEditing(true)}
            >
              <SlidersIcon />
              {copySummary !== null && <span>{copySummary}</span>}
            </SettingsButton>
            {editing &&
              createPortal(
                <Suspense fallback={null}>
                  <LazyCopySettingsDialog accountId={id} name={name} onClose={() => setEditing(false)} />
                </Suspense>,
                document.body,
              )}
          </>
        )}
      </div>
      <div role="cell" data-label="Cross">
        {isMaster ? (
          '—'
        ) : (
          <Switch
            checked={cross}
            label={`Cross ${name}`}
            disabled={crossing}
            onChange={(next) => runCross(() => setCross(id, next))}
          />
        )}
      </div>
      <div role="cell" className="action">
        <CellButton
          type="button"
          aria-label={`Flatten ${name}`}
          disabled={confirming}
          onClick={() => setConfirming(true)}
        >
          Flatten
        </CellButton>

        {/* In a portal: a row's layout containment would otherwise hold the dialog's overlay inside the row. */}
        {confirming &&
          createPortal(
            <FlattenConfirm accountIds={[id]} all={false} onClose={() => setConfirming(false)} />,
            document.body,
          )}
      </div>
    </>
  );
});
