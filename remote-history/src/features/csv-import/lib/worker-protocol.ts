import type { ImportTradeRow } from '@synctrade/api';
import type { ParsedImport } from './collector';

/** The page asks the parser worker to read one file. */
export interface ParseRequest {
  file: File;
  chunkSize: number;
}

/** Trades per `trades` message: each is copied into the page in one task, so it must stay short (about 10 ms). */
export const TRADES_PER_MESSAGE = 5000;

/**
 * What the parser worker answers: progress steps, then the trades in pieces, then the rest of the parsed file (its
 * `trades` and `accountNames` empty) or why it could not be read.
 */
export type ParseAnswer =
  | { type: 'progress'; fraction: number }
  | { type: 'trades'; trades: ImportTradeRow[]; accountNames: string[] }
  | { type: 'done'; parsed: ParsedImport }
  | { type: 'failed'; message: string };
