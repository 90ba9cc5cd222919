import type { BrokerId } from '@synctrade/api/types';
import type { PaceShortfall } from '../engine/throttle';

const BROKER_NAMES: Record<BrokerId, string> = {
  tradovate: 'Tradovate',
  projectx: 'ProjectX',
  rithmic: 'Rithmic',
  dxfeed: 'dxFeed',
  sim: 'paper',
};

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The arithmetic of a login that cannot keep up with the leader's recent pace, in words: one request per follower
 * per leader order, against the login's budget.
 */
export function paceWarningText(shortfall: PaceShortfall, broker: BrokerId): string {
  const {
    followers,
    groups,
    leaderOrdersPerMinute: pace,
    requestsPerMinute,
    limitPerMinute: limit,
  } = shortfall;
  if (groups > 1)
    return (
      `${plural(followers, 'follower')} of ${groups} copy groups on this ${BROKER_NAMES[broker]} login need one ` +
      `request each per order of their leader; at their leaders' pace that is ${plural(requestsPerMinute, 'request')} ` +
      `a minute against a limit of ${limit}`
    );
  return (
    `${plural(followers, 'follower')} on this ${BROKER_NAMES[broker]} login ${followers === 1 ? 'needs' : 'need'} ` +
    `${plural(followers, 'request')} per leader order; at the leader's pace of ${plural(pace, 'order')} a minute ` +
    `that is ${plural(followers * pace, 'request')} a minute against a limit of ${limit}`
  );
}
