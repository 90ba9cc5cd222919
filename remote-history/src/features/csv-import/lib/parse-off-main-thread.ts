import type { ImportTradeRow } from '@synctrade/api';
import type { ParsedImport } from './collector';
import { parseCsvFile } from './parse-csv-file';
import type { ParseAnswer, ParseRequest } from './worker-protocol';

/** Performance marks naming where a file was parsed (the browser tests and the bench read them). */
export const PARSED_IN_WORKER = 'csv-import:parsed-in-worker';
export const PARSED_ON_PAGE = 'csv-import:parsed-on-page';

/** Parses on the page, leaving a mark that it did. */
function parseOnPage(file: File, onProgress: (fraction: number) => void): Promise<ParsedImport> {
  performance.mark?.(PARSED_ON_PAGE);
  return parseCsvFile(file, onProgress);
}

/** Bytes per step inside the worker: its steps block no page, so they can be larger; ten progress steps for 10 MB. */
export const WORKER_CHUNK_BYTES = 1024 * 1024;

/**
 * Parses a CSV file in a Web Worker so the page stays responsive, reporting progress as a fraction of the file read.
 * Where no worker can run (no `Worker`, as in jsdom, or its script cannot load) the file is parsed on the page in
 * small steps instead, with the same result.
 */
export async function parseCsvOffMainThread(
  file: File,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<ParsedImport> {
  if (typeof Worker === 'undefined') return parseOnPage(file, onProgress);
  let worker: Worker;
  try {
    const { spawnParseWorker } = await import(/* webpackMode: "eager" */ './spawn-parse-worker');
    worker = spawnParseWorker();
  } catch {
    return parseOnPage(file, onProgress);
  }
  return new Promise<ParsedImport>((resolve, reject) => {
    const pieces: ImportTradeRow[][] = [];
    const names: string[][] = [];
    worker.addEventListener('message', (event: MessageEvent<ParseAnswer>) => {
      const answer = event.data;
      if (answer.type === 'progress') {
        onProgress(answer.fraction);
        return;
      }
      if (answer.type === 'trades') {
        pieces.push(answer.trades);
        names.push(answer.accountNames);
        return;
      }
      worker.terminate();
      performance.mark?.(PARSED_IN_WORKER);
      if (answer.type === 'done')
        resolve({ ...answer.parsed, trades: pieces.flat(), accountNames: names.flat() });
      else reject(new Error(answer.message));
    });
    // The worker's script did not load or run: the page parses the file itself.
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      worker.terminate();
      parseOnPage(file, onProgress).then(resolve, reject);
    });
    const request: ParseRequest = { file, chunkSize: WORKER_CHUNK_BYTES };
    worker.postMessage(request);
  });
}
