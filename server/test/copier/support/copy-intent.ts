import type { CopyIntent } from '../../../src/copier/engine/types';

/** A market copy of follower 2 of user 1, as the engine stores it before sending (an entry unless told). */
export function marketCopy(
  clientOrderId: string,
  symbol: string,
  side: 'buy' | 'sell',
  qty: number,
  over: Partial<CopyIntent> = {},
): CopyIntent {
  return {
    clientOrderId,
    eventKey: 'f1-a',
    userId: 1,
    accountId: 2,
    symbol,
    side,
    qty,
    type: 'Market',
    price: null,
    stopPrice: null,
    exit: false,
    leaderOrderId: null,
    ...over,
  };
}
