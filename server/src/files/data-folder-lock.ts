import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lock } from 'proper-lockfile';

/** A lock its holder stopped refreshing (the process was killed) is free again after this long. */
const STALE_MS = 10_000;
const RETRY_MS = 500;

/** Another server holds the data folder. */
export class DataFolderInUse extends Error {}

export interface DataFolderLockOptions {
  /** Called if the lock could not be kept (not refreshed in time): a second server could then start on the folder. */
  onLost: (error: Error) => void;
  staleMs?: number;
  /** How long a start waits for a lock held by another process: by default long enough for a killed one's to go stale. */
  waitMs?: number;
}

/**
 * One server per data folder. The embedded database's files and the journals beside them are written by one
 * process only: a second server started on the same folder (a restart while the previous process still runs, two
 * services given one folder) would open the database under the first one and move the journals it is writing,
 * and the folder would not survive the next crash. The second start stops before it opens anything. Answers the
 * release.
 */
export async function lockDataFolder(
  dir: string,
  options: DataFolderLockOptions,
): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  const lockfilePath = path.join(dir, 'server.lock');
  const staleMs = options.staleMs ?? STALE_MS;
  const waitMs = options.waitMs ?? staleMs + 2 * RETRY_MS;
  // A holder that no longer exists (killed) frees the folder at once rather than once its lock is stale. Two starts
  // in the same instant could both clear such a lock; mkdir then still lets only one of them take it.
  const holderFile = path.join(dir, 'server.pid');
  const holder = holderOf(holderFile);
  if (holder !== null && holder !== process.pid && !isAlive(holder))
    rmSync(lockfilePath, { recursive: true, force: true });
  try {
    const release = await lock(dir, {
      stale: staleMs,
      lockfilePath,
      retries: {
        retries: Math.ceil(waitMs / RETRY_MS),
        factor: 1,
        minTimeout: RETRY_MS,
        maxTimeout: RETRY_MS,
      },
      onCompromised: options.onLost,
    });
    writeFileSync(holderFile, String(process.pid));
    return async () => {
      rmSync(holderFile, { force: true });
      await release();
    };
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new DataFolderInUse(
      `The data folder ${dir} is in use by another SyncTrade server: stop that one first, or give this one its own DATA_DIR`,
    );
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error: unknown) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
