import type React from 'react';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { errorMessage, killSwitch, successMessage, type KillSwitchPayload } from '@synctrade/api';
import { Button, Field, FieldError, Input, Modal, notify } from '@synctrade/ui';
import { DialogActions as Actions } from '../components/dialog-parts';

/** What a kill switch acts on: one copy group or one account. */
export type KillTarget =
  { kind: 'group'; id: number; name: string } | { kind: 'account'; id: number; name: string };

const Choices = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  border: 0;
`;

const Choice = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
`;

type Action = 'stop_following' | 'cancel_orders' | 'flatten';

const ACTIONS: Array<{ key: Action; label: string }> = [
  { key: 'stop_following', label: 'Stop following (no new copies)' },
  { key: 'cancel_orders', label: 'Cancel working orders' },
  { key: 'flatten', label: 'Flatten positions at market' },
];

/**
 * Confirms a kill switch: every action is chosen by default (a trader reaching for it wants everything stopped),
 * and with 2FA on the authenticator code is asked here. A refusal stays in the dialog so the trader can fix it.
 * Mount only while open.
 */
export function KillSwitchDialog({
  target,
  twoFactor,
  onClose,
}: {
  target: KillTarget;
  twoFactor: boolean;
  onClose(): void;
}): React.JSX.Element {
  const [chosen, setChosen] = useState<Record<Action, boolean>>({
    stop_following: true,
    cancel_orders: true,
    flatten: true,
  });
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const codeId = useId();

  const confirm = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault();
    if (!chosen.flatten && !chosen.cancel_orders && !chosen.stop_following)
      return setProblem('Choose at least one action');
    if (twoFactor && code.trim() === '') return setProblem('Enter the code from your authenticator app');
    setProblem(null);
    setSending(true);
    const payload: KillSwitchPayload = {
      ...(target.kind === 'group' ? { group_id: target.id } : { account_id: target.id }),
      ...chosen,
      ...(twoFactor ? { code: code.trim() } : {}),
    };
    try {
      notify.success(successMessage(await killSwitch(payload), 'Kill switch done'));
      onClose();
    } catch (error: unknown) {
      setProblem(errorMessage(error, 'killSwitch'));
      setSending(false);
    }
  };

  return (
    <Modal open title={`Kill switch: ${target.name}`} onClose={onClose}>
      <form onSubmit={(event) => void confirm(event)} noValidate>
        <Choices>
          <legend>What to do now</legend>
          {ACTIONS.map(({ key, label }) => (
            <Choice key={key}>
              <input
                type="checkbox"
                checked={chosen[key]}
                onChange={(event) => setChosen({ ...chosen, [key]: event.target.checked })}
              />
              {label}
            </Choice>
          ))}
        </Choices>
        {twoFactor && (
          <Field>
            <label htmlFor={codeId}>Authenticator code</label>
            <Input
              id={codeId}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={64}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </Field>
        )}
        {problem && <FieldError>{problem}</FieldError>}
        <Actions>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Keep running
          </Button>
          <Button type="submit" $variant="danger" disabled={sending}>
            {sending ? 'Stopping…' : 'Confirm kill switch'}
          </Button>
        </Actions>
      </form>
    </Modal>
  );
}
