import type { Body } from './api-reads';

/**
 * `user/syncrequest` as documented now (https://partner.tradovate.com/overview/core-concepts/web-sockets/
 * user-syncrequest): `entityTypes` lists what the client wants ("the default is an empty array"), and
 * `splitResponses` asks for the answer in parts. The snapshot's collections are named by entity type.
 */
const collectionOf: Record<string, string> = {
  user: 'users',
  account: 'accounts',
  accountRiskStatus: 'accountRiskStatuses',
  cashBalance: 'cashBalances',
  position: 'positions',
  order: 'orders',
  orderVersion: 'orderVersions',
  command: 'commands',
  commandReport: 'commandReports',
  executionReport: 'executionReports',
  fill: 'fills',
  fillPair: 'fillPairs',
  contract: 'contracts',
  product: 'products',
};

export const knownEntityTypes = Object.keys(collectionOf);

/**
 * The entity types a sync request asks for: the listed ones (an empty list: none); without the field, every
 * type, as the older examples (`{ users: [id] }`) still get.
 */
export function requestedTypes(body: Body): Set<string> | 'invalid' {
  const listed = body.entityTypes;
  if (listed === undefined) return new Set(knownEntityTypes);
  if (!Array.isArray(listed) || listed.some((type) => typeof type !== 'string')) return 'invalid';
  return new Set(listed.filter((type): type is string => typeof type === 'string' && type in collectionOf));
}

/** The snapshot cut to the requested types: one object, or with `splitResponses` one part per entity type. */
export function syncAnswer(snapshot: Record<string, unknown>, types: Set<string>, split: boolean): unknown {
  const wanted = [...types].flatMap((type) => {
    const key = collectionOf[type];
    return key && snapshot[key] !== undefined ? [[key, snapshot[key]] as const] : [];
  });
  if (split) return wanted.map(([key, value]) => ({ [key]: value }));
  return Object.fromEntries(wanted);
}
