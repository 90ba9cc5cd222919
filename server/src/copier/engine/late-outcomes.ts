import type { BrokerOrder } from '../../brokers/types';
import type { EngineContext } from './context';
import { outcomeOfOrder } from './status-map';
import { isLiveOrder, leaderOf, recordMirror, sendOrderSeen, sendSettled } from './state';
import type { EngineAccount } from './types';
import { withFields } from '../../runtime/with-fields';

/**
 * A copy's order as the follower's feed shows it. While its send waits for the broker's answer, the order is
 * kept, so an answer lost afterwards leaves no doubt. Once the answer and the look-up were both lost, the feed
 * is all the engine will hear of the copy: each new state of its order is recorded as its outcome until it ends.
 */
export function copyOrderSeen(ctx: EngineContext, account: EngineAccount, order: BrokerOrder): void {
  const live = ctx.live.get(account.id);
  const clientOrderId = order.clientOrderId;
  if (live === undefined || clientOrderId === null) return;
  const now = ctx.clock.now();
  const send = sendOrderSeen(live, clientOrderId, order, now);
  if (send === undefined || !send.lost || send.seen?.order.status === order.status) return;
  ctx.store.recordOutcome(
    withFields(outcomeOfOrder(clientOrderId, order, send.sentMs, now - send.receivedAt), {
      correctsUnknown: true,
    }),
  );
  const leader = leaderOf(ctx.groups.get(account.userId), account);
  if (send.leaderOrderId !== null && leader !== null) recordMirror(leader, clientOrderId, order.orderId);
  if (!isLiveOrder(order)) sendSettled(live, clientOrderId);
}
