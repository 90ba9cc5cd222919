import { PGlite, types } from '@electric-sql/pglite';

const parsers = {
  [types.INT8]: (value: string): number => Number(value),
  [types.NUMERIC]: (value: string): number => Number(value),
};

/**
 * PGlite's own start parameters, and:
 * - a new WAL segment created at its size without writing 16 MB of zeros first (`wal_init_zero`). PGlite runs
 *   without fsync (`-F`), so the zeros bought no durability; they were 48 of the 134 MB written while 100,000
 *   trades were imported (`pnpm bench history`), and with them the import took 3.6–5.1 s against 3.5–3.6 s without
 *   (docs/bench/history.md, 2026-11-29);
 * - 16 MB of shared buffers instead of initdb's 128 MB. PostgreSQL's shared memory is the WebAssembly memory of
 *   the database's thread, touched whole at start-up and never handed back: 110–120 MB of the server's resident
 *   memory at idle (`pnpm bench memory`, docs/bench/memory.md, 2026-12-05). Pages beyond them are read from the
 *   operating system's file cache; importing 100,000 trades and reading their statistics and pages took the same
 *   time with either size (same date).
 */
const START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'wal_init_zero=off',
  '-c',
  'shared_buffers=16MB',
];

/**
 * PGlite on the calling thread: a data folder on disk, or memory when `dataDir` is undefined, optionally starting
 * from a dumped data folder. Counts and numerics are parsed into numbers, as on PostgreSQL (the parsers are the
 * instance's: given again per query, PGlite copies its whole table of parsers for that query and reads every
 * value through the copy, a third of a 20-row read's time).
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  const options = { parsers, startParams: [...START_PARAMS], ...(loadDataDir ? { loadDataDir } : {}) };
  const pglite = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await pglite.waitReady;
  return pglite;
}
