import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OWNER_PREFIXES } from './forward';

/** Requests that change a trader's copy setup (groups, roles, ratios, settings, accounts); order tickets do not. */
const SETUP_PREFIXES = OWNER_PREFIXES.filter((prefix) => !prefix.startsWith('/api/v1/sim/'));
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ChangeNoticeDeps {
  /** The fencing token of the lease this node holds on the user's group and vouches for, or null. */
  heldToken: (userId: number) => number | null;
  /** Tells the other nodes that the user's copy setup changed (the owner reloads it). */
  tellOthers: (userId: number) => void;
}

/**
 * A change to a trader's copy setup is served here when this node owns the group, and also when no node owned it
 * as the request came in, or when it was forwarded here just as the group moved away: the engine that runs the
 * group may then have loaded the setup before this request's write and would copy with the old one (a follower
 * moved to another group kept following its old leader, into the wrong side). Unless this node held the same
 * lease from the request's start to its answer, the other nodes are told before the answer goes out, and the
 * owner loads the setup again.
 */
export function installChangeNotices(app: FastifyInstance, deps: ChangeNoticeDeps): void {
  const heldAtStart = new WeakMap<FastifyRequest, { userId: number; token: number | null }>();
  app.addHook('preHandler', async (request) => {
    const user = request.user as { id: number } | null;
    if (user === null || READS.has(request.method)) return;
    if (!SETUP_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    heldAtStart.set(request, { userId: user.id, token: deps.heldToken(user.id) });
  });
  app.addHook('onSend', async (request) => {
    const start = heldAtStart.get(request);
    if (start === undefined) return;
    heldAtStart.delete(request);
    if (start.token === null || deps.heldToken(start.userId) !== start.token) deps.tellOthers(start.userId);
  });
}
