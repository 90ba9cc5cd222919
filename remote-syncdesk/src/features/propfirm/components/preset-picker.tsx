import type React from 'react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, Field, Modal, Muted, Row, Select } from '@synctrade/ui';
import { usePropfirmStore } from '../store/propfirm-store';
import { firmSources, ruleName } from './plain-words';

const Sources = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(4)};
  font-size: 13px;
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const NONE = 'none';

interface PresetPickerProps {
  open: boolean;
  accounts: ReadonlyArray<{ id: number; name: string }>;
  onClose(): void;
}

/** Picks a firm preset (or none) for one account; the values stay editable through the API. */
export function PresetPicker({ open, accounts, onClose }: PresetPickerProps): React.JSX.Element {
  const presets = usePropfirmStore((state) => state.presets);
  const status = usePropfirmStore((state) => state.presetsStatus);
  const loadPresets = usePropfirmStore((state) => state.loadPresets);
  const applyPreset = usePropfirmStore((state) => state.applyPreset);
  const [accountId, setAccountId] = useState('');
  const [presetId, setPresetId] = useState(NONE);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) void loadPresets();
  }, [open, loadPresets]);
  const account = accountId === '' ? (accounts[0]?.id ?? null) : Number(accountId);
  const preset = presets.find((item) => item.id === presetId) ?? null;
  const sources = preset === null ? [] : firmSources(preset.firm, preset.sources);

  const onApply = async (): Promise<void> => {
    if (account === null) return;
    setBusy(true);
    const ok = await applyPreset(account, preset);
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Modal open={open} title="Firm rules" onClose={onClose}>
      <Stack>
        <Field>
          <label htmlFor="prop-account">Account</label>
          <Select
            id="prop-account"
            value={account ?? ''}
            onChange={(event) => setAccountId(event.target.value)}
          >
            {accounts.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field>
          <label htmlFor="prop-preset">Firm and account type</label>
          <Select
            id="prop-preset"
            value={presetId}
            disabled={status !== 'ready'}
            onChange={(event) => setPresetId(event.target.value)}
          >
            <option value={NONE}>No firm rules</option>
            {presets.map((item) => (
              <option key={item.id} value={item.id}>
                {item.label}
              </option>
            ))}
          </Select>
        </Field>
        {preset !== null && (
          <div>
            {sources.length > 0 ? (
              <>
                <Muted>
                  Read from the firm’s own pages on {preset.checked_on}; firms change their rules often:
                </Muted>
                <Sources>
                  {sources.map((source) => (
                    <li key={source.href}>
                      <a href={source.href} target="_blank" rel="noreferrer">
                        {source.text}
                      </a>
                    </li>
                  ))}
                </Sources>
              </>
            ) : (
              <Muted>
                The firm publishes no page these values come from (read on {preset.checked_on}): check them
                with the firm.
              </Muted>
            )}
            {preset.unverified.length > 0 && (
              <Muted>
                Not stated by the firm, check with it:{' '}
                {preset.unverified.map((path) => ruleName(path)).join(', ')}
              </Muted>
            )}
          </div>
        )}
        <Row>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" disabled={busy || account === null} onClick={() => void onApply()}>
            Apply
          </Button>
        </Row>
      </Stack>
    </Modal>
  );
}
