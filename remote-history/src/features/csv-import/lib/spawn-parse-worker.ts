import { startWorker } from './start-worker';

/**
 * The build bundles the worker of `parserWorkers.start(new URL(...))` like that of `new Worker(new URL(...))` (see
 * the remote's webpack config). Kept alone in this module: jest cannot load `import.meta`, so only browsers import it.
 */
const parserWorkers = { start: startWorker };

/**
 * The parser worker. Its file has a fixed name, revalidated on each load like the remote's entry: the federation
 * runtime in a worker's bundle needs the file's path before content hashes exist.
 */
export function spawnParseWorker(): Worker {
  return parserWorkers.start(
    /* webpackEntryOptions: { filename: "static/js/csv-parser.worker.js" } */
    new URL('./parse-csv.worker.ts', import.meta.url),
    { name: 'csv-parser' },
  );
}
