import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import type { TokenSigner } from '../security/jwt';
import { isSessionActive } from './sessions';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The `app.authenticate` preHandler: a valid HS256 token naming a live session, else 401 (the client then
 * clears its token and goes to /login).
 */
export function makeAuthenticate(app: FastifyInstance, signer: TokenSigner) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw AppError.unauthorized('Not authenticated');
    const claims = await signer.verify(match[1]);
    if (!claims) throw AppError.unauthorized('Invalid or expired token');
    if (!(await isSessionActive(app.db, claims.sessionId, claims.userId))) {
      throw AppError.unauthorized('Session has ended, please sign in again');
    }
    request.user = { id: claims.userId, sessionId: claims.sessionId };
  };
}
