import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/** The largest message a feed client may send (it only ever sends `{"type":"resync"}`). */
export const FEED_MAX_MESSAGE_BYTES = 64 * 1024;

/** `ws` marks an error it answered with a close frame (1009 for a message over the cap) with a close code. */
function closedByWs(error: Error): boolean {
  const code = (error as Error & { code?: unknown }).code;
  return code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';
}

/**
 * Errors on an open feed socket. A message over the cap: `ws` has already sent the close frame 1009 (Message Too
 * Big) and ends the connection once the client answers it (or after its close time-out), reading and dropping
 * the rest of the message meanwhile. Destroying the socket at once, as the plugin does by default, resets the
 * connection under a client still sending, which then never reads the 1009. Any other error ends the socket.
 */
export function feedSocketError(
  this: FastifyInstance,
  error: Error,
  socket: WebSocket,
  request: FastifyRequest,
): void {
  if (closedByWs(error)) {
    request.log.debug({ err: error }, 'feed message over the cap: closed with 1009');
    return;
  }
  request.log.error(error);
  socket.terminate();
}
