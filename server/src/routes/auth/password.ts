import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type {
  ForgotPasswordPayload,
  PasswordChangePayload,
  ResetPasswordPayload,
} from '@synctrade/api/types';
import { AppError } from '../../http/app-error';
import { requestPasswordReset, resetPassword } from '../../auth/password-reset';
import { revokeAllSessions } from '../../auth/sessions';
import { findUserById, setPasswordHash } from '../../auth/users';

/** Forgot, reset (anonymous) and change (signed in) password. */
export const passwordRoutes: FastifyPluginAsync = async (app) => {
  const limited = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post<{ Body: ForgotPasswordPayload }>(
    '/auth/forgot-password',
    { config: limited, schema: { tags: ['auth'] } },
    async (request) => {
      await requestPasswordReset(app, request.body.email);
      return { message: SUCCESS.forgotPassword };
    },
  );

  app.post<{ Body: ResetPasswordPayload }>(
    '/auth/reset-password',
    { config: limited, schema: { tags: ['auth'] } },
    async (request) => {
      await resetPassword(app, request.body.token, request.body.new_password);
      return { message: SUCCESS.resetPassword };
    },
  );

  app.post<{ Body: PasswordChangePayload }>(
    '/auth/profile/password',
    { preHandler: app.authenticate, schema: { tags: ['auth'], security: [{ bearer: [] }] } },
    async (request) => {
      const input = request.body;
      const user = await findUserById(app.db, request.user.id);
      // 400, not 401: a 401 would sign the user out for a typo.
      if (!user || !(await app.passwords.verify(user.password_hash, input.current_password))) {
        throw AppError.badRequest('Current password is incorrect');
      }
      await setPasswordHash(app.db, user.id, await app.passwords.hash(input.new_password));
      await revokeAllSessions(app.db, user.id);
      app.events.emit('session:revoked', { userId: user.id });
      return { message: SUCCESS.passwordChanged };
    },
  );
};
