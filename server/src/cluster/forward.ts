import { Readable } from 'node:stream';
import type { ReadableStream as WebReadable } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LeaseStore } from './lease-store';

/** Requests that act on the live copy group (the engine, its sessions, the paper venue): served by its owner. */
export const OWNER_PREFIXES = ['/api/v1/copier/', '/api/v1/sim/', '/api/v1/brokers/accounts'];
export const FORWARDED_HEADER = 'x-synctrade-forwarded-by';

/**
 * A user's requests about their copy group go to the node owning it (the one with its sessions and engine
 * state), whichever node the browser reached. A forwarded request is never forwarded again: the owner serves
 * it even if the lease moved meanwhile (its engine then refuses to send).
 */
export function installOwnerForwarding(
  app: FastifyInstance,
  leases: LeaseStore,
  nodeId: string,
  mark: string,
): void {
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const user = request.user as { id: number } | null;
    // Only another node knows the mark: a browser cannot make a node serve a group it does not own.
    if (user === null || request.headers[FORWARDED_HEADER] === mark) return;
    const path = request.url;
    if (!OWNER_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
    const owner = await leases.ownerOf(user.id);
    // The paper venue of a group lives on its owner only: an order ticket is never booked on another node.
    const venueOnly = path.startsWith('/api/v1/sim/');
    if (owner === null && venueOnly && request.method !== 'GET') return moving(reply);
    if (owner === null || owner.nodeId === nodeId) return;
    const headers: Record<string, string> = { [FORWARDED_HEADER]: mark };
    for (const name of ['authorization', 'accept', 'user-agent', 'x-forwarded-for']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    let body: string | undefined;
    if (request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD') {
      body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }
    let answer: Response;
    try {
      answer = await fetch(`${owner.url}${path}`, { method: request.method, headers, body });
    } catch {
      if (venueOnly) return moving(reply);
      // The owner is unreachable (dying): serve here; the engine on this node sends nothing for the group.
      return;
    }
    const type = answer.headers.get('content-type');
    if (type !== null) reply.header('content-type', type);
    reply.code(answer.status);
    // Passed on as it arrives, with backpressure: the owner streams long lists (the full trade history), which this
    // node must not hold whole either.
    if (answer.body === null) return reply.send();
    return reply.send(Readable.fromWeb(answer.body as WebReadable<Uint8Array>));
  });
}

function moving(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', '1')
    .send({ detail: 'Your copy group is moving to another server node; try again in a moment' });
}
