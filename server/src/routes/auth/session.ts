import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { LoginPayload, RegisterPayload, TokenResponse, WsTicketResponse } from '@synctrade/api/types';
import { AppError } from '../../http/app-error';
import { issueFeedTicket, TICKET_TTL_SECONDS } from '../../realtime/tickets';
import { issueAccessToken } from '../../auth/issue-token';
import { login } from '../../auth/login';
import { awaitRegistrationTurn } from '../../auth/registration-throttle';
import { revokeSession } from '../../auth/sessions';
import { insertUser } from '../../auth/users';

/** Sign up, sign in, sign out and the feed ticket. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const limited = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post<{ Body: RegisterPayload }>(
    '/auth/register',
    {
      config: limited,
      // Every try counts, a malformed one too: the turn is taken before the payload's rules answer.
      preHandler: async (request) => awaitRegistrationTurn(app.db, request.ip, app.config.authSlowdownStepMs),
      schema: { tags: ['auth'], summary: 'Create an account' },
    },
    async (request, reply) => {
      const input = request.body;
      const user = await insertUser(app.db, input.email, await app.passwords.hash(input.password));
      if (!user) throw AppError.conflict('An account with this email already exists');
      const body: TokenResponse = {
        access_token: await issueAccessToken(app, request, user.id),
        message: SUCCESS.register,
      };
      return reply.code(201).send(body);
    },
  );

  app.post<{ Body: LoginPayload }>(
    '/auth/login',
    { config: limited, schema: { tags: ['auth'], summary: 'Sign in (with otp when 2FA is on)' } },
    async (request, reply) => {
      const outcome = await login(app, request, request.body);
      return reply.code(outcome.status).send(outcome.body);
    },
  );

  app.post(
    '/auth/logout',
    { preHandler: app.authenticate, schema: { tags: ['auth'], security: [{ bearer: [] }] } },
    async (request) => {
      await revokeSession(app.db, request.user.sessionId);
      app.events.emit('session:revoked', { userId: request.user.id, sessionId: request.user.sessionId });
      return { message: SUCCESS.logout };
    },
  );

  app.post(
    '/auth/ws-ticket',
    {
      preHandler: app.authenticate,
      config: limited,
      schema: { tags: ['auth'], summary: 'Single-use feed ticket', security: [{ bearer: [] }] },
    },
    async (request) => {
      const ticket = await issueFeedTicket(app.db, request.user.id, request.user.sessionId);
      const body: WsTicketResponse = { ticket, expires_in: TICKET_TTL_SECONDS };
      return body;
    },
  );
};
