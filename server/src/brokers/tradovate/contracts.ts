import { asArray, oneOrMany } from './json';
import type { FeedState } from './feed-state';
import { parseContract } from './entities';
import type { TradovateRest } from './rest-client';

/** Names contracts the feed mentions by id only (`contract/items?ids=`), so events carry symbols like ESZ6. */
export async function resolveContracts(rest: TradovateRest, state: FeedState, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const reply = await rest.call({ method: 'GET', path: 'contract/items', query: { ids: ids.join(',') } });
  for (const contract of asArray(oneOrMany(reply), 'contract list'))
    state.putContract(parseContract(contract));
}
