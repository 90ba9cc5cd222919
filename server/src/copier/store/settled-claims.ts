import type { CopyPatch } from './batch-writer';
import type { ClaimRow } from './claim-rows';
import type { JournalEntry } from './intent-journal';
import { withFields } from '../../runtime/with-fields';

/** A follower order of a claim placed at its broker: its account and the broker's id for it. */
export interface PlacedOrder {
  account_id: number;
  broker_order_id: string;
}

export interface SettledClaims {
  /** The patches of copies claimed in the same batch, by client order id: written with their claim's row. */
  patches: ReadonlyMap<string, CopyPatch>;
  /** Those copies with a broker order id: a row recorded as manual for that order is the copy itself. */
  placed: PlacedOrder[];
}

/**
 * The copies of a batch whose claim is in the same batch (a copy sent and answered within one write's wait, the
 * usual case with the intent journal): their rows can be inserted with what the patch knows instead of inserted
 * pending and updated, which on PostgreSQL writes a second version of the row and of every index entry.
 */
export function settleClaims(claims: readonly JournalEntry[], copies: readonly CopyPatch[]): SettledClaims {
  const byId = new Map(copies.map((copy) => [copy.client_order_id, copy]));
  const patches = new Map<string, CopyPatch>();
  const placed: PlacedOrder[] = [];
  for (const claim of claims)
    for (const intent of claim.intents) {
      const patch = byId.get(intent.client_order_id);
      if (patch === undefined) continue;
      patches.set(intent.client_order_id, patch);
      if (patch.broker_order_id === null) continue;
      placed.push({ account_id: intent.account_id, broker_order_id: patch.broker_order_id });
    }
  return { patches, placed };
}

/** A claim's follower order as the claim statement reads it; with its patch, the state the patch brings. */
export function claimRecord(entry: JournalEntry, intent: ClaimRow, patch: CopyPatch | undefined): object {
  const claimed = { event_key: entry.eventKey, user_id: entry.userId, at: entry.at };
  if (patch === undefined) return withFields(intent, claimed);
  return withFields(intent, {
    ...claimed,
    status: patch.status,
    broker_order_id: patch.broker_order_id,
    // As the patch's update would: a reason cleared (an outcome learned after "unknown") even when none is new.
    reason: patch.reason ?? (patch.clear_reason === true ? null : intent.reason),
    price: patch.price ?? intent.price,
    qty: patch.qty ?? intent.qty,
    sent_ms: patch.sent_ms,
    ack_ms: patch.ack_ms,
    resolved: true,
  });
}
