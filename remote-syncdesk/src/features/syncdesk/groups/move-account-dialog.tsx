import type React from 'react';
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { CopyGroup, GroupMovePosition } from '@synctrade/api';
import { Button, Field, Modal, Muted, Select } from '@synctrade/ui';
import { MainButton } from '../components/desk-styles';
import { listAccounts } from '../store/merge-accounts';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { DialogActions as Actions, Choice } from '../components/dialog-parts';

interface MoveAccountDialogProps {
  group: CopyGroup;
  onClose(): void;
}

/**
 * Moves an account of another group into this one. An account belongs to one group only, and a leader is not moved
 * (its group would lose its leader). With a leader here, the trader says what happens to the account's position:
 * kept as it is until the new leader's next trade (preselected: nothing trades unless chosen), or aligned now.
 */
export function MoveAccountDialog({ group, onClose }: MoveAccountDialogProps): React.JSX.Element {
  const accounts = useSyncdeskStore(useShallow(listAccounts));
  const groups = useSyncdeskStore((state) => state.groups);
  const moveAccount = useSyncdeskStore((state) => state.moveAccount);
  const movable = accounts.filter((account) => account.group_id !== group.id && !account.is_master);
  const [accountId, setAccountId] = useState<number | null>(movable[0]?.id ?? null);
  const [position, setPosition] = useState<GroupMovePosition>('keep');
  const [saving, setSaving] = useState(false);
  const leader = accounts.find((account) => account.id === group.leader_account_id);
  const groupName = (id: number | null | undefined): string =>
    groups.find((candidate) => candidate.id === id)?.name ?? 'another group';

  const confirm = async (): Promise<void> => {
    if (accountId === null) return;
    setSaving(true);
    const ok = await moveAccount(group.id, accountId, position);
    setSaving(false);
    if (ok) onClose();
  };

  return (
    <Modal open title={`Add an account to ${group.name}`} onClose={onClose}>
      {movable.length === 0 ? (
        <Muted>Every account that can move is already in this group (a leader stays with its group).</Muted>
      ) : (
        <>
          <Field>
            <label htmlFor="move-account">Account</label>
            <Select
              id="move-account"
              value={accountId ?? ''}
              onChange={(event) => setAccountId(Number(event.target.value))}
            >
              {movable.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.account_name} ({account.connection_name}), now in {groupName(account.group_id)}
                </option>
              ))}
            </Select>
          </Field>
          {leader === undefined ? (
            <p>This group has no leader yet: the account waits here without copying until one is chosen.</p>
          ) : (
            <Choice>
              <legend>Its position</legend>
              <label>
                <input
                  type="radio"
                  name="move-position"
                  checked={position === 'keep'}
                  onChange={() => setPosition('keep')}
                />
                <span>Keep it as it is until {leader.account_name} trades next (nothing is sent now)</span>
              </label>
              <label>
                <input
                  type="radio"
                  name="move-position"
                  checked={position === 'align'}
                  onChange={() => setPosition('align')}
                />
                <span>Align it now to {leader.account_name} × its ratio (market orders are sent)</span>
              </label>
            </Choice>
          )}
        </>
      )}
      <Actions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <MainButton type="button" disabled={accountId === null || saving} onClick={() => void confirm()}>
          Move account
        </MainButton>
      </Actions>
    </Modal>
  );
}
