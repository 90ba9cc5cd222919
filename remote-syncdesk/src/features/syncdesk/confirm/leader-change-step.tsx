import type React from 'react';
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { DESK_CONFIRM, type LeaderChangeFollowers } from '@synctrade/api';
import { Button, Muted } from '@synctrade/ui';
import { sameGroup } from '../groups/shown-accounts';
import { listAccounts } from '../store/merge-accounts';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { MainButton } from '../components/desk-styles';
import { alignPlan, followersOf, positionText, signedPosition } from './desk-plans';
import { PlannedOrders } from './plan-lists';
import { DialogActions as Actions, Choice } from '../components/dialog-parts';

interface LeaderChangeStepProps {
  leaderId: number;
  onBack(): void;
  onDone(): void;
}

/**
 * The second step of Change leader: what happens to the followers' positions, with the orders that will be
 * sent (align) or the followers left as they are (keep). Keep is preselected: nothing trades unless chosen.
 */
export function LeaderChangeStep({ leaderId, onBack, onDone }: LeaderChangeStepProps): React.JSX.Element {
  // The new leader's group: its followers are the ones that change leader.
  const accounts = sameGroup(useSyncdeskStore(useShallow(listAccounts)), leaderId);
  const setMaster = useSyncdeskStore((state) => state.setMaster);
  const [choice, setChoice] = useState<LeaderChangeFollowers>('keep');
  const [saving, setSaving] = useState(false);
  const leader = accounts.find((account) => account.id === leaderId);
  const followers = followersOf(accounts, leaderId);
  const orders = alignPlan(accounts, leaderId);
  const kept = followers.filter((follower) => orders.some((order) => order.accountId === follower.id));

  const confirm = async (): Promise<void> => {
    setSaving(true);
    const ok = await setMaster(leaderId, choice);
    setSaving(false);
    if (ok) onDone();
  };

  return (
    <>
      <p>
        New leader: {leader?.account_name ?? ''} (
        {positionText(leader === undefined ? 0 : signedPosition(leader))})
      </p>
      <Choice>
        <legend>{DESK_CONFIRM.followersQuestion}</legend>
        <label>
          <input
            type="radio"
            name="leader-change-followers"
            checked={choice === 'align'}
            onChange={() => setChoice('align')}
          />
          {DESK_CONFIRM.alignOption}
        </label>
        <label>
          <input
            type="radio"
            name="leader-change-followers"
            checked={choice === 'keep'}
            onChange={() => setChoice('keep')}
          />
          {DESK_CONFIRM.keepOption}
        </label>
      </Choice>
      {followers.length === 0 ? (
        <Muted>{DESK_CONFIRM.noFollowers}</Muted>
      ) : orders.length === 0 ? (
        <Muted>{DESK_CONFIRM.nothingToAlign}</Muted>
      ) : choice === 'align' ? (
        <>
          <p>{DESK_CONFIRM.alignHint}</p>
          <PlannedOrders label="Orders sent now" orders={orders} />
        </>
      ) : (
        <>
          <p>{DESK_CONFIRM.keepHint}</p>
          <ul aria-label="Followers kept as they are">
            {kept.map((follower) => (
              <li key={follower.id}>
                {follower.account_name}: {positionText(signedPosition(follower))}
              </li>
            ))}
          </ul>
        </>
      )}
      <Actions>
        <Button type="button" $variant="secondary" onClick={onBack}>
          {DESK_CONFIRM.back}
        </Button>
        <MainButton type="button" disabled={saving} onClick={() => void confirm()}>
          {DESK_CONFIRM.confirmChange}
        </MainButton>
      </Actions>
    </>
  );
}
