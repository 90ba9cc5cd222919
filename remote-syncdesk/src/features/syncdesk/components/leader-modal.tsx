import type React from 'react';
import { useState } from 'react';
import styled from 'styled-components';
import { useShallow } from 'zustand/react/shallow';
import { EMPTY } from '@synctrade/api';
import { Button, Modal, Muted, Table, TableWrap } from '@synctrade/ui';
import { followersOf } from '../confirm/desk-plans';
import { LeaderChangeStep } from '../confirm/leader-change-step';
import { sameGroup, shownAccounts } from '../groups/shown-accounts';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { MainButton } from './desk-styles';
import { DialogActions as Actions } from './dialog-parts';

const Pickable = styled.tr`
  cursor: pointer;
`;

interface LeaderModalProps {
  open: boolean;
  onClose(): void;
}

/** 'Choose Lead Account': a radio table; the picked account becomes the leader, the others follow it. */
export function LeaderModal({ open, onClose }: LeaderModalProps): React.JSX.Element {
  return (
    <Modal open={open} title="Choose Lead Account" onClose={onClose}>
      <LeaderPicker onClose={onClose} />
    </Modal>
  );
}

// Mounted only while the dialog is open, so each opening preselects afresh.
function LeaderPicker({ onClose }: { onClose(): void }): React.JSX.Element {
  // The group shown (or every account): the pick leads the group it belongs to.
  const accounts = useSyncdeskStore(useShallow(shownAccounts));
  const setMaster = useSyncdeskStore((state) => state.setMaster);
  const [selected, setSelected] = useState<number | null>(
    () => accounts.find((account) => account.is_master)?.id ?? accounts[0]?.id ?? null,
  );
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const confirm = async (): Promise<void> => {
    if (selected === null) return;
    const group = sameGroup(accounts, selected);
    const current = group.find((account) => account.is_master)?.id ?? null;
    // A new leader changes what the followers copy: the next step shows what happens to them and asks first.
    if (selected !== current && followersOf(group, selected).length > 0) {
      setConfirming(true);
      return;
    }
    setSaving(true);
    const ok = await setMaster(selected);
    setSaving(false);
    // On failure the toast explains and the dialog stays, so the trader can retry or pick another.
    if (ok) onClose();
  };

  if (confirming && selected !== null)
    return <LeaderChangeStep leaderId={selected} onBack={() => setConfirming(false)} onDone={onClose} />;

  return (
    <>
      <p>
        The account you choose becomes the leader. The other accounts follow it: each account with Follow on
        copies the leader&apos;s trades at its own ratio.
      </p>
      {accounts.length === 0 ? (
        <Muted>{EMPTY.accounts}</Muted>
      ) : (
        <TableWrap>
          <Table>
            <caption className="sr-only">Accounts that can lead</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">Select</span>
                </th>
                <th scope="col">Connection</th>
                <th scope="col">Account ID</th>
                <th scope="col">Name</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((account) => (
                <Pickable key={account.id} onClick={() => setSelected(account.id)}>
                  <td>
                    <input
                      type="radio"
                      name="lead-account"
                      aria-label={`${account.account_name} (${account.account_id})`}
                      checked={selected === account.id}
                      onChange={() => setSelected(account.id)}
                    />
                  </td>
                  <td>{account.connection_name}</td>
                  <td>{account.account_id}</td>
                  <td>{account.account_name}</td>
                </Pickable>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      )}
      <Actions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <MainButton type="button" disabled={selected === null || saving} onClick={() => void confirm()}>
          Set as Lead
        </MainButton>
      </Actions>
    </>
  );
}
