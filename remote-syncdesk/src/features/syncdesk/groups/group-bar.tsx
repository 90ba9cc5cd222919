import type React from 'react';
import { Suspense, useState } from 'react';
import styled from 'styled-components';
import type { CopyGroup } from '@synctrade/api';
import { Button, Modal, Muted, Row, Select } from '@synctrade/ui';
import { Badge } from '../components/desk-styles';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { groupState, type GroupTone } from './group-state';
import { LazyGroupNameDialog, LazyMoveAccountDialog } from './lazy-dialogs';
import { DialogActions as Actions } from '../components/dialog-parts';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};

  label {
    font-weight: 600;
    font-size: 14px;
  }
  select {
    width: auto;
    min-width: 12rem;
    max-width: 100%;
  }
`;

const State = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  flex: 1 1 16rem;
  min-width: 0;
`;

const BADGE_TONE: Record<GroupTone, 'success' | 'warning' | 'danger' | 'muted'> = {
  ok: 'success',
  warning: 'warning',
  danger: 'danger',
  muted: 'muted',
};

type Dialog = 'create' | 'rename' | 'move' | 'delete' | null;

/**
 * The desk's copy groups: which one the table shows (or All accounts), its state, and its editing. Shown once the
 * trader has more than one group; with one, the desk stays as the spec draws it and New copy group is in its menu.
 */
export function GroupBar(): React.JSX.Element | null {
  const groups = useSyncdeskStore((state) => state.groups);
  const shownGroup = useSyncdeskStore((state) => state.shownGroup);
  const byId = useSyncdeskStore((state) => state.byId);
  const showGroup = useSyncdeskStore((state) => state.showGroup);
  const [dialog, setDialog] = useState<Dialog>(null);
  if (groups.length < 2) return null;
  const shown = groups.find((group) => group.id === shownGroup) ?? null;
  const state = shown === null ? null : groupState(shown, byId);

  return (
    <Bar>
      <label htmlFor="desk-group">Copy group</label>
      <Select
        id="desk-group"
        value={shownGroup ?? ''}
        onChange={(event) => showGroup(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">All accounts</option>
        {groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name} ({groupState(group, byId).label.toLowerCase()})
          </option>
        ))}
      </Select>
      <State aria-live="polite">
        {state !== null && (
          <>
            <Badge $tone={BADGE_TONE[state.tone]}>{state.label}</Badge>
            {state.detail !== null && <Muted>{state.detail}</Muted>}
          </>
        )}
      </State>
      <Row>
        <Button type="button" $variant="secondary" onClick={() => setDialog('create')}>
          New group
        </Button>
        {shown !== null && <GroupButtons group={shown} open={setDialog} />}
      </Row>
      <GroupDialogs dialog={dialog} group={shown} close={() => setDialog(null)} />
    </Bar>
  );
}

function GroupButtons({ group, open }: { group: CopyGroup; open(dialog: Dialog): void }): React.JSX.Element {
  const setGroupPaused = useSyncdeskStore((state) => state.setGroupPaused);
  const [busy, setBusy] = useState(false);
  const togglePaused = async (): Promise<void> => {
    setBusy(true);
    await setGroupPaused(group.id, !group.paused);
    setBusy(false);
  };
  return (
    <>
      <Button type="button" $variant="secondary" onClick={() => open('move')}>
        Add account
      </Button>
      <Button type="button" $variant="secondary" onClick={() => open('rename')}>
        Rename
      </Button>
      <Button type="button" $variant="secondary" disabled={busy} onClick={() => void togglePaused()}>
        {group.paused ? 'Resume group' : 'Pause group'}
      </Button>
      {!group.first && (
        <Button type="button" $variant="danger" onClick={() => open('delete')}>
          Delete group
        </Button>
      )}
    </>
  );
}

interface GroupDialogsProps {
  dialog: Dialog;
  group: CopyGroup | null;
  close(): void;
}

/** The group dialogs, mounted only while open. */
export function GroupDialogs(props: GroupDialogsProps): React.JSX.Element {
  return (
    <Suspense fallback={null}>
      <GroupDialog {...props} />
    </Suspense>
  );
}

function GroupDialog({ dialog, group, close }: GroupDialogsProps): React.JSX.Element | null {
  const createGroup = useSyncdeskStore((state) => state.createGroup);
  const renameGroup = useSyncdeskStore((state) => state.renameGroup);
  if (dialog === 'create')
    return (
      <LazyGroupNameDialog
        title="New copy group"
        submitLabel="Create group"
        initialName=""
        onSubmit={createGroup}
        onClose={close}
      />
    );
  if (group === null) return null;
  if (dialog === 'rename')
    return (
      <LazyGroupNameDialog
        title={`Rename ${group.name}`}
        submitLabel="Save name"
        initialName={group.name}
        onSubmit={(name) => renameGroup(group.id, name)}
        onClose={close}
      />
    );
  if (dialog === 'move') return <LazyMoveAccountDialog group={group} onClose={close} />;
  if (dialog === 'delete') return <DeleteGroupConfirm group={group} onClose={close} />;
  return null;
}

function DeleteGroupConfirm({ group, onClose }: { group: CopyGroup; onClose(): void }): React.JSX.Element {
  const deleteGroup = useSyncdeskStore((state) => state.deleteGroup);
  const first = useSyncdeskStore(
    (state) => state.groups.find((candidate) => candidate.first)?.name ?? 'the first group',
  );
  const [sending, setSending] = useState(false);
  const confirm = async (): Promise<void> => {
    setSending(true);
    const ok = await deleteGroup(group.id);
    setSending(false);
    if (ok) onClose();
  };
  return (
    <Modal open title={`Delete ${group.name}?`} onClose={onClose}>
      <p>
        Its accounts stop leading and following (nothing is closed: open positions stay as they are) and go
        back to {first}.
      </p>
      <Actions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          Keep the group
        </Button>
        <Button type="button" $variant="danger" disabled={sending} onClick={() => void confirm()}>
          Delete group
        </Button>
      </Actions>
    </Modal>
  );
}
