import type { ParsedImport } from './collector';

/** The page asks the parser worker to read one file. */
export interface ParseRequest {
  file: File;
  chunkSize: number;
}

/** What the parser worker answers: progress steps, then the parsed file or why it could not be read. */
export type ParseAnswer =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; parsed: ParsedImport }
  | { type: 'failed'; message: string };
