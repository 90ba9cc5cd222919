import type React from 'react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { CLIENT_MESSAGE } from '@synctrade/api';
import { isValidRatio } from '@synctrade/api/validation';
import { notify } from '@synctrade/ui';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { CellButton } from './desk-styles';
import { CheckIcon, CloseIcon } from './icons';

const Editor = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  input {
    width: 56px;
    min-width: 0;
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    border-radius: ${({ theme }) => theme.radius.sm};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surfaceRaised};
  }
`;

interface RatioEditorProps {
  accountId: number;
  ratio: number;
  /** The account's label, for accessible names. */
  name: string;
}

/** The ratio button ('2x') that becomes a number input: Enter or ✓ saves, Escape or ✕ cancels. */
export function RatioEditor({ accountId, ratio, name }: RatioEditorProps): React.JSX.Element {
  const setRatio = useSyncdeskStore((state) => state.setRatio);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Back on the ratio button after saving or cancelling, so keyboard users keep their place.
  useEffect(() => {
    if (wasEditing.current && !editing) button.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const save = async (): Promise<void> => {
    if (saving) return;
    if (!isValidRatio(draft)) {
      notify.error(CLIENT_MESSAGE.invalidRatio);
      return;
    }
    setSaving(true);
    const ok = await setRatio(accountId, Number(draft));
    setSaving(false);
    if (ok) setEditing(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      // Only the editor closes, not a dialog or menu around it.
      event.stopPropagation();
      setEditing(false);
    }
  };

  if (!editing) {
    return (
      <CellButton
        ref={button}
        type="button"
        aria-label={`${ratio}x, edit ratio of ${name}`}
        onClick={() => {
          setDraft(String(ratio));
          setEditing(true);
        }}
      >
        {ratio}x
      </CellButton>
    );
  }
  return (
    <Editor>
      <input
        type="number"
        min={0}
        step={1}
        value={draft}
        aria-label={`Ratio of ${name}`}
        autoFocus
        readOnly={saving}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <CellButton
        type="button"
        aria-label={`Save ratio of ${name}`}
        disabled={saving}
        onClick={() => void save()}
      >
        <CheckIcon />
      </CellButton>
      <CellButton
        type="button"
        aria-label={`Cancel ratio edit of ${name}`}
        disabled={saving}
        onClick={() => setEditing(false)}
      >
        <CloseIcon />
      </CellButton>
    </Editor>
  );
}
