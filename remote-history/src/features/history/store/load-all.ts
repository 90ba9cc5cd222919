import { currentUserId, FALLBACK, getTradeHistory, type Trade } from '@synctrade/api';
import { rangeQuery } from '../lib/range';
import { useHistoryStore } from './history-store';

/** Every trade of the chosen range (the spec's plain form), for Export when the dashboard shows one page. */
export async function loadAllTrades(): Promise<Trade[]> {
  const userId = currentUserId();
  if (userId === null) throw new Error(FALLBACK.history);
  return (await getTradeHistory(userId, rangeQuery(useHistoryStore.getState().range))).trades;
}
