import type { BrokerEvent } from '../../brokers/types';
import type { ClaimRequest, ClaimResult, CopyStore } from './ports';
import type { CopyIntent, CopyOutcome, CopySkip, EngineAccount } from './types';
import { withFields } from '../../runtime/with-fields';

export interface StoredIntent extends CopyIntent {
  outcome: CopyOutcome | null;
}

/**
 * The engine's store in memory, for the property tests and the bench. It keeps the same contract as the
 * SQL store: a claim is atomic, a replayed event claims nothing, outcomes are recorded behind.
 */
export class MemoryCopyStore implements CopyStore {
  readonly events = new Set<string>();
  readonly intents = new Map<string, StoredIntent>();
  readonly skips: CopySkip[] = [];
  brokerEvents = 0;
  /** Tests: the next claim stores its intents and then the process "dies" before anything is sent. */
  crashAfterNextClaim = false;

  async open(): Promise<void> {
    // Memory starts empty.
  }

  async claim({ eventKey, intents, skips }: ClaimRequest): Promise<ClaimResult> {
    if (this.events.has(eventKey)) return { fresh: false, claimed: new Set() };
    this.events.add(eventKey);
    this.skips.push(...skips);
    const claimed = new Set<string>();
    for (const intent of intents) {
      if (this.intents.has(intent.clientOrderId)) continue;
      this.intents.set(intent.clientOrderId, withFields(intent, { outcome: null }));
      claimed.add(intent.clientOrderId);
    }
    if (this.crashAfterNextClaim) {
      this.crashAfterNextClaim = false;
      throw new Error('Engine stopped after the intent write');
    }
    return { fresh: true, claimed };
  }

  recordOutcome(outcome: CopyOutcome): void {
    const intent = this.intents.get(outcome.clientOrderId);
    if (intent !== undefined) intent.outcome = outcome;
  }

  recordSkip(skip: CopySkip): void {
    this.skips.push(skip);
  }

  recordBrokerEvent(_account: EngineAccount, _event: BrokerEvent, _role: 'leader' | 'copy' | 'manual'): void {
    this.brokerEvents += 1;
  }

  async unresolved(accountIds: readonly number[]): Promise<CopyIntent[]> {
    return [...this.intents.values()].filter(
      (intent) => intent.outcome === null && accountIds.includes(intent.accountId),
    );
  }

  async flush(): Promise<void> {
    // Nothing is written behind in memory.
  }
}
