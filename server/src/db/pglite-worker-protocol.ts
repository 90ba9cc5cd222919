/** What the server's thread asks the embedded database's thread (`pglite-worker.ts`), one message per call. */
export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; txId: number | null }
  | { id: number; op: 'exec'; sql: string; txId: number | null }
  /** Starts a transaction; the answer comes once it holds the database. */
  | { id: number; op: 'begin'; txId: number }
  /** Commits (or rolls back) the transaction; the answer comes once it has ended. */
  | { id: number; op: 'end'; txId: number; commit: boolean }
  | { id: number; op: 'close' };

export type WorkerAnswer =
  { id: number; ok: true; rows?: unknown[] } | { id: number; ok: false; error: SerializedError };

/** An error as it crosses threads: its message and PostgreSQL's fields (`code`, `constraint`, `detail`...). */
export interface SerializedError {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean>;
}

/** The worker's file run as a process of its own with this and a folder: creates the database there, then exits. */
export const CREATE_FOLDER_FLAG = '--create-folder';

/** How the worker starts: a data folder (or memory), and a dumped data folder to start from (tests). */
export interface WorkerStart {
  dataDir: string | undefined;
  loadDataDir: ArrayBuffer | undefined;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  return { message: error.message, name: error.name, fields };
}

/** The error again on the caller's thread, with the caller's stack and the database's fields. */
export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  Object.assign(error, serialized.fields);
  error.name = serialized.name;
  return error;
}
