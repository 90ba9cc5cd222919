import { frontMonth } from '@synctrade/market';
import { BrokerError, type BrokerOrder, type PlaceOrderCommand } from '../../../src/brokers/types';
import { Harness } from './harness';
import { ScriptedFollower } from './scripted-follower';

const ES = frontMonth('ES');
/** The one follower of `lostCopy`'s group. */
export const FOLLOWER = 2;

/**
 * A copy sent, its answer lost, and the look-up failing too: nobody knows whether it reached the broker. On
 * Tradovate such a request can still land after the engine gave up on it. Until a look-up tells, the copy
 * must count as held, or the copies after it fill the follower up to its max net position and the late one
 * carries it past.
 */
export async function lostCopy(): Promise<{
  h: Harness;
  broker: ScriptedFollower;
  land: () => Promise<BrokerOrder>;
}> {
  const h = new Harness([{ ratio: 1, risk: { maxContractsPerOrder: 1, maxNetPosition: 2 } }]);
  const broker = new ScriptedFollower(h, FOLLOWER);
  let held: { command: PlaceOrderCommand; place: (c: PlaceOrderCommand) => Promise<BrokerOrder> } | null =
    null;
  broker.places.push((command, place) => {
    held = { command, place };
    return Promise.reject(new BrokerError('Request timed out', 'uncertain'));
  });
  broker.finds.push(() => Promise.reject(new BrokerError('Too many requests', 'rate_limited')));
  await h.start();
  await h.leaderOrder({ symbol: ES, side: 'buy', qty: 1, type: 'Market' });
  await h.settle();
  const land = (): Promise<BrokerOrder> => {
    if (held === null) throw new Error('No copy was held back');
    return held.place(held.command);
  };
  return { h, broker, land };
}
