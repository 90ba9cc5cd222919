/**
 * Client order ids are deterministic: the same leader event and follower always give the same id, so a
 * retry or a replay can be recognized at the broker and in the store.
 */
export const COPY_PREFIX = 'st';

export function fillEventKey(leaderAccountId: number, fillId: string): string {
  return `f${leaderAccountId}-${fillId}`;
}

export function mirrorEventKey(leaderAccountId: number, leaderOrderId: string): string {
  return `m${leaderAccountId}-${leaderOrderId}`;
}

export function syncEventKey(followerAccountId: number, sequence: string): string {
  return `s${followerAccountId}-${sequence}`;
}

export function copyClientId(eventKey: string, followerAccountId: number, part: number): string {
  return `${COPY_PREFIX}.${eventKey}.${followerAccountId}${part === 0 ? '' : `.${part}`}`;
}

export function isCopyClientId(clientOrderId: string | null): boolean {
  return clientOrderId !== null && clientOrderId.startsWith(`${COPY_PREFIX}.`);
}

/** The leader order a mirror copies, read back from its client id (reconciliation). */
export function mirroredLeaderOrder(clientOrderId: string | null, leaderAccountId: number): string | null {
  const prefix = `${COPY_PREFIX}.m${leaderAccountId}-`;
  if (clientOrderId === null || !clientOrderId.startsWith(prefix)) return null;
  return clientOrderId.slice(prefix.length).split('.')[0] ?? null;
}

/**
 * The event key of an order planned again when its turn came (converge, don't replay): derived from the copy it
 * replaces, which is replaced once, so its client order id is unique and the same on every look-up.
 */
export function replanEventKey(replacedClientOrderId: string): string {
  return `r${replacedClientOrderId.slice(COPY_PREFIX.length + 1)}`;
}
