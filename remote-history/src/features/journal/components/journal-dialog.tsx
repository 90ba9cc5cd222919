import type React from 'react';
import type { ReactNode } from 'react';
import { useId, useRef, useState } from 'react';
import { ActionButton } from '../../../lib/action-button';
import { Button, Field, Modal, Row, TextArea } from '@synctrade/ui';
import { JOURNAL_MAX } from '@synctrade/api/validation';

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
  const [confirming, setConfirming] = useState(false);
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const unsaved = note.trim() !== initialNote.trim();

  // Escape and a click beside the dialog are easy to do by accident: typed text is only dropped once the
  // trader says so. Escape while asking goes back to the note. Cancel is deliberate and closes at once.
  const keepEditing = (): void => {
    setConfirming(false);
    field.current?.focus();
  };
  const dismiss = (): void => {
    if (confirming) keepEditing();
    else if (unsaved) setConfirming(true);
    else onClose();
  };

  const submit = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault();
    setSaving(true);
    const saved = await onSave(note.trim());
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <Modal open title={title} onClose={dismiss}>
      <form onSubmit={(event) => void submit(event)}>
        {context}
        <Field>
          <label htmlFor={fieldId}>Note</label>
          <TextArea
            id={fieldId}
            ref={field}
            value={note}
            maxLength={JOURNAL_MAX}
            onChange={(event) => setNote(event.target.value)}
            readOnly={confirming}
            autoFocus
          />
        </Field>
        {confirming ? (
          <div role="alert">
            <p>Discard the note you typed? It has not been saved.</p>
            <Row style={{ justifyContent: 'flex-end' }}>
              <Button type="button" $variant="secondary" onClick={onClose}>
                Discard
              </Button>
              <Button type="button" autoFocus onClick={keepEditing}>
                Keep editing
              </Button>
            </Row>
          </div>
        ) : (
          <Row style={{ justifyContent: 'flex-end', marginTop: 16 }}>
            <Button type="button" $variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <ActionButton type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </ActionButton>
          </Row>
        )}
      </form>
    </Modal>
  );
}
