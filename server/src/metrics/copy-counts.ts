import type { CopyEngine } from '../copier/engine/engine';
import { observeCopies } from '../copier/engine/metrics';
import type { CopyOutcome, CopySkip } from '../copier/engine/types';
import { reasonCodeOf } from './reason-codes';
import type { ServerMetrics } from './registry';

/** Copies whose outcome is not heard yet, at most: an outcome heard for none of them is not counted. */
const PENDING_MAX = 100_000;

/**
 * Counts the engine's copies, rejections and reconciliation corrections per broker, from what it stores: each
 * claimed copy is counted once, by its first outcome (later ones correct it, they are not new copies).
 */
export function countCopies(
  engine: CopyEngine,
  metrics: ServerMetrics,
  brokerOf: (connectionId: number) => Promise<string>,
): () => void {
  const pending = new Map<string, number>();
  const brokerOfAccount = async (accountId: number): Promise<string> => {
    const account = engine.accounts.get(accountId);
    return account === undefined ? 'unknown' : brokerOf(account.connectionId);
  };
  const onOutcome = async (outcome: CopyOutcome, accountId: number): Promise<void> => {
    const broker = await brokerOfAccount(accountId);
    if (outcome.status === 'Rejected' || outcome.status === 'Canceled') {
      metrics.copies.inc({ broker, result: outcome.status === 'Rejected' ? 'rejected' : 'canceled' });
      const reason = reasonCodeOf(outcome.reason, outcome.brokerOrderId !== null);
      metrics.rejections.inc({ broker, reason });
      return;
    }
    metrics.copies.inc({ broker, result: 'accepted' });
    if (outcome.sentMs !== null)
      metrics.copyLatency.observe({ broker, stage: 'sent' }, outcome.sentMs / 1000);
    if (outcome.ackMs !== null) metrics.copyLatency.observe({ broker, stage: 'ack' }, outcome.ackMs / 1000);
  };
  const onSkip = async (skip: CopySkip): Promise<void> => {
    const broker = await brokerOfAccount(skip.accountId);
    metrics.rejections.inc({ broker, reason: 'skipped' });
  };
  return observeCopies(engine.metrics, {
    claimed: (request, result) => {
      for (const intent of request.intents) {
        if (!result.claimed.has(intent.clientOrderId)) continue;
        if (pending.size >= PENDING_MAX) pending.clear();
        pending.set(intent.clientOrderId, intent.accountId);
        // Reconciliation's own orders (a firm rule's close-out carries its reason and is not a correction).
        if (intent.eventKey.startsWith('s') && intent.reason === undefined)
          void brokerOfAccount(intent.accountId).then((broker) => metrics.corrections.inc({ broker }));
      }
      if (result.fresh) for (const skip of request.skips) void onSkip(skip);
    },
    outcome: (outcome) => {
      const accountId = pending.get(outcome.clientOrderId);
      if (accountId === undefined) return;
      pending.delete(outcome.clientOrderId);
      void onOutcome(outcome, accountId);
    },
    skipped: (skip) => void onSkip(skip),
  });
}
