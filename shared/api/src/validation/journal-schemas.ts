import * as yup from 'yup';
import { JOURNAL_MAX } from './constants';
import { wire } from './wire-meta';

/** A note's text: any text up to JOURNAL_MAX characters, the empty one too (it clears the note). */
function noteText(key: string): yup.StringSchema<string> {
  const notText = `${key} must be text`;
  return yup
    .string()
    .strict()
    .typeError(notText)
    .nonNullable(notText)
    .defined(notText)
    .max(JOURNAL_MAX, `${key} must be at most ${JOURNAL_MAX} characters`)
    .meta(wire({ description: `At most ${JOURNAL_MAX.toLocaleString('en-US')} characters.` }));
}

/** `PUT /copier/trade-history/trades/:tradeId/journal`. */
export const journalSchema = yup.object({ journal: noteText('journal') });

/** `PUT /copier/journal/days/:date`. */
export const dayNoteSchema = yup.object({ note: noteText('note') });
