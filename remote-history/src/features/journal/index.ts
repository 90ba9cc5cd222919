/** Journal editors: a note per trade and a note per day (saving is the caller's, through its store). */
export { JournalDialog, type JournalDialogProps } from './components/journal-dialog';
export { DayJournalDialog, type DayJournalDialogProps } from './components/day-journal-dialog';
