import { copyClientId } from './client-ids';
import type { PlannedOrder } from './sizing';
import type { CopyIntent, EngineAccount } from './types';

/**
 * The market order the engine sends to a follower for one planned part (a leader fill's copy, a reconciliation's
 * correction, a firm rule's close-out). `index` numbers the parts of one event for that follower, so the client id
 * is the same on every replay of the event; `reason` is shown in the orders list for orders the engine sends on
 * its own.
 */
export function marketIntent(
  eventKey: string,
  follower: Pick<EngineAccount, 'id' | 'userId'>,
  index: number,
  symbol: string,
  part: PlannedOrder,
  reason?: string,
): CopyIntent {
  return {
    clientOrderId: copyClientId(eventKey, follower.id, index),
    eventKey,
    userId: follower.userId,
    accountId: follower.id,
    symbol,
    side: part.side,
    qty: part.qty,
    type: 'Market',
    price: null,
    stopPrice: null,
    exit: part.exit,
    leaderOrderId: null,
    ...(reason === undefined ? {} : { reason }),
  };
}
