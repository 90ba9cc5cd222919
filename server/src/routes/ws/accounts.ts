import type { FastifyPluginAsync } from 'fastify';
import { FEED_CLOSE } from '@synctrade/api/types';
import { AppError } from '../../http/app-error';
import { allowedOrigins } from '../../realtime/allowed-origins';
import { redeemFeedTicket } from '../../realtime/tickets';

/** A user has a few tabs open at most; more sockets than this are refused so one user cannot hog the hub. */
export const MAX_FEEDS_PER_USER = 20;
/** WebSocket close code for a policy refusal (RFC 6455). */
const POLICY_VIOLATION = 1008;

/**
 * `GET /ws/accounts?token=<ticket>`: the realtime feed. A browser's `Origin` must be one of the server's own
 * or configured origins (checked before the upgrade, 403 otherwise). The ticket is checked after the upgrade
 * so the browser sees a clear close code (4401) instead of a bare failed handshake.
 */
export const feedRoute: FastifyPluginAsync = async (app) => {
  const origins = allowedOrigins(app.config);
  app.get(
    '/ws/accounts',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin !== undefined && !origins.has(origin))
          throw new AppError(403, 'This origin may not open the feed');
      },
    },
    async (socket, request) => {
      const { token } = request.query as { token?: unknown };
      const session =
        typeof token === 'string' && token.length > 0 && token.length < 200
          ? await redeemFeedTicket(app.db, token)
          : null;
      if (!session) {
        socket.close(FEED_CLOSE.invalidTicket, 'Invalid or expired ticket');
        return;
      }
      if (app.realtime.socketCount(session.userId) >= MAX_FEEDS_PER_USER) {
        socket.close(POLICY_VIOLATION, 'Too many open feeds for this account');
        return;
      }
      // The hub reads the one request a client may send (resync); anything else is ignored.
      await app.realtime.attach(socket, session.userId, session.sessionId);
    },
  );
};
