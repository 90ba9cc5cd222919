import { parseCsvFile } from './parse-csv-file';
import { TRADES_PER_MESSAGE, type ParseAnswer, type ParseRequest } from './worker-protocol';

/** The side of a worker scope the parser uses (a dedicated worker's global, or a stand-in in tests). */
export interface ParserScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<ParseRequest>) => void): void;
  postMessage(answer: ParseAnswer): void;
}

/**
 * Answers each parse request of the page: progress while the file is read, then the result. The trades go in
 * pieces: copying 100,000 of them into the page at once held its main thread for a sixth of a second.
 */
export function serveParseRequests(scope: ParserScope): void {
  scope.addEventListener('message', (event) => {
    const { file, chunkSize } = event.data;
    parseCsvFile(file, (fraction) => scope.postMessage({ type: 'progress', fraction }), chunkSize).then(
      (parsed) => {
        for (let start = 0; start < parsed.trades.length; start += TRADES_PER_MESSAGE) {
          scope.postMessage({
            type: 'trades',
            trades: parsed.trades.slice(start, start + TRADES_PER_MESSAGE),
            accountNames: parsed.accountNames.slice(start, start + TRADES_PER_MESSAGE),
          });
        }
        scope.postMessage({ type: 'done', parsed: { ...parsed, trades: [], accountNames: [] } });
      },
      (error: unknown) =>
        scope.postMessage({
          type: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  });
}
