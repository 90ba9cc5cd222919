import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createSession } from './sessions';

/** Opens a session for the user and answers its signed access token. */
export async function issueAccessToken(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
): Promise<string> {
  const sessionId = await createSession(app.db, {
    userId,
    ttlSeconds: app.config.jwtTtlSeconds,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
  });
  return app.tokens.sign({ userId, sessionId });
}
