import { fork } from 'node:child_process';
import path from 'node:path';
import { CREATE_FOLDER_FLAG } from './pglite-worker-protocol';

/**
 * Creates the embedded database in a new folder (PostgreSQL's initdb, inside PGlite) in a process of its own that
 * then exits. In the server's process, even on a thread that ended after it, initdb left its memory behind: the
 * blocks it freed stayed in the C allocator's arenas of the threads that ran it, 319 MB resident at idle after a
 * first start against 241 MB after a restart (`pnpm bench memory`, docs/bench/memory.md, 2026-12-06).
 */
export function createPgliteFolder(folder: string): Promise<void> {
  // The worker's file: beside this one once compiled (`scripts/build.mjs`), or its source under tsx.
  const compiled = !__filename.endsWith('.ts');
  const file = path.join(__dirname, compiled ? 'pglite-worker.js' : 'pglite-worker.ts');
  const child = fork(file, [CREATE_FOLDER_FLAG, folder], {
    execArgv: compiled ? [] : ['--require', require.resolve('tsx/cjs')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`Creating the embedded database failed (${signal ?? `exit code ${code}`})`));
    });
  });
}
