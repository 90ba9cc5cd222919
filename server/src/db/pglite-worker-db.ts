import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Db } from './db';
import {
  deserializeError,
  type SerializedError,
  type WorkerAnswer,
  type WorkerRequest,
  type WorkerStart,
} from './pglite-worker-protocol';

/** A request before it is numbered (distributed over the union, so each kind keeps its own fields). */
type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;
type Call = WithoutId<WorkerRequest>;

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

/**
 * The worker's code: beside this file once compiled (`scripts/build.mjs` bundles it as its own entry), or the
 * TypeScript source when the server runs from its sources (tests, `pnpm dev`), loaded through tsx.
 */
function startWorker(start: WorkerStart): Worker {
  const compiled = !__filename.endsWith('.ts');
  const options = {
    workerData: start,
    transferList: start.loadDataDir ? [start.loadDataDir] : [],
  };
  if (compiled) return new Worker(path.join(__dirname, 'pglite-worker.js'), options);
  const source = path.join(__dirname, 'pglite-worker.ts');
  const code = `require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(source)});`;
  return new Worker(code, { ...options, eval: true });
}

/**
 * Embedded PostgreSQL on a thread of its own. PGlite runs every statement on the thread that calls it, so on the
 * server's thread each write behind the copies (claims, outcomes, order rows, trades) held up every copy that
 * arrived meanwhile: the event loop's delay p99 was 9.5 ms at 50 leader events/s (`pnpm bench copier --open-loop`,
 * docs/bench/copier-open-loop.md). Here the server's thread only passes each statement and its rows across.
 * The same `Db` as `createPgliteDb`: a transaction holds the database until it ends, as in PGlite itself.
 */
export async function createPgliteWorkerDb(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  const start: WorkerStart = {
    dataDir,
    loadDataDir: loadDataDir ? await loadDataDir.arrayBuffer() : undefined,
  };
  const worker = startWorker(start);
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let nextTx = 1;
  let gone: Error | null = null;

  const abandon = (error: Error): void => {
    gone ??= error;
    for (const waiting of pending.values()) waiting.reject(gone);
    pending.clear();
  };

  await new Promise<void>((resolve, reject) => {
    const onStart = (message: { ready?: true; failed?: SerializedError }): void => {
      worker.off('message', onStart);
      if (message.failed) {
        void worker.terminate();
        reject(deserializeError(message.failed));
      } else resolve();
    };
    worker.on('message', onStart);
    worker.once('error', reject);
  });
  worker.on('message', (message: WorkerAnswer) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.ok) waiting.resolve(message.rows ?? []);
    else waiting.reject(deserializeError(message.error));
  });
  worker.on('error', (error) => abandon(error));
  worker.on('exit', (code) => abandon(new Error(`The embedded database stopped (exit code ${code})`)));

  const call = (request: Call): Promise<unknown[]> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } as WorkerRequest);
    });
  };

  const handle = (txId: number | null): Db => {
    const db: Db = {
      kind: 'pglite',
      async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
        return (await call({ op: 'query', sql, params, txId })) as T[];
      },
      async tx<T>(fn: (inner: Db) => Promise<T>): Promise<T> {
        if (txId !== null) return fn(db);
        const id = nextTx++;
        await call({ op: 'begin', txId: id });
        let result: T;
        try {
          result = await fn(handle(id));
        } catch (error) {
          await call({ op: 'end', txId: id, commit: false }).catch(() => undefined);
          throw error;
        }
        await call({ op: 'end', txId: id, commit: true });
        return result;
      },
      async exec(sql: string): Promise<void> {
        await call({ op: 'exec', sql, txId });
      },
      async close(): Promise<void> {
        if (txId !== null || gone) return;
        await call({ op: 'close' });
        gone = new Error('The embedded database is closed');
        await worker.terminate();
      },
    };
    return db;
  };
  return handle(null);
}
