import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import {
  forgotPasswordSchema,
  passwordChangeSchema,
  resetPasswordPayloadSchema,
} from '@synctrade/api/validation';
import { AppError } from '../../http/app-error';
import { validateObject } from '../../http/validate';
import { requestPasswordReset, resetPassword } from '../../auth/password-reset';
import { revokeAllSessions } from '../../auth/sessions';
import { findUserById, setPasswordHash } from '../../auth/users';

/** Forgot, reset (anonymous) and change (signed in) password. */
export const passwordRoutes: FastifyPluginAsync = async (app) => {
  const limited = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post('/auth/forgot-password', { config: limited, schema: { tags: ['auth'] } }, async (request) => {
    const { email } = validateObject(forgotPasswordSchema, request.body);
    await requestPasswordReset(app, email);
    return { message: SUCCESS.forgotPassword };
  });

  app.post('/auth/reset-password', { config: limited, schema: { tags: ['auth'] } }, async (request) => {
    const input = validateObject(resetPasswordPayloadSchema, request.body);
    await resetPassword(app, input.token, input.new_password);
    return { message: SUCCESS.resetPassword };
  });

  app.post(
    '/auth/profile/password',
    { preHandler: app.authenticate, schema: { tags: ['auth'], security: [{ bearer: [] }] } },
    async (request) => {
      const input = validateObject(passwordChangeSchema, request.body);
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
