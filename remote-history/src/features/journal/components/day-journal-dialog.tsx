import type React from 'react';
import { useId, useState } from 'react';
import { Field, formatDayLabel, Select } from '@synctrade/ui';
import { JournalDialog } from './journal-dialog';

export interface DayJournalDialogProps {
  /** The days the note may be about (`YYYY-MM-DD`); a week offers its trading days. */
  days: readonly string[];
  notes: Readonly<Record<string, string>>;
  onSave(day: string, note: string): Promise<boolean>;
  onClose(): void;
}

/** The day's journal; with several days (a week), a picker chooses which day the note belongs to. */
export function DayJournalDialog({ days, notes, onSave, onClose }: DayJournalDialogProps): React.JSX.Element {
  const [day, setDay] = useState(days[0] ?? '');
  const pickerId = useId();
  const context =
    days.length > 1 ? (
      <Field style={{ marginBottom: 12 }}>
        <label htmlFor={pickerId}>Day</label>
        <Select id={pickerId} value={day} onChange={(event) => setDay(event.target.value)}>
          {days.map((d) => (
            <option key={d} value={d}>
              {formatDayLabel(d)}
            </option>
          ))}
        </Select>
      </Field>
    ) : (
      <p>{formatDayLabel(day)}</p>
    );
  return (
    <JournalDialog
      resetKey={day}
      title="Day journal"
      context={context}
      initialNote={notes[day] ?? ''}
      onSave={(note) => onSave(day, note)}
      onClose={onClose}
    />
  );
}
