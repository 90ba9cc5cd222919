import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrokerEvent } from '../../../src/brokers/types';
import type { ClaimRequest, ClaimResult, CopyStore } from '../../../src/copier/engine/ports';
import type { CopyIntent, CopyOutcome, CopySkip, EngineAccount } from '../../../src/copier/engine/types';
import { JournaledCopyStore } from '../../../src/copier/store/journaled-store';
import { SqlCopyStore } from '../../../src/copier/store/sql-store';
import type { Db } from '../../../src/db/db';

/** The journal folder of the embedded database's store: one per test file, kept across engine restarts. */
export function journalFolder(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'synctrade-journal-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The store the server picks for this database (`copyStoreFor`): the claim statement on PostgreSQL, the
 * in-memory claim and intent journal on PGlite. It can "die" right after the claim of one chosen event: the
 * intents are stored, then the engine is gone before any of them is sent.
 */
export class CrashableStore implements CopyStore {
  /** The event key whose claim is the last thing the engine does. */
  crashOn: string | null = null;
  crashes = 0;
  private readonly inner: SqlCopyStore;

  constructor(db: Db, journalDir: string, onError: (error: unknown) => void) {
    this.inner =
      db.kind === 'postgres'
        ? new SqlCopyStore(db, onError)
        : new JournaledCopyStore(db, { dir: journalDir, onError });
  }

  open(): Promise<void> {
    return this.inner.open();
  }

  async claim(request: ClaimRequest): Promise<ClaimResult> {
    const claim = await this.inner.claim(request);
    if (request.eventKey !== this.crashOn) return claim;
    this.crashOn = null;
    this.crashes += 1;
    throw new Error('Engine stopped after the intent write');
  }

  recordOutcome(outcome: CopyOutcome): void {
    this.inner.recordOutcome(outcome);
  }

  recordSkip(skip: CopySkip): void {
    this.inner.recordSkip(skip);
  }

  recordBrokerEvent(account: EngineAccount, event: BrokerEvent, role: 'leader' | 'copy' | 'manual'): void {
    this.inner.recordBrokerEvent(account, event, role);
  }

  unresolved(accountIds: readonly number[]): Promise<CopyIntent[]> {
    return this.inner.unresolved(accountIds);
  }

  flush(): Promise<void> {
    return this.inner.flush();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
