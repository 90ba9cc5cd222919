import Papa from 'papaparse';
import { ImportCollector, type ParsedImport } from './collector';
import { cleanHeader, type CsvRow } from './columns';

/** Bytes read per step: small enough that each step takes a few milliseconds, so the page stays responsive. */
export const PARSE_CHUNK_BYTES = 256 * 1024;

/**
 * Reads a CSV file step by step (the browser reads each slice asynchronously, so a page running it keeps painting
 * between steps) and reports progress as a fraction of the file read. The dialog runs it in a Web Worker
 * (`parse-off-main-thread.ts`); on the page only where no worker can run.
 */
export function parseCsvFile(
  file: File,
  onProgress: (fraction: number) => void = () => undefined,
  chunkSize = PARSE_CHUNK_BYTES,
): Promise<ParsedImport> {
  const collector = new ImportCollector();
  let started = false;
  let nextRow = 2;
  return new Promise((resolve, reject) => {
    Papa.parse<CsvRow>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: cleanHeader,
      chunkSize,
      chunk(results, parser) {
        // Until a whole header line has been read, a step carries no fields yet.
        if (!started && !results.meta.fields?.length) return;
        if (!started) {
          started = true;
          if (!collector.start(results.meta.fields ?? [])) {
            parser.abort();
            return;
          }
        }
        const broken = new Map<number, string>();
        for (const error of results.errors) {
          if (typeof error.row === 'number') broken.set(error.row, error.message);
        }
        results.data.forEach((row, index) => {
          const rowNumber = nextRow + index;
          const problem = broken.get(index);
          if (problem) collector.reject(rowNumber, problem);
          else collector.add(row, rowNumber);
        });
        nextRow += results.data.length;
        onProgress(file.size ? Math.min(1, results.meta.cursor / file.size) : 1);
      },
      complete() {
        if (!started) collector.start([]);
        onProgress(1);
        resolve(collector.finish());
      },
      error(error) {
        reject(error);
      },
    });
  });
}
