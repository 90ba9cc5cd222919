import type React from 'react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { errorMessage, getCopySettings, updateCopySettings, type CopySettings } from '@synctrade/api';
import { COPY_SETTINGS_MESSAGE, FIXED_QTY_MAX } from '@synctrade/api/messages';
import { CONTRACT_ROOTS } from '@synctrade/market';
import { Button, ErrorPanel, Field, FieldError, Input, Modal, Spinner, notify } from '@synctrade/ui';
import { MainButton } from '../components/desk-styles';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { DialogActions as Actions, Choice } from '../components/dialog-parts';

const Roots = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  label {
    margin: 0;
    min-height: 32px;
    align-items: center;
  }
`;

interface CopySettingsDialogProps {
  accountId: number;
  name: string;
  onClose(): void;
}

type Sizing = 'ratio' | 'fixed';

/**
 * A follower's copy settings: leader × ratio or a fixed quantity, mirroring the leader's working orders or its fills
 * only, and the contracts copied into it. Mount only while open: it reads the stored settings each time.
 */
export function CopySettingsDialog({ accountId, name, onClose }: CopySettingsDialogProps): React.JSX.Element {
  const [stored, setStored] = useState<CopySettings | 'loading' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setStored('loading');
    getCopySettings(accountId, { signal: controller.signal }).then(setStored, () => {
      if (!controller.signal.aborted) setStored('error');
    });
    return () => controller.abort();
  }, [accountId, attempt]);

  return (
    <Modal open title={`Copy settings of ${name}`} onClose={onClose}>
      {stored === 'loading' && <Spinner label="Loading copy settings" />}
      {stored === 'error' && (
        <ErrorPanel
          title="Copy settings could not load"
          message="Please try again."
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
      {typeof stored === 'object' && <SettingsForm accountId={accountId} stored={stored} onClose={onClose} />}
    </Modal>
  );
}

function SettingsForm({
  accountId,
  stored,
  onClose,
}: {
  accountId: number;
  stored: CopySettings;
  onClose(): void;
}): React.JSX.Element {
  const loadAccounts = useSyncdeskStore((state) => state.loadAccounts);
  const [sizing, setSizing] = useState<Sizing>(stored.fixed_qty === null ? 'ratio' : 'fixed');
  const [fixed, setFixed] = useState(String(stored.fixed_qty ?? 1));
  const [mode, setMode] = useState(stored.copy_mode);
  const [contracts, setContracts] = useState<string[]>(stored.contracts);
  const [saving, setSaving] = useState(false);
  const fixedQty = Number(fixed);
  const fixedValid = /^\d+$/.test(fixed.trim()) && fixedQty >= 1 && fixedQty <= FIXED_QTY_MAX;
  const invalid = sizing === 'fixed' && !fixedValid;

  const toggle = (root: string, on: boolean): void =>
    setContracts((list) => (on ? [...list, root] : list.filter((item) => item !== root)));

  const save = async (): Promise<void> => {
    if (invalid) return;
    setSaving(true);
    try {
      await updateCopySettings(accountId, {
        fixed_qty: sizing === 'fixed' ? fixedQty : null,
        copy_mode: mode,
        // In the product's order, whatever order they were ticked in.
        contracts: CONTRACT_ROOTS.filter((root) => contracts.includes(root)),
      });
      notify.success(COPY_SETTINGS_MESSAGE.saved);
      void loadAccounts();
      onClose();
    } catch (error: unknown) {
      notify.error(errorMessage(error, 'copySettings'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Choice>
        <legend>Size</legend>
        <label>
          <input
            type="radio"
            name="sizing"
            checked={sizing === 'ratio'}
            onChange={() => setSizing('ratio')}
          />
          <span>Leader × ratio (the Ratio column)</span>
        </label>
        <label>
          <input
            type="radio"
            name="sizing"
            checked={sizing === 'fixed'}
            onChange={() => setSizing('fixed')}
          />
          <span>
            A fixed quantity on the leader&apos;s side whenever it holds a position (copied on its fills)
          </span>
        </label>
        {sizing === 'fixed' && (
          <Field>
            <label htmlFor="fixed-qty">Contracts</label>
            <Input
              id="fixed-qty"
              inputMode="numeric"
              value={fixed}
              onChange={(event) => setFixed(event.target.value)}
              aria-invalid={invalid}
              aria-describedby={invalid ? 'fixed-qty-error' : undefined}
            />
            {invalid && <FieldError id="fixed-qty-error">{COPY_SETTINGS_MESSAGE.fixedQty}</FieldError>}
          </Field>
        )}
      </Choice>
      <Choice disabled={sizing === 'fixed'}>
        <legend>What is copied</legend>
        <label>
          <input
            type="radio"
            name="copy-mode"
            checked={mode === 'mirror'}
            onChange={() => setMode('mirror')}
          />
          <span>The leader&apos;s working orders, mirrored at this broker, and its market orders</span>
        </label>
        <label>
          <input type="radio" name="copy-mode" checked={mode === 'fills'} onChange={() => setMode('fills')} />
          <span>The leader&apos;s fills only, as market orders</span>
        </label>
      </Choice>
      <Choice>
        <legend>Contracts copied (none ticked: every contract)</legend>
        <Roots>
          {CONTRACT_ROOTS.map((root) => (
            <label key={root}>
              <input
                type="checkbox"
                checked={contracts.includes(root)}
                onChange={(event) => toggle(root, event.target.checked)}
              />
              <span>{root}</span>
            </label>
          ))}
        </Roots>
      </Choice>
      <Actions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <MainButton type="submit" disabled={saving || invalid}>
          Save copy settings
        </MainButton>
      </Actions>
    </form>
  );
}
