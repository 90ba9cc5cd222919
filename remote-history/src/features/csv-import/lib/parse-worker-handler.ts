import { parseCsvFile } from './parse-csv-file';
import type { ParseAnswer, ParseRequest } from './worker-protocol';

/** The side of a worker scope the parser uses (a dedicated worker's global, or a stand-in in tests). */
export interface ParserScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<ParseRequest>) => void): void;
  postMessage(answer: ParseAnswer): void;
}

/** Answers each parse request of the page: progress while the file is read, then the result. */
export function serveParseRequests(scope: ParserScope): void {
  scope.addEventListener('message', (event) => {
    const { file, chunkSize } = event.data;
    parseCsvFile(file, (fraction) => scope.postMessage({ type: 'progress', fraction }), chunkSize).then(
      (parsed) => scope.postMessage({ type: 'done', parsed }),
      (error: unknown) =>
        scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  });
}
