import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openPglite } from './pglite-options';
import {
  CREATE_FOLDER_FLAG,
  serializeError,
  type WorkerAnswer,
  type WorkerRequest,
  type WorkerStart,
} from './pglite-worker-protocol';

/**
 * The embedded database's own thread: PGlite runs PostgreSQL compiled to WebAssembly, so every statement runs on
 * the thread that calls it. Here that is this worker, not the server's thread that sends the copies
 * (`pglite-worker-db.ts` is the other end).
 */
interface OpenTransaction {
  tx: Transaction;
  /** Ends the transaction's callback: resolved commits, rejected rolls back. */
  finish: (commit: boolean) => void;
  /** The `end` request to answer once the transaction has ended. */
  endId: number | null;
}

const ROLLBACK = Symbol('rollback');

async function serve(port: NonNullable<typeof parentPort>, start: WorkerStart): Promise<void> {
  const loadDataDir = start.loadDataDir ? new Blob([start.loadDataDir]) : undefined;
  const pglite = await openPglite(start.dataDir, loadDataDir);
  const open = new Map<number, OpenTransaction>();
  const answer = (message: WorkerAnswer): void => port.postMessage(message);
  const fail = (id: number, error: unknown): void => answer({ id, ok: false, error: serializeError(error) });

  const target = (txId: number | null): PGlite | Transaction => {
    if (txId === null) return pglite;
    const held = open.get(txId);
    if (!held) throw new Error(`The transaction ${txId} is not open`);
    return held.tx;
  };

  const begin = (id: number, txId: number): void => {
    let began = false;
    const ended = pglite.transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          open.set(txId, {
            tx,
            finish: (commit) => (commit ? resolve() : reject(ROLLBACK)),
            endId: null,
          });
          began = true;
          answer({ id, ok: true });
        }),
    );
    ended.then(
      () => settle(txId, null),
      (error: unknown) => {
        if (began) settle(txId, error === ROLLBACK ? null : error);
        else fail(id, error); // `BEGIN` itself failed: the caller is still waiting for the start.
      },
    );
  };

  const settle = (txId: number, error: unknown): void => {
    const held = open.get(txId);
    open.delete(txId);
    if (held?.endId == null) return;
    if (error === null) answer({ id: held.endId, ok: true });
    else fail(held.endId, error);
  };

  port.on('message', (request: WorkerRequest) => {
    void (async () => {
      try {
        switch (request.op) {
          case 'query': {
            const result = await target(request.txId).query(request.sql, request.params);
            answer({ id: request.id, ok: true, rows: result.rows });
            return;
          }
          case 'exec':
            await target(request.txId).exec(request.sql);
            answer({ id: request.id, ok: true });
            return;
          case 'begin':
            begin(request.id, request.txId);
            return;
          case 'end': {
            const held = open.get(request.txId);
            if (!held) throw new Error(`The transaction ${request.txId} is not open`);
            held.endId = request.id;
            held.finish(request.commit);
            return;
          }
          case 'close':
            await pglite.close();
            answer({ id: request.id, ok: true });
            return;
        }
      } catch (error) {
        fail(request.id, error);
      }
    })();
  });
  port.postMessage({ ready: true });
}

if (parentPort) {
  const port = parentPort;
  serve(port, workerData as WorkerStart).catch((error: unknown) => {
    port.postMessage({ failed: serializeError(error) });
  });
} else if (process.argv[2] === CREATE_FOLDER_FLAG && process.argv[3]) {
  // Run as a process of its own (`pglite-create.ts`): creates the database in a new folder and exits.
  openPglite(process.argv[3])
    .then((pglite) => pglite.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
}
