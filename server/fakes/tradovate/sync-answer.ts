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
 * The entity types a sync request asks for: the listed ones. Without the field, none: the guide gives
 * `entityTypes` "the default is an empty array", so the older examples' `{ users: [id] }` alone get an
 * empty snapshot (the stricter reading of the guide against those examples).
 */
export function requestedTypes(body: Body): Set<string> | 'invalid' {
  const listed = body.entityTypes;
  if (listed === undefined) return new Set();
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

/**
 * The request's `accounts` filter (a list of account ids): undefined without it, 'invalid' when it is not a
 * list of numbers.
 */
export function requestedAccounts(body: Body): Set<number> | undefined | 'invalid' {
  const listed = body.accounts;
  if (listed === undefined) return undefined;
  if (!Array.isArray(listed) || listed.some((id) => typeof id !== 'number')) return 'invalid';
  return new Set(listed as number[]);
}

/** The whole `user/syncrequest` answer, over the socket or REST (`POST /user/syncrequest`). */
export function answerSyncRequest(
  snapshot: (onlyAccounts: Set<number> | undefined) => Record<string, unknown>,
  body: Body,
): { status: number; body: unknown; types?: Set<string> } {
  const types = requestedTypes(body);
  if (types === 'invalid') return { status: 400, body: 'entityTypes must be a list of entity type names' };
  const accounts = requestedAccounts(body);
  if (accounts === 'invalid') return { status: 400, body: 'accounts must be a list of account ids' };
  return { status: 200, body: syncAnswer(snapshot(accounts), types, body.splitResponses === true), types };
}
