import type React from 'react';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { ActionButton } from '../../../lib/action-button';
import { Button, Field, Modal, Row, TextArea } from '@synctrade/ui';

export interface JournalDialogProps {
  title: string;
  /** What the note is about: the trade or the day. */
  context?: ReactNode;
  initialNote: string;
  /** When it changes (another day picked), the note restarts from `initialNote`. */
  resetKey?: string;
  /** Resolves true when saved; the dialog then closes. */
  onSave(note: string): Promise<boolean>;
  onClose(): void;
}

/** A small note editor over the page. */
export function JournalDialog({
  title,
  context,
  initialNote,
  resetKey,
  onSave,
  onClose,
}: JournalDialogProps): React.JSX.Element {
  const [note, setNote] = useState(initialNote);
  const [shownKey, setShownKey] = useState(resetKey);
  if (shownKey !== resetKey) {
    setShownKey(resetKey);
    setNote(initialNote);
  }
  const [saving, setSaving] = useState(false);
  const fieldId = useId();

  const submit = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault();
    setSaving(true);
    const saved = await onSave(note.trim());
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <Modal open title={title} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)}>
        {context}
        <Field>
          <label htmlFor={fieldId}>Note</label>
          <TextArea
            id={fieldId}
            value={note}
            maxLength={5000}
            onChange={(event) => setNote(event.target.value)}
            autoFocus
          />
        </Field>
        <Row style={{ justifyContent: 'flex-end', marginTop: 16 }}>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <ActionButton type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </ActionButton>
        </Row>
      </form>
    </Modal>
  );
}
