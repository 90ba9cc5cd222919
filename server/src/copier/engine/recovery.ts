import type { EngineContext } from './context';
import { leaderOf, recordMirror } from './state';
import { outcomeOfOrder } from './status-map';

/**
 * After a restart: intents stored but never confirmed are looked up at the broker by client order id.
 * Found: the outcome is recorded. Not found: the intent is closed unsent (a stale market order is never
 * sent late); reconciliation then brings the follower to leader × ratio. Answers the accounts with a copy
 * closed unsent: they are corrected even with auto-sync off, since the copy they miss is ours, not drift.
 */
export async function recoverUnresolved(
  ctx: EngineContext,
  accountIds: readonly number[],
): Promise<number[]> {
  const unsent = new Set<number>();
  for (const intent of await ctx.store.unresolved(accountIds)) {
    const account = ctx.accounts.get(intent.accountId);
    const entry = account === undefined ? undefined : ctx.sessions.get(account.connectionId);
    if (account === undefined || entry === undefined) continue;
    try {
      const order = await entry.session.findOrderByClientId(account.externalId, intent.clientOrderId);
      ctx.store.recordOutcome(
        order === null
          ? {
              clientOrderId: intent.clientOrderId,
              status: 'Canceled',
              brokerOrderId: null,
              reason: 'Not sent: the engine restarted before sending; the position was reconciled instead',
              sentMs: null,
              ackMs: null,
            }
          : outcomeOfOrder(intent.clientOrderId, order),
      );
      if (order === null) unsent.add(intent.accountId);
      const leader = leaderOf(ctx.groups.get(account.userId), account);
      if (order !== null && intent.leaderOrderId !== null && leader !== null)
        recordMirror(leader, intent.clientOrderId, order.orderId);
    } catch (error: unknown) {
      ctx.log(error, `recover intent ${intent.clientOrderId}`);
    }
  }
  return [...unsent];
}
