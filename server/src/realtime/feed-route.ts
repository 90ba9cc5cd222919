import type { FastifyPluginAsync } from 'fastify';
import { FEED_CLOSE } from '@synctrade/api/types';
import { redeemFeedTicket } from './tickets';

/**
 * `GET /ws/accounts?token=<ticket>`: the realtime feed. The ticket is checked after the upgrade so the
 * browser sees a clear close code (4401) instead of a bare failed handshake.
 */
export const feedRoute: FastifyPluginAsync = async (app) => {
  app.get('/ws/accounts', { websocket: true, schema: { hide: true } }, async (socket, request) => {
    const { token } = request.query as { token?: unknown };
    const session =
      typeof token === 'string' && token.length > 0 && token.length < 200
        ? await redeemFeedTicket(app.db, token)
        : null;
    if (!session) {
      socket.close(FEED_CLOSE.invalidTicket, 'Invalid or expired ticket');
      return;
    }
    // The client only listens; anything it sends is ignored.
    socket.on('message', () => undefined);
    await app.realtime.attach(socket, session.userId, session.sessionId);
  });
};
