import type { NewsKind } from '../../types';

/** One release read from its publisher. */
export interface ImportedEvent {
  kind: NewsKind;
  /** Epoch ms (UTC) of the release. */
  time: number;
  title: string;
}

/** A stored import: the event with the page it came from and when it was read. */
export interface StoredImport extends ImportedEvent {
  sourceUrl: string;
  importedAt: number;
}
