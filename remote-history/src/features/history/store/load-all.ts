import { currentUserId, FALLBACK, getTradeHistory, type Trade } from '@synctrade/api';
import { rangeQuery } from '../lib/range';
import { scopeQuery } from '../lib/scope';
import { useHistoryStore } from './history-store';

/** Every trade of the chosen range and scope (the spec's plain form), for Export when the dashboard shows one page. */
export async function loadAllTrades(): Promise<Trade[]> {
  const userId = currentUserId();
  if (userId === null) throw new Error(FALLBACK.history);
  const { range, scope } = useHistoryStore.getState();
  return (await getTradeHistory(userId, { ...rangeQuery(range), ...scopeQuery(scope) })).trades;
}
