import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../http/app-error';
import { latestOutboxMail } from './outbox-mailer';

/** `GET /dev/outbox/latest?to=` — registered only when DEV_OUTBOX is on (never by default in production). */
export const devOutboxRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dev/outbox/latest', { schema: { hide: true } }, async (request) => {
    const { to } = request.query as { to?: unknown };
    if (typeof to !== 'string' || to.trim() === '')
      throw AppError.badRequest('Query parameter to is required');
    const mail = await latestOutboxMail(app.config.outboxDir, to);
    if (!mail) throw AppError.notFound('No mail for this address');
    return mail;
  });
};
